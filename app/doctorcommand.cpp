// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctorcommand.h"

#include "doctor/doctorjson.h"
#include "doctor/doctorrun.h"
#include "doctortext.h"
#include "failure.h"
#include "language.h"
#include "outputfiles.h"
#include "progressline.h"
#include "run/devices.h"
#include "textconv.h"

namespace sharescope {
namespace {

// Each step on the progress line: "[3/9] asking NVML and CUDA".
class StepLine final : public doctor::DoctorObserver
{
public:
    explicit StepLine(ProgressLine &line)
        : m_line(line)
    {
    }
    void stepStarting(doctor::DoctorStep step, int index, int total) override
    {
        m_line.setTask(QStringLiteral("[%1/%2] %3").arg(index + 1).arg(total).arg(coreText(doctorStepText(step))));
    }

private:
    ProgressLine &m_line;
};

} // namespace

int runDoctorCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err,
                     const std::atomic<bool> *cancel, bool showProgress)
{
    const DeviceList list = listDevices();
    const auto device = doctor::chooseDoctorDevice(list, options.doctor.deviceId);
    if (!device)
        return printFailure(err, device.error());
    OutputFiles outputs(out);
    if (Status opened = outputs.open(options.jsonPath, {}); !opened)
        return printFailure(err, opened.error());

    ProgressLine line(err, showProgress);
    StepLine steps(line);
    const auto files = sys::liveSystemFiles();
    const auto probe = doctor::liveDoctorProbe();
    auto report = doctor::runDoctor(*files, *probe, options.doctor, *device, &steps, cancel);
    line.clear();
    if (!report)
        return printFailure(err, report.error());
    report->commandLine = options.request.commandLine;
    if (!outputs.writesStdout()) {
        out << doctorText(*report);
        out.flush();
    }
    if (Status written = outputs.commit(doctor::doctorToJson(*report), {}); !written)
        return printFailure(err, written.error());
    return report->problemFound() ? doctor::problemExitCode : 0;
}

} // namespace sharescope
