// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/migration.h"
#include "report/runreport.h"

namespace sharescope {

// Turns what a counted run's instruments saw into its report: per-phase
// counters (the driver's exact totals where they exist, CUPTI's sums
// otherwise), the kept migration records, and the residency map of the
// managed buffers, from the pages where every phase read them.
void addCounters(RunReport &report, CounterRecords records);

// Puts a counted pass's findings into the timed run of the same experiment:
// every phase's counters, and the counted pass's time of it (what the
// instruments cost); the migration records, the residency map and the notes.
// The two runs have the same phases in the same order (but for free, which
// a run that keeps its buffers does not measure); where they do not, the
// counters are left out and the note says why.
void mergeCountedPass(RunReport &timed, RunReport counted);

} // namespace sharescope
