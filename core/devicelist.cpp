// SPDX-License-Identifier: GPL-3.0-or-later
#include "devicelist.h"

#include "trnoop.h"

#include <algorithm>

namespace sharescope {

Result<DeviceInfo> DeviceList::resolve(std::string_view id) const
{
    if (devices.empty()) {
        MessageTemplate message{std::string(SHARESCOPE_TR_NOOP("Core", "no device found"))};
        for (const MessageTemplate &problem : problems)
            message = MessageTemplate(SHARESCOPE_TR_NOOP("Core", "%1; %2"), {message, problem});
        return errorOf(ErrorKind::Unsupported, message);
    }
    if (id.empty()) {
        const auto cuda = std::ranges::find(devices, BackendKind::Cuda, &DeviceInfo::backend);
        return cuda != devices.end() ? *cuda : devices.front();
    }
    const auto it = std::ranges::find(devices, id, &DeviceInfo::id);
    if (it == devices.end())
        return badArgument(SHARESCOPE_TR_NOOP("Core", "unknown device '%1'; available: %2"),
                           {std::string(id), idList()});
    return *it;
}

std::string DeviceList::idList() const
{
    std::string ids;
    for (const DeviceInfo &device : devices)
        ids += (ids.empty() ? "" : ", ") + device.id;
    return ids.empty() ? std::string("none") : ids;
}

} // namespace sharescope
