// SPDX-License-Identifier: GPL-3.0-or-later
#include "preflight.h"

#include "peers.h"
#include "safetylimits.h"
#include "trnoop.h"

namespace sharescope {
namespace {

Support openClSupport(const DeviceInfo &device, ModeId mode)
{
    const HostMemory memory = modeInfo(mode).hostMemory;
    if (memory != HostMemory::SvmCoarse && memory != HostMemory::SvmFine)
        return supported();
    if (device.versionMajor < 2) {
        return notSupported(SHARESCOPE_TR_NOOP("Core", "device supports OpenCL %1.%2; SVM needs OpenCL 2.0 or later"),
                            {std::to_string(device.versionMajor), std::to_string(device.versionMinor)});
    }
    if (memory == HostMemory::SvmCoarse && !device.svmCoarseBuffer)
        return notSupported(SHARESCOPE_TR_NOOP("Catalogue", "device reports no coarse-grained buffer SVM"));
    if (memory == HostMemory::SvmFine && !device.svmFineBuffer)
        return notSupported(SHARESCOPE_TR_NOOP("Catalogue", "device reports no fine-grained buffer SVM"));
    return supported();
}

Support ipcSupport(const DeviceInfo &device, IpcMemory memory)
{
    switch (memory) {
    case IpcMemory::VmmDescriptor:
        if (!device.vmmFileDescriptors)
            return notSupported(SHARESCOPE_TR_NOOP(
                "Catalogue",
                "device cannot export cuMemCreate memory as a file descriptor (virtual memory management "
                "or its POSIX descriptor handles are not supported)"));
        break;
    case IpcMemory::PoolDescriptor:
        if (!device.poolFileDescriptors)
            return notSupported(SHARESCOPE_TR_NOOP(
                "Catalogue",
                "device cannot export a memory pool as a file descriptor (memory pools or their POSIX "
                "descriptor handles are not supported)"));
        break;
    case IpcMemory::LegacyHandle:
    case IpcMemory::None:
        break;
    }
    return supported();
}

Support cudaSupport(const DeviceInfo &device, ModeId mode)
{
    if (modeInfo(mode).needsPeer())
        return peerSupport(device, mode, peerLink(device, defaultPeer(device, mode)), std::nullopt);
    switch (modeInfo(mode).family) {
    case ModeFamily::Mapped:
        if (!device.canMapHostMemory)
            return notSupported(
                SHARESCOPE_TR_NOOP("Catalogue", "device cannot map host memory (cudaDevAttrCanMapHostMemory is 0)"));
        break;
    case ModeFamily::Managed:
        if (!device.managedMemory)
            return notSupported(
                SHARESCOPE_TR_NOOP("Catalogue", "device reports no managed memory (cudaDevAttrManagedMemory is 0)"));
        if (modeInfo(mode).discard != Discard::None && !device.managedBatchOperations)
            return notSupported(
                SHARESCOPE_TR_NOOP("Catalogue",
                                   "%1 needs cudaMemDiscardBatchAsync, which CUDA 13.0 added: this runtime is %2 "
                                   "and this driver %3"),
                {std::string(modeName(mode)), device.runtimeVersion, device.driverVersion});
        if ((modeInfo(mode).prefetch != Prefetch::None || modeInfo(mode).discard != Discard::None)
            && !device.concurrentManagedAccess)
            return notSupported(
                SHARESCOPE_TR_NOOP("Catalogue",
                                   "device lacks concurrent managed access (cudaDevAttrConcurrentManagedAccess is 0), "
                                   "which prefetching and discarding managed memory need"));
        break;
    case ModeFamily::Ipc:
        if (!device.unifiedAddressing)
            return notSupported(SHARESCOPE_TR_NOOP(
                "Catalogue",
                "device lacks unified addressing (cudaDevAttrUnifiedAddressing is 0), which CUDA IPC needs"));
        return ipcSupport(device, modeInfo(mode).ipcMemory);
    case ModeFamily::Copy:
    case ModeFamily::Peer:
    case ModeFamily::ClCopy:
    case ModeFamily::ClMap:
    case ModeFamily::ClSvm:
        break;
    }
    return supported();
}

} // namespace

Support supportOf(const DeviceInfo &device, ModeId mode)
{
    const ModeInfo &info = modeInfo(mode);
    if (info.backend != device.backend) {
        return notSupported(info.backend == BackendKind::Cuda
                                ? SHARESCOPE_TR_NOOP("Core", "%1 is a CUDA mode and %2 is an OpenCL device")
                                : SHARESCOPE_TR_NOOP("Core", "%1 is an OpenCL mode and %2 is a CUDA device"),
                            {std::string(info.name), device.id});
    }
    return device.backend == BackendKind::OpenCL ? openClSupport(device, mode) : cudaSupport(device, mode);
}

Support supportOf(const DeviceInfo &device, const ExperimentSpec &spec)
{
    if (!spec.modeInfo().needsPeer() || device.backend != BackendKind::Cuda)
        return supportOf(device, spec.mode);
    const std::string peer = spec.peerId.empty() ? defaultPeer(device, spec.mode) : spec.peerId;
    return peerSupport(device, spec.mode, peerLink(device, peer), spec.peerAccess);
}

ModeSupport supportHere(const DeviceList &list, ModeId mode)
{
    const ModeInfo &info = modeInfo(mode);
    ModeSupport first{&info, {}, {}};
    for (const DeviceInfo &device : list.devices) {
        if (device.backend != info.backend)
            continue;
        ModeSupport entry{&info, device.id, supportOf(device, mode)};
        if (entry.support.supported)
            return entry;
        if (first.deviceId.empty())
            first = std::move(entry);
    }
    if (!first.deviceId.empty())
        return first;
    switch (info.backend) {
    case BackendKind::Cuda:
        first.support = notSupported(SHARESCOPE_TR_NOOP("Core", "needs an NVIDIA GPU with CUDA; none was found here"));
        break;
    case BackendKind::OpenCL:
        first.support = notSupported(SHARESCOPE_TR_NOOP("Core", "needs an OpenCL device; none was found here"));
        break;
    }
    return first;
}

Status preflight(const ExperimentSpec &spec, const DeviceInfo &device, PreflightScope scope)
{
    if (Status valid = validate(spec); !valid)
        return valid;
    if (Status peer = checkPeerArgument(spec, device); !peer)
        return peer;
    if (const Support support = supportOf(device, spec); !support.supported) {
        return errorOf(ErrorKind::Unsupported,
                       {SHARESCOPE_TR_NOOP("Core", "mode %1 is not supported on %2: %3"),
                        {std::string(modeName(spec.mode)), device.id, support.translatable}});
    }
    if (scope == PreflightScope::Choice)
        return okStatus();
    return checkLimits(spec, device);
}

} // namespace sharescope
