// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/ceilings.h"
#include "ceilings/phasepaths.h"

#include <optional>

namespace sharescope {

// How far above a specification a measurement may be before it is a
// measurement problem: the specification is a hard limit, but clocks and
// rounding are not exact.
inline constexpr double physicsTolerance = 0.05;

// A phase that reports more than its path can carry: a wrong timer, wrong
// byte counts or work that was not done. Never a result.
struct MeasurementProblem
{
    Phase phase = Phase::Kernel;
    Path path = Path::DeviceMemory;
    std::uint64_t bytes = 0; // on the path
    std::uint64_t ns = 0; // the phase's time
    double bytesPerSecond = 0;
    double ceilingBytesPerSecond = 0; // the path's specification

    double excess() const { return bytesPerSecond / ceilingBytesPerSecond - 1.0; } // 0.12: 12 % above
};

// The physics guard: the load furthest above its specification by more
// than the tolerance, if any. Judged only where the bytes surely crossed the
// path and, for device memory, where the working set is too large for its
// cache (more than twice its size) to have served it.
std::optional<MeasurementProblem> checkPhysics(const PhaseResult &phase, const std::vector<PathLoad> &loads,
                                               const Ceilings &ceilings);

// A phase held against its ceilings: the path closest to its limit, and how
// close, as a share of what the calibration reached and of the
// specification.
struct PhaseCeiling
{
    std::optional<Path> path; // empty: the phase moved no data
    std::optional<double> bytesPerSecond; // on that path
    std::optional<double> percentOfMeasured;
    std::optional<double> percentOfSpecification;
    bool cached = false; // its working set fits in the device's cache: above the memory's peak is no problem
    std::optional<MeasurementProblem> problem; // then no percentages: it is not a result
    // host-read runs below half of what one thread copies: checking every
    // element against the CPU reference, not memory, sets its pace.
    bool verificationBound = false;
};

PhaseCeiling phaseCeiling(const PhaseResult &phase, const ExperimentSpec &spec, const DeviceInfo &device,
                          const Ceilings &ceilings);

} // namespace sharescope
