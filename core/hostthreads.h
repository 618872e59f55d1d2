// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "phase.h"
#include "result.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace sharescope {

// --host-threads N: N host threads share one device. Each takes a slice of
// every buffer's elements and runs to-device, the kernel and to-host on it,
// all at once; host-init and host-read stay on the thread that owns the run.
inline constexpr int maxHostThreads = 64;

// --default-stream: where CUDA's threads put their work. legacy: the one
// default stream every thread shares, which serialises them; per-thread:
// each thread's own default stream (cudaStreamPerThread), so that their work
// can overlap. OpenCL gives each thread a command queue of its own.
enum class DefaultStream : std::uint8_t { Legacy, PerThread };
std::string_view defaultStreamName(DefaultStream stream); // "per-thread"
std::optional<DefaultStream> defaultStreamFromName(std::string_view name);

// One thread's share: elements [first, first + count) of every buffer.
struct Slice
{
    int thread = 0;
    std::uint64_t first = 0;
    std::uint64_t count = 0;
};

// [0, elements) in `threads` slices in order, the first elements % threads
// one longer than the rest: every element in exactly one slice.
std::vector<Slice> slicesOf(std::uint64_t elements, int threads);

// Why mode × kernel cannot be split over threads, or nothing: the kernel's
// elements must be independent of each other (vector-add, scale), and the
// kernel must run here, on this device (not in another process or on a peer),
// and the mode must not work on whole buffers (discard).
std::optional<MessageTemplate> hostThreadsRefusal(const ModeInfo &mode, const KernelInfo &kernel);

// Runs work(slice) for every slice, each on a thread of its own, and waits
// for them all: their spans from `origin`, and the first failure in slice
// order (every thread still runs to its end).
Status runOnThreads(std::span<const Slice> slices, const std::function<Status(const Slice &)> &work,
                    std::chrono::steady_clock::time_point origin, std::vector<ThreadSpan> &spans);

} // namespace sharescope
