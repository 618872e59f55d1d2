// SPDX-License-Identifier: GPL-3.0-or-later
#include "clocks.h"

#include <chrono>

namespace sharescope {

Result<ClockWarmup> warmClock(const std::function<Status()> &busyRound,
                              const std::function<std::optional<std::uint32_t>()> &read,
                              std::optional<std::uint32_t> maxMHz, const ClockWarmupPlan &plan)
{
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    ClockWarmup warmup;
    warmup.fromMHz = read();
    const bool blind = !warmup.fromMHz;
    std::optional<std::uint32_t> last = warmup.fromMHz;
    int unchanged = 0;
    const auto elapsedNs = [&] {
        return static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
    };
    while (warmup.rounds < (blind ? plan.blindRounds : plan.maxRounds) && elapsedNs() < plan.maxNs) {
        if (Status s = busyRound(); !s)
            return s.error();
        ++warmup.rounds;
        const std::optional<std::uint32_t> now = read();
        if (!now)
            continue;
        warmup.toMHz = now;
        const bool still = last && (*now > *last ? *now - *last : *last - *now) <= plan.unchangedMHz;
        unchanged = still ? unchanged + 1 : 0;
        last = now;
        if (warmup.rounds < plan.minRounds)
            continue;
        const bool atMaximum = maxMHz && *now >= static_cast<double>(*maxMHz) * (1.0 - clockTolerance);
        if (atMaximum || unchanged >= plan.settleRounds) {
            warmup.settled = true;
            break;
        }
    }
    if (blind)
        warmup.toMHz = std::nullopt;
    warmup.ns = elapsedNs();
    return warmup;
}

} // namespace sharescope
