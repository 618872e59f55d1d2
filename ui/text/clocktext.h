// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/reportset.h"
#include "report/runreport.h"

#include <QString>

namespace sharescope {

// The GPU's SM clock over a run's measured kernels, in the current
// language: "SM 1,980 MHz at the end of every measured kernel (its maximum:
// 1,980 MHz); kept the GPU busy 20.2 ms before them, already at 1,980 MHz",
// or "CHANGED: ..." where it moved by more than clockTolerance, so that the
// kernels ran at different speeds; "not reported (why)". Empty where the
// device has no clock to read (OpenCL) or the report was written before.
QString clockText(const RunReport &report);

// A set's line: the SM clock of each run's kernel phase, and whether they
// differ by more than clockTolerance (so that modes were measured at
// different speeds). Empty where no run read its clock.
QString setClockText(const ReportSet &set);

} // namespace sharescope
