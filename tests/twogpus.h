// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Two CUDA devices as the device list reports them, for the tests of the
// peer modes without a second GPU.

#include "run/devices.h"

#include <string>

namespace sharescope::testing {

inline DeviceInfo gpu(int index, const std::string &name = {})
{
    DeviceInfo device;
    device.id = "cuda:" + std::to_string(index);
    device.index = index;
    device.backend = BackendKind::Cuda;
    device.name = name.empty() ? "GPU " + std::to_string(index) : name;
    device.managedMemory = true;
    device.concurrentManagedAccess = true;
    device.managedBatchOperations = true;
    device.canMapHostMemory = true;
    device.unifiedAddressing = true;
    device.vmmFileDescriptors = true;
    device.poolFileDescriptors = true;
    device.globalMemoryBytes = 80ULL << 30;
    device.maxAllocationBytes = 80ULL << 30;
    return device;
}

// Two GPUs that can (or cannot) access each other's memory.
inline DeviceList twoGpus(bool access, const std::string &name = {})
{
    DeviceList list{{gpu(0, name), gpu(1, name)}, {}};
    for (DeviceInfo &device : list.devices) {
        const DeviceInfo &other = list.devices[device.index == 0 ? 1 : 0];
        PeerLink link;
        link.peerId = other.id;
        link.peerIndex = other.index;
        link.peerName = other.name;
        link.canAccessPeer = access;
        link.peerCanAccess = access;
        link.performanceRank = 0;
        link.peerManagedMemory = true;
        link.peerConcurrentManagedAccess = true;
        device.peers.push_back(link);
    }
    return list;
}

} // namespace sharescope::testing
