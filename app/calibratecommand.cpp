// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibratecommand.h"

#include "calibrationcache.h"
#include "ceilings/calibrationstore.h"
#include "ceilingtext.h"
#include "failure.h"
#include "language.h"
#include "outputfiles.h"
#include "progressline.h"
#include "run/calibrationrun.h"
#include "textconv.h"

#include "ceilings/calibrationstore.h"
#include "ceilings/ceilings.h"
#include "run/devices.h"

#include <QCoreApplication>

// The translation context of this file's messages.
class CalibrateText
{
    Q_DECLARE_TR_FUNCTIONS(CalibrateText)
};

namespace sharescope {
namespace {

// Each step on the progress line: "[2/7] device-copy".
class StepProgress final : public CalibrationObserver
{
public:
    explicit StepProgress(ProgressLine &line)
        : m_line(line)
    {
    }
    void stepStarting(std::size_t index, std::size_t total, CalibrationStep step) override
    {
        m_line.setTask(QStringLiteral("[%1/%2] %3").arg(index + 1).arg(total).arg(q(calibrationStepName(step))));
    }

private:
    ProgressLine &m_line;
};

} // namespace

int runCalibrateCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err,
                        const std::atomic<bool> *cancel, bool showProgress)
{
    const DeviceList list = listDevices();
    auto device = list.resolve(options.request.base.deviceId);
    if (!device)
        return printFailure(err, device.error());
    OutputFiles outputs(out);
    if (Status opened = outputs.open(options.jsonPath, {}); !opened)
        return printFailure(err, opened.error());
    auto backend = openBackend(*device);
    if (!backend)
        return printFailure(err, backend.error());

    ProgressLine line(err, showProgress);
    StepProgress progress(line);
    CalibrationPlan plan;
    plan.bytes = options.request.base.bytes;
    auto calibration = runCalibration(**backend, plan, &progress, cancel);
    line.clear();
    if (!calibration)
        return printFailure(err, calibration.error());

    const QString cache = calibrationCachePath();
    const Status stored = storeCalibration(cache.toStdString(), *calibration);
    if (!outputs.writesStdout()) {
        out << CalibrateText::tr("Calibration of %1 (%2), driver %3, ShareScope %4, %5\n\n")
                   .arg(q(device->id), q(device->name), q(device->driverVersion), q(calibration->key.toolVersion),
                        q(calibration->createdUtc));
        out << calibrationTable(*calibration, ceilingsFor(*device, &*calibration));
        if (stored)
            out << CalibrateText::tr("\nSaved in %1: runs on %2 now show each phase as a share of these ceilings.\n")
                       .arg(cache, q(device->id));
        out.flush();
    }
    if (Status written = outputs.commit(calibrationDocument(*calibration), {}); !written)
        return printFailure(err, written.error());
    if (!stored)
        return printFailure(err, stored.error());
    return 0;
}

} // namespace sharescope
