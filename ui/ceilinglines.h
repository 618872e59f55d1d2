// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/reportset.h"

#include <qcustomplot.h>

namespace sharescope {

// The ceilings of the paths a phase used, as labelled horizontal lines
// across [lowX, highX]: the specification dashed, the calibration's figure
// dotted. A line sits where the phase's plotted bandwidth (bytes read and
// written over time) would fill the path, which is the ceiling itself unless
// the path carries only part of those bytes (a zero-copy kernel's reads) or
// more (a copy in host memory). Widens [lowY, highY] to show them. Reports
// without ceilings add nothing.
void addCeilingLines(QCustomPlot *plot, const ReportSet &set, Phase phase, double lowX, double highX, double &lowY,
                     double &highY);

} // namespace sharescope
