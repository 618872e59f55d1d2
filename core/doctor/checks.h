// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doctor/doctor.h"
#include "doctor/doctorprobe.h"
#include "doctor/machinefiles.h"
#include "system/systemfiles.h"
#include "trnoop.h"

#include <map>
#include <optional>
#include <string>

namespace sharescope::doctor {

// The PCIe link's sysfs files and the AER counters of the GPU and every
// port above it, read twice: before the copies, and while they run (the
// counters after them).
struct LinkFiles
{
    sys::FileResult speed; // current_link_speed
    sys::FileResult width;
    sys::FileResult maxSpeed;
    sys::FileResult maxWidth;
};
struct AerReading
{
    std::string device; // "0000:1b:00.0"
    std::string file; // "aer_dev_fatal"
    std::optional<std::uint64_t> total; // empty: the file is not there (no AER) or unreadable
};

// What every check reads from: the system's files, the probe's answers,
// and what was measured (empty with --quick, or without a CUDA device).
struct DoctorInputs
{
    sys::SystemFiles &files;
    DoctorProbe &probe;
    DoctorPlan plan;
    DoctorOptions options;
    const DeviceInfo *device = nullptr; // the CUDA device the GPU checks look at
    MessageTemplate noDevice; // why there is none
    std::optional<GpuReadings> gpu;
    std::optional<Measurements> measured;
    std::optional<DescriptorTrial> descriptors;
    std::string busId; // the device's, as sysfs names it
    std::optional<LinkFiles> linkIdle;
    std::optional<LinkFiles> linkLoaded;
    std::vector<AerReading> aerBefore;
    std::vector<AerReading> aerAfter;
};

Check checkSharedMemory(const DoctorInputs &in);
Check checkOpenFiles(const DoctorInputs &in);
Check checkDescriptorPassing(const DoctorInputs &in);
Check checkLegacyIpc(const DoctorInputs &in);
Check checkPinnedMemory(const DoctorInputs &in);
Check checkNuma(const DoctorInputs &in);
Check checkPcieLink(const DoctorInputs &in);
Check checkPeerToPeer(const DoctorInputs &in);
Check checkAddressingMode(const DoctorInputs &in);
Check checkMps(const DoctorInputs &in);
Check checkManagedMemory(const DoctorInputs &in);
Check checkDriver(const DoctorInputs &in);

// The PCIe link's files of the device at `busId` ("0000:1b:00.0").
LinkFiles readLinkFiles(sys::SystemFiles &files, const std::string &busId);
// The AER counters of the device and every bridge above it (its sysfs
// path's parts); a file that is not there is read as not there.
std::vector<AerReading> readAer(sys::SystemFiles &files, const std::string &busId);

// What the checks share.
namespace detail {
using Words = std::vector<MessageTemplate>;
// A message marked with SHARESCOPE_TR_NOOP and its values, which may be
// messages themselves.
MessageTemplate say(const char *text, Words args = {});
std::string bytes(std::uint64_t value);
MessageTemplate fileProblem(const sys::FileResult &result); // "missing", "permission denied", "error 5"
Evidence evidence(std::string source, MessageTemplate text);
Evidence value(std::string source, std::string text); // a plain value, nothing to translate
Check checkOf(CheckId id, Verdict verdict, MessageTemplate finding, MessageTemplate advice = {});
// The check cannot decide without a CUDA device.
Check noCudaDevice(CheckId id, const DoctorInputs &in);
// A measured check under --quick: what it read, and that it measured nothing.
MessageTemplate notMeasured();
std::string number(const unsigned &n); // "16"
std::string integer(const int &n); // "-1"
std::string seconds(const double &s); // "12.0 ms"
// What NVML or CUDA answered, as evidence: the value shown, or why none.
template<typename T>
Evidence answered(std::string source, const cuda::Answer<T> &answer, std::string (*shown)(const T &))
{
    if (answer.value)
        return value(std::move(source), shown(*answer.value));
    return evidence(std::move(source), say(SHARESCOPE_TR_NOOP("Core", "not reported: %1"), {answer.why}));
}
} // namespace detail

} // namespace sharescope::doctor
