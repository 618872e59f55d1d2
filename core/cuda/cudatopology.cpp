// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudatopology.h"

#include <cuda_runtime_api.h>

namespace sharescope::cuda {
namespace {

std::optional<bool> canAccess(int device, int peer)
{
    int value = 0;
    if (cudaDeviceCanAccessPeer(&value, device, peer) != cudaSuccess) {
        cudaGetLastError(); // not sticky: the answer is "not reported"
        return std::nullopt;
    }
    return value != 0;
}

std::optional<int> attribute(cudaDeviceP2PAttr attr, int device, int peer)
{
    int value = 0;
    if (cudaDeviceGetP2PAttribute(&value, attr, device, peer) != cudaSuccess) {
        cudaGetLastError();
        return std::nullopt;
    }
    return value;
}

std::optional<bool> flag(cudaDeviceP2PAttr attr, int device, int peer)
{
    const auto value = attribute(attr, device, peer);
    return value ? std::optional(*value != 0) : std::nullopt;
}

PeerLink linkBetween(const DeviceInfo &device, const DeviceInfo &peer)
{
    PeerLink link;
    link.peerId = peer.id;
    link.peerIndex = peer.index;
    link.peerName = peer.name;
    link.canAccessPeer = canAccess(device.index, peer.index);
    link.peerCanAccess = canAccess(peer.index, device.index);
    link.performanceRank = attribute(cudaDevP2PAttrPerformanceRank, device.index, peer.index);
    link.accessSupported = flag(cudaDevP2PAttrAccessSupported, device.index, peer.index);
    link.nativeAtomics = flag(cudaDevP2PAttrNativeAtomicSupported, device.index, peer.index);
#if CUDART_VERSION >= 13000
    link.partialAtomics = flag(cudaDevP2PAttrOnlyPartialNativeAtomicSupported, device.index, peer.index);
#endif
    link.cudaArrayAccess = flag(cudaDevP2PAttrCudaArrayAccessSupported, device.index, peer.index);
    // A process enables peer access for itself: this listing has enabled none.
    link.accessEnabled = false;
    link.peerManagedMemory = peer.managedMemory;
    link.peerConcurrentManagedAccess = peer.concurrentManagedAccess;
    link.peerMemoryBytes = peer.globalMemoryBytes;
    return link;
}

} // namespace

void addPeerLinks(std::vector<DeviceInfo> &devices)
{
    for (DeviceInfo &device : devices) {
        device.peers.clear();
        for (const DeviceInfo &peer : devices) {
            if (peer.index != device.index)
                device.peers.push_back(linkBetween(device, peer));
        }
    }
}

} // namespace sharescope::cuda
