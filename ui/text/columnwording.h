// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/runreport.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace sharescope {

// Two kinds of bytes cross the bus, and every table names them alike:
// "copied", what the program itself copied or prefetched (PhaseResult::
// bytesMoved(), IterationTotals::moved; bytesToDevice, bytesToHost and
// bytesBetweenDevices in JSON and CSV, whose keys stay as they were), and
// "migrated", the pages the driver moved (the unified-memory counters). The legends under the command line's tables and
// the window's header tooltips both come from here, and say what the
// columns hold, from the sources the figures came from.

// A copied figure: "—" where the program copied nothing, so that no "0 B"
// stands beside a migration as if nothing had crossed the bus.
QString copiedText(std::uint64_t bytes);
// Why a copied cell says "—".
QString nothingCopiedTip();

enum class Per { Phase, Iteration };
QString copiedMeaning(Per per);
// The migrated and faults columns of these runs (iterationTotals), with
// where their figures came from: the driver's own counts or CUPTI's records.
QString migratedMeaning(const std::vector<RunReport> &runs);
QString faultsMeaning(const std::vector<RunReport> &runs);
// What "≥" before a migrated or faults figure means.
QString lowerBoundMeaning();

// "Migrated: bytes the driver ...": a header's tooltip, its name on one line.
QString headerTip(const QString &header, const QString &meaning);

} // namespace sharescope
