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
QString devicesTable(const DeviceList &list);
QString modesTable(const std::vector<ModeSupport> &modes);
QString runTable(const RunReport &report);
QString compareTable(const ReportSet &set);
QString sweepTable(const ReportSet &set);

// A run's name in a comparison: its mode, and its size where the set runs
// one mode at several sizes ("managed · 512 MiB").
QString runName(const ReportSet &set, const RunReport &run);

} // namespace sharescope
