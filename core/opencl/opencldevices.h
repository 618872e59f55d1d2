// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "deviceinfo.h"

#include <memory>
#include <string>
#include <vector>

namespace sharescope::opencl {

// Every device of every platform the ICD loader knows, numbered opencl:0,
// opencl:1, ... in platform order. Problems (no platforms, a broken driver)
// are added to `problems` rather than failing the whole list.
std::vector<DeviceInfo> listDevices(std::vector<MessageTemplate> &problems);

// Opens the device that listDevices() reported as `info`.
Result<std::unique_ptr<Backend>> openBackend(const DeviceInfo &info);

} // namespace sharescope::opencl
