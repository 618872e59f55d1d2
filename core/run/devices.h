// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "devicelist.h"
#include "result.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// The devices of every backend built in (devicelist.h), and a device opened
// for runs: the facade over the backends that this build has.
DeviceList listDevices();
// The devices of one backend only.
DeviceList listDevices(BackendKind backend);
Result<std::unique_ptr<Backend>> openBackend(const DeviceInfo &device, const BackendOptions &options = {});

} // namespace sharescope
