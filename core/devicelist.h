// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "deviceinfo.h"
#include "result.h"

#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// Every device of every backend built in, CUDA first: the order `sharescope
// devices` prints and the default device follows.
struct DeviceList
{
    std::vector<DeviceInfo> devices;
    // "OpenCL: no platform is installed", ...: templates, said in the
    // reader's language (english() for a log that stays English).
    std::vector<MessageTemplate> problems;

    // The device named `id`, or the default (first CUDA, else first OpenCL)
    // when `id` is empty. An unknown id is a BadArgument listing the devices.
    Result<DeviceInfo> resolve(std::string_view id) const;
    std::string idList() const; // "cuda:0, opencl:0"
};

} // namespace sharescope
