// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/reportset.h"
#include "report/runreport.h"

#include <QString>

namespace sharescope {

// The GPU's clock over a run, in the current language: "SM 1,980 MHz in
// every measured phase (its maximum 1,980 MHz); warmed up 21 ms before
// them, from 1,755 MHz", or a warning that it changed, so that the times
// were measured at different speeds; "not reported (why)". Empty where the
// device has no clock to read (OpenCL) or the report was written before.
QString clockText(const RunReport &report);

// A set's line: the SM clock of each run's kernel phase, and whether they
// differ by more than clockTolerance (so that modes were measured at
// different speeds). Empty where no run read its clock.
QString setClockText(const ReportSet &set);

} // namespace sharescope
