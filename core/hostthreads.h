// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "phase.h"
#include "result.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stop_token>
#include <string_view>
#include <thread>
#include <vector>

namespace sharescope {

// --host-threads N: N host threads share one device. Each takes a slice of
// every buffer's elements and runs every phase of the iteration on it (fills
// it in host-init, checks it in host-read), all threads at once, a phase at a
// time; the thread that owns the run maps and unmaps around them.
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

// [0, elements) in `threads` slices in order, each starting at a multiple
// of `granule` elements (the stride kernel's stride, so that a slice starts
// on an element the kernel touches; 1 otherwise): the granules shared out
// evenly, the first ones one longer. Every element in exactly one slice; a
// slice is empty only where there are fewer granules than threads.
std::vector<Slice> slicesOf(std::uint64_t elements, int threads, std::uint64_t granule = 1);

// Why a mode cannot be split over threads, or nothing: its kernel must run
// here, in this process (not in another process, or on a peer GPU). Every
// kernel splits: each slice's launch computes the slice's elements (stride:
// the slice starts on a touched element; gather: reads all of x; ping-pong:
// each round's GPU and CPU halves are split alike).
std::optional<MessageTemplate> hostThreadsRefusal(const ModeInfo &mode);

// The threads of one run, started once (with its buffers) and kept until
// its end, so that a phase's time holds no thread's start. run() hands each
// thread its slice's work at once and waits for them all.
class HostThreadPool
{
public:
    // A thread per slice, each waiting for work; an error where the system
    // would not start one.
    static Result<std::unique_ptr<HostThreadPool>> start(std::vector<Slice> slices);
    ~HostThreadPool(); // the threads end and are joined

    HostThreadPool(const HostThreadPool &) = delete;
    HostThreadPool &operator=(const HostThreadPool &) = delete;

    const std::vector<Slice> &slices() const { return m_slices; }
    // work(slice) on every thread at once; returns when all are done: their
    // spans from `origin`, and the first failure in slice order. An
    // exception is its thread's failure.
    Status run(const std::function<Status(const Slice &)> &work, std::chrono::steady_clock::time_point origin,
               std::vector<ThreadSpan> &spans);

private:
    explicit HostThreadPool(std::vector<Slice> slices);
    void serve(std::size_t index, const std::stop_token &stop);

    const std::vector<Slice> m_slices;
    std::mutex m_mutex;
    std::condition_variable_any m_wake; // a new round of work, or the end
    std::condition_variable m_done; // the last thread of a round finished
    std::uint64_t m_round = 0;
    std::size_t m_running = 0;
    const std::function<Status(const Slice &)> *m_work = nullptr;
    std::chrono::steady_clock::time_point m_origin;
    std::vector<Status> m_results;
    std::vector<ThreadSpan> m_spans;
    std::vector<std::jthread> m_threads; // last: they stop and join first
};

} // namespace sharescope
