// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "devicelist.h"
#include "report/reportset.h"
#include "report/runreport.h"
#include "support.h"

#include <QString>

#include <vector>

namespace sharescope {

// The human output of the command line: aligned tables readable at a glance.
// Scripts use --json and --csv, whose keys never change; these may.
// The columns of the terminal the tables go to (0, the default: no limit,
// as for a pipe or a file). A table wider than that is written as a list
// (TextTable::render), so that an 80-column terminal shows every figure.
void setTableWidth(int columns);
int tableWidth();

QString devicesTable(const DeviceList &list);
QString modesTable(const std::vector<ModeSupport> &modes);
QString runTable(const RunReport &report);
QString compareTable(const ReportSet &set);
QString sweepTable(const ReportSet &set);

// A run's byte budget (counting/bytebudget.h) in one line: what each phase
// should move by the mode's design, against what it moved.
QString budgetText(const RunReport &report);
// The same for a table's cell: budgetText as its tooltip, a rank (-1 no
// budget, 0 within, 1 within the 2 MiB-block allowance, 2 unconfirmed, 3 not
// counted, 4 over) and a mark: ✓ within (the allowance included), ✕ over,
// none where it was not checked.
struct BudgetSummary
{
    QString tip;
    int rank = -1;
    QString mark;
};
BudgetSummary budgetSummary(const RunReport &report);

// A run's name in a comparison: its mode, and its size where the set runs
// one mode at several sizes ("managed · 512 MiB").
QString runName(const ReportSet &set, const RunReport &run);

} // namespace sharescope
