// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/devices.h"

#include "opencl/opencldevices.h"
#include "trnoop.h"
#if SHARESCOPE_HAVE_CUDA
#include "cuda/cudadevices.h"
#endif

#include <algorithm>

namespace sharescope {

DeviceList listDevices(BackendKind backend)
{
    DeviceList list;
    switch (backend) {
    case BackendKind::Cuda:
#if SHARESCOPE_HAVE_CUDA
        list.devices = cuda::listDevices(list.problems);
#endif
        break;
    case BackendKind::OpenCL:
        list.devices = opencl::listDevices(list.problems);
        break;
    }
    return list;
}

DeviceList listDevices()
{
    DeviceList list = listDevices(BackendKind::Cuda);
    DeviceList openCl = listDevices(BackendKind::OpenCL);
    list.devices.insert(list.devices.end(), openCl.devices.begin(), openCl.devices.end());
    list.problems.insert(list.problems.end(), openCl.problems.begin(), openCl.problems.end());
    return list;
}

Result<std::unique_ptr<Backend>> openBackend(const DeviceInfo &device, const BackendOptions &options)
{
    if (device.backend == BackendKind::OpenCL)
        return opencl::openBackend(device);
#if SHARESCOPE_HAVE_CUDA
    return cuda::openBackend(device, options);
#else
    (void)options;
    return unsupported(
        SHARESCOPE_TR_NOOP("Core",
                           "the CUDA backend is not built into this ShareScope (no CUDA toolkit at build time)"),
        {});
#endif
}

} // namespace sharescope
