// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/phaseceiling.h"

namespace sharescope {
namespace {

double rateOf(std::uint64_t bytes, std::uint64_t ns)
{
    return static_cast<double>(bytes) * 1e9 / static_cast<double>(ns);
}

// A working set the device's cache can hold may be served from it.
bool cacheMayServe(const PathLoad &load, const Ceilings &ceilings)
{
    return load.path == Path::DeviceMemory && load.footprint <= 2 * ceilings.deviceCacheBytes;
}

// How close a load came to its limit: the specification where there is one,
// else the calibration's figure.
std::optional<double> utilisation(const PathLoad &load, std::uint64_t ns, const Ceilings &ceilings)
{
    const auto limit = ceilings.specificationOf(load.path).bytesPerSecond
        ? ceilings.specificationOf(load.path).bytesPerSecond
        : ceilings.measuredOf(load.path).bytesPerSecond;
    if (!limit || *limit <= 0)
        return std::nullopt;
    return rateOf(load.bytes, ns) / *limit;
}

} // namespace

std::optional<MeasurementProblem> checkPhysics(const PhaseResult &phase, const std::vector<PathLoad> &loads,
                                               const Ceilings &ceilings)
{
    const std::uint64_t ns = phase.timeNs();
    std::optional<MeasurementProblem> worst;
    for (const PathLoad &load : loads) {
        const auto limit = ceilings.specificationOf(load.path).bytesPerSecond;
        if (ns == 0 || !load.certain || !limit || *limit <= 0 || cacheMayServe(load, ceilings))
            continue;
        const double rate = rateOf(load.bytes, ns);
        if (rate <= *limit * (1.0 + physicsTolerance))
            continue;
        MeasurementProblem problem{phase.phase, load.path, load.bytes, ns, rate, *limit};
        if (!worst || problem.excess() > worst->excess())
            worst = problem;
    }
    return worst;
}

PhaseCeiling phaseCeiling(const PhaseResult &phase, const ExperimentSpec &spec, const DeviceInfo &device,
                          const Ceilings &ceilings)
{
    PhaseCeiling result;
    const std::vector<PathLoad> loads = pathLoads(phase, spec, device);
    const std::uint64_t ns = phase.timeNs();
    if (loads.empty() || ns == 0)
        return result;
    if ((result.problem = checkPhysics(phase, loads, ceilings))) {
        result.path = result.problem->path;
        result.bytesPerSecond = result.problem->bytesPerSecond;
        return result;
    }
    // The path closest to its limit; without any limit, the busiest.
    const PathLoad *tightest = &loads.front();
    std::optional<double> highest = utilisation(*tightest, ns, ceilings);
    for (const PathLoad &load : loads) {
        const auto share = utilisation(load, ns, ceilings);
        if ((share && (!highest || *share > *highest)) || (!share && !highest && load.bytes > tightest->bytes)) {
            tightest = &load;
            highest = share;
        }
    }
    const double rate = rateOf(tightest->bytes, ns);
    result.path = tightest->path;
    result.bytesPerSecond = rate;
    if (const auto measured = ceilings.measuredOf(tightest->path).bytesPerSecond; measured && *measured > 0)
        result.percentOfMeasured = 100.0 * rate / *measured;
    if (const auto specified = ceilings.specificationOf(tightest->path).bytesPerSecond; specified && *specified > 0)
        result.percentOfSpecification = 100.0 * rate / *specified;
    result.cached = cacheMayServe(*tightest, ceilings) && ceilings.deviceCacheBytes > 0;
    const auto oneThread = ceilings.hostOneThreadBytesPerSecond;
    result.verificationBound = phase.phase == Phase::HostRead && phase.threads.empty()
        && tightest->path == Path::HostMemory && oneThread && rate < 0.5 * *oneThread;
    return result;
}

} // namespace sharescope
