// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/reportset.h"
#include "result.h"

#include <cstdint>
#include <optional>

namespace sharescope {

// Refuses a report whose parts disagree with one another, as no run of
// ShareScope writes them: iterations other than spec.iterations +
// spec.warmup, warm-up flags out of place, an iteration without its five
// phases in order, buffers other than the kernel's (none included), a
// verification count other than expectedChecked(), mismatches beyond their
// count, negative indexes, events and snapshots in iterations or phases that
// do not exist, a residency map of buffers that are not the run's managed
// buffers (or of one twice, or of another size), and snapshots out of the
// order of the run's phases.
// A report that is well-formed JSON but disagrees with itself would be shown
// as if it were measured. The message names the field: "iterations[3].phases
// has 4 phases; a report has 5 per iteration".
Status checkConsistency(const ReportSet &set);

// Elements a run's verification compares: every element of each buffer the
// host reads, after every iteration, warm-ups included. Empty when the
// count does not fit in 64 bits (no run compares that many).
std::optional<std::uint64_t> expectedChecked(const RunReport &report);

} // namespace sharescope
