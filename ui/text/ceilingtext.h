// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibration.h"
#include "ceilings/calibrationstore.h"
#include "ceilings/phaseceiling.h"
#include "report/ceilingshare.h"
#include "report/runreport.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace sharescope {

// How every front end says a ceiling, in the current language.
QString pathText(Path path); // "PCIe host→device"
QString ceilingText(const PathCeiling &ceiling); // "63.0 GB/s (PCIe 32 GT/s x16, ...)" or "— (why not)"
QString percentText(const std::optional<double> &percent, bool cached = false); // "87%", "132% (cache)", "—"

// A share of a ceiling as the tables say it: "87%", "132% (cache)", "no
// ceiling", "PROBLEM" (a measurement problem), "—" (the phase moved nothing).
QString shareText(const CeilingShare &share);
// Which of a phase's two ceilings.
enum class CeilingKind : std::uint8_t { Measured, Specification };
// What a share means, for a tooltip: the ceiling it was held against and
// where that came from, or why there is none.
QString shareExplanation(const RunReport &report, const PhaseShares &shares, CeilingKind kind);

// Under a table of several runs: each measurement problem, one line each,
// named by the run ("cl-copy: PROBLEM to-device: ..."); runName names a run.
QStringList problemLines(const std::vector<RunReport> &runs, const std::function<QString(const RunReport &)> &runName);

// A phase of a report against the report's ceilings; empty when the report
// has none.
std::optional<PhaseCeiling> ceilingOf(const RunReport &report, const PhaseResult &phase);

// "to-device: 89.0 GB/s would be 41% above ...: a measurement problem, not a result".
QString problemText(const MeasurementProblem &problem);

// After a run's phase table: each path the run loaded, with the phases held
// against it and both its ceilings; then the measurement problems and the
// phases whose pace is the verification's.
QStringList ceilingLines(const RunReport &report);

// `sharescope calibrate`: what each step reached, next to the specification.
QString calibrationTable(const Calibration &calibration, const Ceilings &ceilings);

// The one-line note on stderr when a run finds no calibration to use; empty
// when one was found.
QString calibrationNote(const CachedCalibration &cached, const DeviceInfo &device);

} // namespace sharescope
