// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "../counting/pagemap.h"
#include "../deviceinfo.h"
#include "cudaerror.h"
#include "uvmcounters.h"

#include <memory>
#include <optional>
#include <string>

namespace sharescope::cuda {

// Whether this process carries the instruments. A process that times
// experiments never loads them: its counters come from a counted pass in a
// child process, which does (the engine runs it: ../engine.h).
enum class Instrumentation {
    Timing, // no CUPTI, no driver counters, no page reads: counted passes run in a child
    Counted, // this is that child: every session is instrumented
};

// What every session on one device shares.
struct CudaContext
{
    DeviceInfo info;
    ContextHealth health;
    Instrumentation instrumentation = Instrumentation::Timing;
    // Counted only: CUPTI counts on every GPU, not this one alone (the peer
    // modes, whose pages move between two).
    bool countEveryDevice = false;
    // Counted only: CUPTI's records, the driver's exact counters, the pages.
    MessageTemplate recordsProblem; // why CUPTI's records are unavailable, if they are
    std::unique_ptr<UvmCounters> uvm;
    MessageTemplate uvmProblem;
    std::optional<Pagemap> pagemap;
    MessageTemplate pagemapProblem;
};

} // namespace sharescope::cuda
