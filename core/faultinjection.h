// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "phase.h"
#include "result.h"

#include <optional>
#include <string_view>

namespace sharescope {

// Faults a test build can make happen in a chosen phase, each through the
// device's own API, so that what follows is what a real fault brings:
//   out-of-memory    an allocation larger than the device (CUDA:
//                    cudaErrorMemoryAllocation; OpenCL: CL_INVALID_BUFFER_SIZE)
//   invalid-value    a call with an argument out of range (CUDA: a copy of
//                    no cudaMemcpyKind, cudaErrorInvalidMemcpyDirection;
//                    OpenCL: a read past a buffer's end, CL_INVALID_VALUE);
//                    the device stays usable
//   illegal-address  CUDA: a kernel that stores to an address nothing maps
//                    (cudaErrorIllegalAddress, sticky: the context is lost).
//                    OpenCL devices run on the CPU here (PoCL), where such a
//                    kernel would take the process down, so the backend
//                    reports what NVIDIA's OpenCL answers to one
//                    (CL_OUT_OF_RESOURCES) and treats its context as lost.
enum class InjectedFault { OutOfMemory, InvalidValue, IllegalAddress };

std::string_view faultName(InjectedFault fault);

// Where and when: the occurrence-th time this phase starts among the runs
// of the engines that share one FaultSchedule (the command line's one
// engine; every engine of the window's worker), warm-up included.
struct FaultPlan
{
    Phase phase = Phase::Kernel;
    InjectedFault fault = InjectedFault::InvalidValue;
    int occurrence = 1;
};

// Counts the starts of the plan's phase and says when the fault is due.
class FaultSchedule
{
public:
    explicit FaultSchedule(std::optional<FaultPlan> plan = std::nullopt)
        : m_plan(plan)
    {
    }
    // Called as each phase starts: the fault to inject now, if any.
    std::optional<InjectedFault> starting(Phase phase)
    {
        if (!m_plan || m_plan->phase != phase || ++m_starts != m_plan->occurrence)
            return std::nullopt;
        return m_plan->fault;
    }

private:
    std::optional<FaultPlan> m_plan;
    int m_starts = 0;
};

// "PHASE:FAULT[:N]", e.g. "kernel:illegal-address" or "alloc:out-of-memory:3".
Result<FaultPlan> parseFaultPlan(std::string_view text);

// Whether this build can inject faults: test builds only
// (-DSHARESCOPE_FAULT_INJECTION=ON, the CMake presets' default, never the
// package's release build).
bool faultInjectionBuilt();

// The plan in SHARESCOPE_INJECT_FAULT. Always nothing in a build without
// fault injection; an error for a malformed value.
Result<std::optional<FaultPlan>> faultPlanFromEnvironment();

} // namespace sharescope
