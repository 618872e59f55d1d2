// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "deviceinfo.h"

#include <memory>
#include <string>
#include <vector>

namespace sharescope::cuda {

// Every CUDA device the driver shows, as cuda:0, cuda:1, ... Without a
// driver or a GPU the list is empty and `problems` says why.
std::vector<DeviceInfo> listDevices(std::vector<MessageTemplate> &problems);

Result<std::unique_ptr<Backend>> openBackend(const DeviceInfo &info, const BackendOptions &options);

} // namespace sharescope::cuda
