#include "devices.h"

#include "opencl/opencldevices.h"
#include "trnoop.h"
#if SHARESCOPE_HAVE_CUDA
#include "cuda/cudadevices.h"
#endif

#include <algorithm>

namespace sharescope {

DeviceList listDevices()
{
    DeviceList list;
#if SHARESCOPE_HAVE_CUDA
    list.devices = cuda::listDevices(list.problems);
#endif
    auto openCl = opencl::listDevices(list.problems);
    list.devices.insert(list.devices.end(), openCl.begin(), openCl.end());
    return list;
}

Result<DeviceInfo> DeviceList::resolve(std::string_view id) const
{
    if (devices.empty()) {
        std::string message = "no device found";
        for (const std::string &problem : problems)
            message += "; " + problem;
        return unsupported(message);
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

Result<std::unique_ptr<Backend>> openBackend(const DeviceInfo &device)
{
    if (device.backend == BackendKind::OpenCL)
        return opencl::openBackend(device);
#if SHARESCOPE_HAVE_CUDA
    return cuda::openBackend(device);
#else
    return unsupported(
        SHARESCOPE_TR_NOOP("Core",
                           "the CUDA backend is not built into this ShareScope (no CUDA toolkit at build time)"),
        {});
#endif
}

} // namespace sharescope
