// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QTextStream>

#include <atomic>
#include <cstddef>
#include <optional>

namespace sharescope {

// Reads a student's answer to a demo's question from a terminal (`fd`),
// prompting on `out` until the line is a choice's number (1 to `choices`)
// or empty. Returns the choice's index; empty when they pressed Enter to
// run without answering, at the end of the input, or once `cancel` is set
// (Ctrl+C is noticed while waiting: the read is polled, never blocked on).
std::optional<std::size_t> readAnswer(int fd, std::size_t choices, QTextStream &out, const std::atomic<bool> *cancel);

// The answer piped in (`echo 2 | sharescope demo prefetch --predict`): one
// line from `fd`, which is no terminal, waited for at most `waitMs` (an
// input nobody writes to must not hold the demo). The choice's index; or
// empty, with why on `err` and how to answer up front (--answer N).
std::optional<std::size_t> readPipedAnswer(int fd, std::size_t choices, int waitMs, QTextStream &err,
                                           const std::atomic<bool> *cancel);

} // namespace sharescope
