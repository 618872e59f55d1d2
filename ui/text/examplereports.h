// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessons/examples.h"
#include "report/reportset.h"
#include "result.h"

#include <QString>

namespace sharescope {

// The reports measured on a real GPU that ship with the program
// (resources/examples, compiled into the resources): what a machine without
// that GPU can still open, always labelled as measured elsewhere.

// ":/examples/managed.json"
QString exampleResourcePath(ExampleId id);
// The example's title in the current language.
QString exampleTitle(const ExampleInfo &example);
// The text of a report compiled into the resources (":/examples/..."),
// as readReportFile gives a file's.
Result<std::string> readResourceReport(const QString &path);
// The report of an example, read and checked as any report file is.
Result<ReportSet> readExample(ExampleId id);
// Where and when the report was measured, and that it was not here:
// "Measured on NVIDIA H200 (driver 580.159.04, CUDA 13.0) on 2026-12-01
// with `sharescope demo prefetch`, not on this machine." The driver is the
// example's (ExampleInfo::nvidiaDriver); a report names only the CUDA
// version its driver supports.
QString exampleProvenance(const ReportSet &set, const ExampleInfo *example = nullptr);

} // namespace sharescope
