// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "phase.h"

#include <QString>

#include <cstdint>
#include <optional>

namespace sharescope {

// How every front end says a counter, in the current language: "not
// reported" for what the driver did not report (never zero), and "≥ 12 MiB"
// for a count from incomplete records, which is only a lower bound.
QString notReportedText();
QString counterText(const std::optional<std::uint64_t> &value, CounterUnit unit, bool lowerBound = false);
QString counterLabel(const CounterField &field); // "host→device"

} // namespace sharescope
