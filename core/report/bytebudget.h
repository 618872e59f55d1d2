// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experimentspec.h"
#include "phase.h"
#include "result.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace sharescope {

struct RunReport;

// What each phase of an iteration should move across the bus by the mode's
// design, in the steady state (after a warm-up): `pinned` vector-add brings
// x and y over in to-device (2 × size) and out back in to-host; `managed`
// pulls x and y back in host-init (2 × size), faults all three over in the
// kernel (3 × size) and out back in host-read. Copies are the program's own;
// migrations are the driver's, counted exactly where the driver reports them.

enum class BudgetKind : std::uint8_t {
    Exact, // the design moves this much: copies, prefetches, whole buffers faulted over
    AtMost, // at most this much: an OpenCL map that may copy, advice that keeps pages in place, a strided kernel that
            // touches part of a buffer
};

struct PhaseBudget
{
    Phase phase = Phase::HostInit;
    std::uint64_t toDevice = 0;
    std::uint64_t toHost = 0;
    BudgetKind kind = BudgetKind::Exact;
    // The driver moves pages in 2 MiB blocks: buffers smaller than a block
    // share one, and a fault may bring a neighbour's pages along. The bytes
    // this phase may move beyond its budget for that reason (0 for copies).
    std::uint64_t allowance = 0;
};

struct ByteBudget
{
    std::vector<PhaseBudget> phases; // the five iteration phases, in order
    // Why some phase is not exact (translatable, context "Core"), or null.
    const char *note = nullptr;
};

// The budget of an experiment, or why it has none (the modes on two GPUs,
// whose device-to-device bytes only CUPTI's records tell, as a lower bound).
Result<ByteBudget> byteBudget(const ExperimentSpec &spec);

enum class BudgetVerdict : std::uint8_t {
    Within, // moved no more than the budget
    WithinAllowance, // more than the budget, within the 2 MiB-block allowance
    Over, // beyond the budget and its allowance
    Unconfirmed, // CUPTI's records, a lower bound, saw no more than the budget: what really moved is not known
    NotCounted, // migrations not counted (--no-counters, or no counters here)
};
std::string_view budgetVerdictName(BudgetVerdict verdict); // "within", "within-allowance", "over", ...

struct PhaseBudgetCheck
{
    PhaseBudget budget;
    // The most any measured iteration moved, each way; empty where not counted.
    std::optional<std::uint64_t> movedToDevice;
    std::optional<std::uint64_t> movedToHost;
    BudgetVerdict verdict = BudgetVerdict::Within;
    std::uint64_t overBy = 0; // beyond the budget, both ways (WithinAllowance, Over)
};

// Each iteration phase of a run held against its budget; empty where the
// mode has none.
std::vector<PhaseBudgetCheck> checkBudget(const RunReport &run);

} // namespace sharescope
