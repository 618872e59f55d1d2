// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/calibration.h"
#include "devicelist.h"
#include "doctor/doctor.h"
#include "python/dlpackmatrix.h"
#include "python/pythonroutes.h"
#include "report/reportset.h"
#include "report/runreport.h"
#include "run/experimentset.h"
#include "watch/watcher.h"
#include "watch/watchreport.h"

#include <QMetaType>

#include <cstdint>
#include <vector>

namespace sharescope {

// A range of a kept buffer, read on the worker thread for the buffer view.
struct BufferChunk
{
    quint64 job = 0;
    int buffer = 0;
    quint64 first = 0;
    std::vector<std::uint32_t> values; // raw 32-bit elements
    std::vector<double> expected; // what the CPU reference says they must be
};

} // namespace sharescope

Q_DECLARE_METATYPE(sharescope::RunReport)
Q_DECLARE_METATYPE(sharescope::ReportSet)
Q_DECLARE_METATYPE(sharescope::PhaseResult)
Q_DECLARE_METATYPE(sharescope::PythonRouteResult)
Q_DECLARE_METATYPE(sharescope::DlpackMatrixRun)
Q_DECLARE_METATYPE(sharescope::ExperimentSpec)
Q_DECLARE_METATYPE(sharescope::DeviceList)
Q_DECLARE_METATYPE(sharescope::BufferChunk)
Q_DECLARE_METATYPE(sharescope::Calibration)
Q_DECLARE_METATYPE(sharescope::doctor::DoctorReport)
Q_DECLARE_METATYPE(sharescope::watch::WatchProgress)
Q_DECLARE_METATYPE(sharescope::watch::WatchReport)
