// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/ceilings.h"
#include "experimentspec.h"
#include "phase.h"

#include <cstdint>
#include <vector>

namespace sharescope {

// What one phase put through one path.
struct PathLoad
{
    Path path = Path::HostMemory;
    std::uint64_t bytes = 0; // read plus written (memory), carried (bus)
    // The distinct bytes behind them: a working set a cache holds may be
    // served faster than the path (only device memory's cache is known).
    std::uint64_t footprint = 0;
    // Whether these bytes surely crossed the path in this phase. Not where
    // the driver decides (an OpenCL map, a prefetch of pages that may
    // already be there): then they are at most what crossed.
    bool certain = true;
};

// The paths a phase of an experiment used on a device, and how much. Which
// path each phase of each mode family uses is decided here; see the table
// in phasepaths.cpp. alloc, ipc-open and free move no data: no load.
std::vector<PathLoad> pathLoads(const PhaseResult &phase, const ExperimentSpec &spec, const DeviceInfo &device);

// The share of a kernel's accesses that are reads, from its buffers' roles
// (an input is read, an output written, an in-place buffer both).
double readShare(const KernelInfo &kernel);

} // namespace sharescope
