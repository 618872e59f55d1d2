// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "deviceinfo.h"
#include "devicelist.h"
#include "doctor/doctor.h"
#include "doctor/doctorprobe.h"
#include "result.h"
#include "system/systemfiles.h"

#include <atomic>

namespace sharescope::doctor {

// Told about a check while it runs, on its thread.
class DoctorObserver
{
public:
    virtual ~DoctorObserver() = default;
    // index of total: the steps this check takes (fewer with --quick or
    // without a CUDA device).
    virtual void stepStarting(DoctorStep step, int index, int total) { (void)step, (void)index, (void)total; }
};

// The CUDA device the GPU checks look at: the one --device names (an
// OpenCL device is not one: the checks then say why they do not apply),
// else the first CUDA device; an error for a name no device has.
struct DoctorDevice
{
    std::optional<DeviceInfo> device; // a CUDA device
    MessageTemplate none; // why there is none
};
Result<DoctorDevice> chooseDoctorDevice(const DeviceList &devices, const std::string &deviceId);

// Runs every check: reads the files, asks the probe, measures (not with
// options.quick) and decides each verdict. Changes nothing on the machine;
// what it allocates it frees. Stops between steps when `cancel` is set
// (ErrorKind::Cancelled).
Result<DoctorReport> runDoctor(sys::SystemFiles &files, DoctorProbe &probe, const DoctorOptions &options,
                               const DoctorDevice &device, DoctorObserver *observer = nullptr,
                               const std::atomic<bool> *cancel = nullptr);

} // namespace sharescope::doctor
