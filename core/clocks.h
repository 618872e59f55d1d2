// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <cstdint>
#include <functional>
#include <optional>

namespace sharescope {

// The clock warm-up: before the measured iterations, the GPU is kept busy
// (a kernel that spins, touching no memory) until its SM clock settles, so
// that the first mode of a compare is not measured on a clock still rising.
struct ClockWarmup
{
    std::uint64_t ns = 0; // how long it kept the GPU busy
    int rounds = 0;
    std::optional<std::uint32_t> fromMHz; // the SM clock before it
    std::optional<std::uint32_t> toMHz; // and after it
    // The clock reached its maximum (within clockTolerance) or held for
    // settleRounds; false where it was still moving at maxRounds, or where
    // there was no clock to read (then the warm-up ran a fixed time).
    bool settled = false;
    bool operator==(const ClockWarmup &) const = default;
};

// What a run knows of its GPU's clock (NVML; CUDA devices only).
struct RunClocks
{
    std::optional<std::uint32_t> maxSmMHz; // the boost clock
    MessageTemplate note; // why the clock is not reported, where it is not
    std::optional<ClockWarmup> warmup;
    bool operator==(const RunClocks &) const = default;
};

// A clock within this share of another counts as the same: NVML's readings
// move by a step or two (15 MHz each on the H200) under steady load.
inline constexpr double clockTolerance = 0.05;

struct ClockWarmupPlan
{
    int minRounds = 2;
    int maxRounds = 100; // about a second at the highest clock
    std::uint64_t maxNs = 1'500'000'000; // and never longer than this: a round takes longer at a lower clock
    int settleRounds = 3; // unchanged this many rounds: settled below the maximum (power or heat)
    std::uint32_t unchangedMHz = 30; // two of NVML's steps: a clock that holds still jitters this much
    int blindRounds = 10; // without a clock to read, a fixed 100 ms
};

// Runs `busyRound` (about 10 ms of work that waits for itself) until the
// clock `read` gives settles, by `plan`. An error from `busyRound` ends it
// (the caller's cancel, too: busyRound returns it).
Result<ClockWarmup> warmClock(const std::function<Status()> &busyRound,
                              const std::function<std::optional<std::uint32_t>()> &read,
                              std::optional<std::uint32_t> maxMHz, const ClockWarmupPlan &plan = {});

} // namespace sharescope
