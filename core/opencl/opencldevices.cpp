// SPDX-License-Identifier: GPL-3.0-or-later
#include "opencl/opencldevices.h"

#include "opencl/clerror.h"
#include "opencl/openclbackend.h"

#include "trnoop.h"

#include <cstdio>

namespace sharescope::opencl {
namespace {

// "OpenCL 3.0 PoCL ..." -> 3, 0
void parseVersion(const std::string &text, int &major, int &minor)
{
    if (std::sscanf(text.c_str(), "OpenCL %d.%d", &major, &minor) != 2)
        major = minor = 0;
}

std::string trimmed(std::string text)
{
    while (!text.empty() && (text.back() == '\0' || text.back() == ' '))
        text.pop_back();
    return text;
}

template<cl_int Name, typename T>
T queryOr(const cl::Device &device, T fallback)
{
    try {
        return device.getInfo<Name>();
    } catch (const cl::Error &) {
        return fallback;
    }
}

// Where the device sits on PCI, for its link's ceiling: only drivers with
// cl_khr_pci_bus_info say.
std::string pciBusId(const cl::Device &device)
{
    if (queryOr<CL_DEVICE_EXTENSIONS, std::string>(device, {}).find("cl_khr_pci_bus_info") == std::string::npos)
        return {};
    cl_device_pci_bus_info_khr bus{};
    if (clGetDeviceInfo(device(), CL_DEVICE_PCI_BUS_INFO_KHR, sizeof bus, &bus, nullptr) != CL_SUCCESS)
        return {};
    char text[32];
    std::snprintf(text, sizeof text, "%04x:%02x:%02x.%x", bus.pci_domain, bus.pci_bus, bus.pci_device,
                  bus.pci_function);
    return text;
}

DeviceInfo describe(const cl::Platform &platform, const cl::Device &device, int index)
{
    DeviceInfo info;
    info.backend = BackendKind::OpenCL;
    info.index = index;
    info.id = "opencl:" + std::to_string(index);
    info.name = trimmed(device.getInfo<CL_DEVICE_NAME>());
    info.vendor = trimmed(device.getInfo<CL_DEVICE_VENDOR>());
    info.platform = trimmed(platform.getInfo<CL_PLATFORM_NAME>());
    info.deviceVersion = trimmed(device.getInfo<CL_DEVICE_VERSION>());
    info.driverVersion = trimmed(device.getInfo<CL_DRIVER_VERSION>());
    info.runtimeVersion = trimmed(platform.getInfo<CL_PLATFORM_VERSION>());
    parseVersion(info.deviceVersion, info.versionMajor, info.versionMinor);
    info.globalMemoryBytes = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
    info.maxAllocationBytes = device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
    info.baseAddressAlignBytes = device.getInfo<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8;
    info.computeUnits = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    info.cpuDevice = (device.getInfo<CL_DEVICE_TYPE>() & CL_DEVICE_TYPE_CPU) != 0;
    // Deprecated since 2.0 and absent from some 3.0 drivers; a CPU device
    // shares host memory by construction.
    info.hostUnifiedMemory = queryOr<CL_DEVICE_HOST_UNIFIED_MEMORY, cl_bool>(device, CL_FALSE) || info.cpuDevice;
    info.cacheBytes = queryOr<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, cl_ulong>(device, 0);
    info.pciBusId = pciBusId(device);
    if (info.versionMajor >= 2) {
        const auto svm = queryOr<CL_DEVICE_SVM_CAPABILITIES, cl_device_svm_capabilities>(device, 0);
        info.svmCoarseBuffer = svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER;
        info.svmFineBuffer = svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER;
        info.svmFineSystem = svm & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM;
        info.svmAtomics = svm & CL_DEVICE_SVM_ATOMICS;
    }
    return info;
}

} // namespace

std::vector<DeviceInfo> listDevices(std::vector<MessageTemplate> &problems)
{
    std::vector<DeviceInfo> devices;
    std::vector<cl::Platform> platforms;
    try {
        cl::Platform::get(&platforms);
    } catch (const cl::Error &error) {
        if (error.err() == -1001) // CL_PLATFORM_NOT_FOUND_KHR: nothing installed
            problems.emplace_back(std::string(
                SHARESCOPE_TR_NOOP("Core", "OpenCL: no platform is installed (install pocl-opencl-icd for the CPU)")));
        else
            problems.emplace_back(SHARESCOPE_TR_NOOP("Core", "OpenCL: %1"),
                                  std::vector<MessageTemplate>{templateOf(toError(error))});
        return devices;
    }
    for (const cl::Platform &platform : platforms) {
        std::vector<cl::Device> platformDevices;
        try {
            platform.getDevices(CL_DEVICE_TYPE_ALL, &platformDevices);
            for (const cl::Device &device : platformDevices)
                devices.push_back(describe(platform, device, static_cast<int>(devices.size())));
        } catch (const cl::Error &error) {
            if (error.err() != CL_DEVICE_NOT_FOUND)
                problems.emplace_back(SHARESCOPE_TR_NOOP("Core", "OpenCL platform: %1"),
                                      std::vector<MessageTemplate>{templateOf(toError(error))});
        }
    }
    if (platforms.empty())
        problems.emplace_back(std::string(
            SHARESCOPE_TR_NOOP("Core", "OpenCL: no platform is installed (install pocl-opencl-icd for the CPU)")));
    return devices;
}

Result<std::unique_ptr<Backend>> openBackend(const DeviceInfo &info)
{
    return guarded([&]() -> Result<std::unique_ptr<Backend>> {
        std::vector<cl::Platform> platforms;
        cl::Platform::get(&platforms);
        int index = 0;
        for (const cl::Platform &platform : platforms) {
            std::vector<cl::Device> devices;
            try {
                platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
            } catch (const cl::Error &) {
                continue;
            }
            for (const cl::Device &device : devices) {
                if (index++ == info.index)
                    return std::unique_ptr<Backend>(std::make_unique<OpenClBackend>(info, device));
            }
        }
        return failed("OpenCL device " + info.id + " has gone away");
    });
}

} // namespace sharescope::opencl
