#pragma once

#include "calibration.h"
#include "calibrationstore.h"
#include "phaseceiling.h"
#include "runreport.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace sharescope {

// How every front end says a ceiling, in the current language.
QString pathText(Path path); // "PCIe host→device"
QString percentText(const std::optional<double> &percent, bool cached = false); // "87%", "132% (cache)", "—"

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
