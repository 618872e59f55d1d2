// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/hostbandwidth.h"

#include "hostmemory.h"
#include "trnoop.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

namespace sharescope {
namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t copyOnce(const char *from, char *to, std::uint64_t bytes, unsigned threads)
{
    const auto start = Clock::now();
    if (threads <= 1) {
        std::memcpy(to, from, bytes);
    } else {
        // Slices on 4 KiB boundaries, so that no two threads share a page.
        const std::uint64_t slice = (bytes / threads + 4095) / 4096 * 4096;
        std::vector<std::jthread> workers;
        for (unsigned t = 0; t < threads; ++t) {
            const std::uint64_t first = std::min<std::uint64_t>(bytes, t * slice);
            const std::uint64_t count = std::min<std::uint64_t>(bytes - first, slice);
            if (count > 0)
                workers.emplace_back([=] { std::memcpy(to + first, from + first, count); });
        }
    }
    const auto end = Clock::now();
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count());
}

} // namespace

void setRates(CalibrationResult &result, std::vector<std::uint64_t> nanoseconds)
{
    std::ranges::sort(nanoseconds);
    const auto rate = [&](std::uint64_t ns) {
        return static_cast<double>(result.pathBytes) * 1e9 / static_cast<double>(std::max<std::uint64_t>(ns, 1));
    };
    result.repetitions = static_cast<int>(nanoseconds.size());
    if (nanoseconds.empty())
        return;
    const std::size_t mid = nanoseconds.size() / 2;
    const std::uint64_t median
        = nanoseconds.size() % 2 ? nanoseconds[mid] : (nanoseconds[mid - 1] + nanoseconds[mid]) / 2;
    result.bytesPerSecond = rate(median);
    result.minBytesPerSecond = rate(nanoseconds.back());
    result.maxBytesPerSecond = rate(nanoseconds.front());
}

Result<CalibrationResult> measureHostCopy(std::uint64_t bytes, int repetitions, unsigned threads)
{
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    AlignedHostArray from(bytes, 4096, HostTouch::Prefault);
    AlignedHostArray to(bytes, 4096, HostTouch::Prefault);
    if (!from || !to)
        return errorOf(ErrorKind::Failed, SHARESCOPE_TR_NOOP("Core", "could not allocate %1 bytes of host memory"),
                       {std::to_string(2 * bytes)});
    std::memset(from.data(), 1, bytes);
    CalibrationResult result;
    result.step = threads == 1 ? CalibrationStep::HostCopyOneThread : CalibrationStep::HostCopy;
    result.path = Path::HostMemory;
    result.bytes = bytes;
    result.pathBytes = 2 * bytes;
    setMethod(result,
              threads == 1
                  ? MessageTemplate(std::string(SHARESCOPE_TR_NOOP("Core",
                                                                   "memcpy between two pre-faulted host arrays by one "
                                                                   "thread, steady clock")))
                  : MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                       "memcpy between two pre-faulted host arrays by %1 threads, "
                                                       "steady clock"),
                                    std::vector<std::string>{std::to_string(threads)}));
    std::vector<std::uint64_t> times;
    for (int rep = 0; rep <= repetitions; ++rep) {
        const std::uint64_t ns
            = copyOnce(static_cast<const char *>(from.data()), static_cast<char *>(to.data()), bytes, threads);
        if (rep > 0) // the first warms caches and TLBs
            times.push_back(ns);
    }
    setRates(result, std::move(times));
    return result;
}

} // namespace sharescope
