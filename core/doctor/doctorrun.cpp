// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/doctorrun.h"

#include "bytesize.h"
#include "ceilings/pcielink.h"
#include "doctor/checks.h"
#include "environment.h"
#include "trnoop.h"

#include <algorithm>
#include <chrono>

namespace sharescope::doctor {

namespace detail {

MessageTemplate say(const char *text, Words args)
{
    return MessageTemplate(std::string(text), std::move(args));
}

std::string bytes(std::uint64_t value)
{
    return formatBytes(value);
}

MessageTemplate fileProblem(const sys::FileResult &result)
{
    switch (result.problem) {
    case sys::FileProblem::Missing:
        return say(SHARESCOPE_TR_NOOP("Core", "no such file"));
    case sys::FileProblem::Denied:
        return say(SHARESCOPE_TR_NOOP("Core", "permission denied"));
    case sys::FileProblem::Other:
        break;
    }
    return say(SHARESCOPE_TR_NOOP("Core", "error %1"), {std::to_string(result.error)});
}

Evidence evidence(std::string source, MessageTemplate text)
{
    return {std::move(source), std::move(text)};
}

Evidence value(std::string source, std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    // Text of several words is the file's own, quoted as it is.
    if (text.find(' ') != std::string::npos)
        text = '"' + text + '"';
    return {std::move(source), MessageTemplate(std::move(text))};
}

Check checkOf(CheckId id, Verdict verdict, MessageTemplate finding, MessageTemplate advice)
{
    Check check;
    check.id = id;
    check.verdict = verdict;
    check.finding = std::move(finding);
    check.advice = std::move(advice);
    return check;
}

Check noCudaDevice(CheckId id, const DoctorInputs &in)
{
    return checkOf(id, Verdict::NotApplicable, in.noDevice);
}

std::string number(const unsigned &n)
{
    return std::to_string(n);
}

std::string integer(const int &n)
{
    return std::to_string(n);
}

std::string seconds(const double &s)
{
    return formatDuration(static_cast<std::uint64_t>(std::max(0.0, s) * 1e9));
}

MessageTemplate notMeasured()
{
    return MessageTemplate(SHARESCOPE_TR_NOOP("Core", "not measured (--quick): nothing read decides it"),
                           std::vector<std::string>{});
}

} // namespace detail

using namespace detail;

LinkFiles readLinkFiles(sys::SystemFiles &files, const std::string &busId)
{
    const std::string base = "/sys/bus/pci/devices/" + busId + "/";
    return {files.read(base + "current_link_speed", 256), files.read(base + "current_link_width", 256),
            files.read(base + "max_link_speed", 256), files.read(base + "max_link_width", 256)};
}

std::vector<AerReading> readAer(sys::SystemFiles &files, const std::string &busId)
{
    // The device's real path names every bridge above it:
    // ../../../devices/pci0000:00/0000:00:01.0/0000:01:00.0/0000:1b:00.0
    std::vector<std::string> chain;
    if (const sys::FileResult link = files.readLink("/sys/bus/pci/devices/" + busId); link.ok()) {
        std::string_view path = *link.text;
        while (!path.empty()) {
            const std::size_t slash = path.find('/');
            const std::string_view part = path.substr(0, slash);
            if (normalizeBusId(part) && part.size() == 12)
                chain.emplace_back(part);
            path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
        }
    }
    if (std::ranges::find(chain, busId) == chain.end())
        chain.push_back(busId);
    std::vector<AerReading> readings;
    for (const std::string &device : chain) {
        for (const char *file : {"aer_dev_correctable", "aer_dev_nonfatal", "aer_dev_fatal"}) {
            AerReading reading{device, file, std::nullopt};
            if (const sys::FileResult text = files.read("/sys/bus/pci/devices/" + device + "/" + file, 64 * 1024);
                text.ok()) {
                if (const auto counts = parseAer(*text.text))
                    reading.total = counts->total;
            }
            readings.push_back(std::move(reading));
        }
    }
    return readings;
}

namespace {

using Clock = std::chrono::steady_clock;

class Steps
{
public:
    Steps(DoctorObserver *observer, int total, const std::atomic<bool> *cancel)
        : m_observer(observer)
        , m_total(total)
        , m_cancel(cancel)
    {
    }
    Status start(DoctorStep step)
    {
        if (m_cancel && m_cancel->load())
            return cancelledByUser();
        if (m_observer)
            m_observer->stepStarting(step, std::min(m_index, m_total - 1), m_total);
        ++m_index;
        return okStatus();
    }
    bool cancelled() const { return m_cancel && m_cancel->load(); }

private:
    DoctorObserver *m_observer;
    const int m_total;
    const std::atomic<bool> *m_cancel;
    int m_index = 0;
};

} // namespace

Result<DoctorDevice> chooseDoctorDevice(const DeviceList &devices, const std::string &deviceId)
{
    DoctorDevice chosen;
    if (!deviceId.empty()) {
        auto device = devices.resolve(deviceId);
        if (!device)
            return device.error();
        if (device->backend == BackendKind::Cuda)
            chosen.device = *device;
        else
            chosen.none = MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                             "%1 is not a CUDA device: the GPU's checks need "
                                                             "one"),
                                          {device->id});
        return chosen;
    }
    const auto cuda = std::ranges::find(devices.devices, BackendKind::Cuda, &DeviceInfo::backend);
    if (cuda != devices.devices.end()) {
        chosen.device = *cuda;
        return chosen;
    }
    std::string why;
    for (const MessageTemplate &problem : devices.problems) {
        if (problem.english().starts_with("CUDA"))
            why = problem.english();
    }
    chosen.none = why.empty()
        ? MessageTemplate(SHARESCOPE_TR_NOOP("Core", "no CUDA device here: the GPU's checks need one"),
                          std::vector<std::string>{})
        : MessageTemplate(SHARESCOPE_TR_NOOP("Core", "no CUDA device here (%1): the GPU's checks need one"), {why});
    return chosen;
}

Result<DoctorReport> runDoctor(sys::SystemFiles &files, DoctorProbe &probe, const DoctorOptions &options,
                               const DoctorDevice &device, DoctorObserver *observer, const std::atomic<bool> *cancel)
{
    if (Status valid = validateDoctorOptions(options); !valid)
        return valid.error();
    const auto started = Clock::now();
    DoctorReport report;
    report.tool = "ShareScope " + toolVersion();
    report.createdUtc = currentUtcTime();
    report.quick = options.quick;
    report.plan.workersGiven = options.workers.has_value();
    report.plan.batchGiven = options.batchBytes.has_value();
    report.plan.workers = options.workers.value_or(std::clamp(probe.hardwareThreads(), 1, 8));
    report.plan.batchBytes = options.batchBytes.value_or(report.plan.batchBytes);

    DoctorInputs in{files, probe, report.plan, options};
    const DeviceInfo *cuda = device.device ? &*device.device : nullptr;
    in.device = cuda;
    in.noDevice = MessageTemplate(SHARESCOPE_TR_NOOP("Core", "needs a CUDA device"), std::vector<std::string>{});
    report.deviceNote = device.none;
    if (cuda) {
        report.deviceId = cuda->id;
        report.deviceName = cuda->name;
        in.busId = normalizeBusId(cuda->pciBusId).value_or(cuda->pciBusId);
    }
    const bool measure = cuda && !options.quick;
    const int total = 2 + (cuda ? 1 : 0) + (measure ? doctorStepCount - 3 : 0);
    Steps steps(observer, total, cancel);

    if (Status s = steps.start(DoctorStep::Files); !s)
        return s.error();
    if (cuda) {
        in.linkIdle = readLinkFiles(files, in.busId);
        in.aerBefore = readAer(files, in.busId);
    }
    if (Status s = steps.start(DoctorStep::Descriptors); !s)
        return s.error();
    in.descriptors = probe.passDescriptors();
    if (cuda) {
        if (Status s = steps.start(DoctorStep::Gpu); !s)
            return s.error();
        in.gpu = probe.readGpu(*cuda);
    }
    if (measure) {
        const auto whileLoaded = [&] { in.linkLoaded = readLinkFiles(files, in.busId); };
        const auto step = [&](DoctorStep which) { (void)steps.start(which); };
        in.measured = probe.measure(*cuda, report.plan, whileLoaded, step, cancel);
        if (steps.cancelled())
            return cancelledByUser();
        in.aerAfter = readAer(files, in.busId);
    }

    report.checks = {checkSharedMemory(in),   checkOpenFiles(in), checkDescriptorPassing(in), checkLegacyIpc(in),
                     checkPinnedMemory(in),   checkNuma(in),      checkPcieLink(in),          checkPeerToPeer(in),
                     checkAddressingMode(in), checkMps(in),       checkManagedMemory(in),     checkDriver(in)};
    report.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    return report;
}

const char *doctorStepText(DoctorStep step)
{
    switch (step) {
    case DoctorStep::Files:
        return SHARESCOPE_TR_NOOP("Core", "reading the system's files");
    case DoctorStep::Descriptors:
        return SHARESCOPE_TR_NOOP("Core", "passing descriptors to a child process");
    case DoctorStep::Gpu:
        return SHARESCOPE_TR_NOOP("Core", "asking NVML and CUDA");
    case DoctorStep::Pinning:
        return SHARESCOPE_TR_NOOP("Core", "page-locking host memory");
    case DoctorStep::Copies:
        return SHARESCOPE_TR_NOOP("Core", "copies from page-locked and ordinary memory");
    case DoctorStep::Load:
        return SHARESCOPE_TR_NOOP("Core", "the PCIe link under load");
    case DoctorStep::Peers:
        return SHARESCOPE_TR_NOOP("Core", "copies to the other GPUs");
    case DoctorStep::Ipc:
        return SHARESCOPE_TR_NOOP("Core", "a CUDA IPC handle opened in a child process");
    case DoctorStep::Managed:
        return SHARESCOPE_TR_NOOP("Core", "managed memory");
    }
    return "";
}

} // namespace sharescope::doctor
