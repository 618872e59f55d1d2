// SPDX-License-Identifier: GPL-3.0-or-later
#include "peers.h"

#include "trnoop.h"

#include <algorithm>

namespace sharescope {
namespace {

std::string peerIdList(const DeviceInfo &device)
{
    std::string ids;
    for (const PeerLink &link : device.peers)
        ids += (ids.empty() ? "" : ", ") + link.peerId;
    return ids;
}

Support peerCopySupport(const DeviceInfo &device, const PeerLink &link, std::optional<bool> peerAccess)
{
    if (peerAccess != true || (link.canAccessPeer == true && link.peerCanAccess == true))
        return supported();
    return notSupported(SHARESCOPE_TR_NOOP("Catalogue",
                                           "%1 and %2 cannot both access each other's memory "
                                           "(cudaDeviceCanAccessPeer), so peer access cannot be turned on; run "
                                           "peer-copy with --peer-access off, which stages the copies through the "
                                           "host"),
                        {device.id, link.peerId});
}

Support managedPeerSupport(const DeviceInfo &device, const PeerLink &link)
{
    const auto lacks = [](const std::string &id) {
        return notSupported(SHARESCOPE_TR_NOOP("Catalogue",
                                               "%1 lacks concurrent managed access (cudaDevAttrConcurrentManagedAccess "
                                               "is 0): its managed pages cannot fault or be prefetched from one GPU to "
                                               "another"),
                            {id});
    };
    if (!device.managedMemory || !device.concurrentManagedAccess)
        return lacks(device.id);
    if (!link.peerManagedMemory || !link.peerConcurrentManagedAccess)
        return lacks(link.peerId);
    return supported();
}

} // namespace

const PeerLink *peerLink(const DeviceInfo &device, std::string_view peerId)
{
    const auto it = std::ranges::find(device.peers, peerId, &PeerLink::peerId);
    return it == device.peers.end() ? nullptr : &*it;
}

Support peerSupport(const DeviceInfo &device, ModeId mode, const PeerLink *link, std::optional<bool> peerAccess)
{
    if (!link && device.peers.empty()) {
        return notSupported(noSecondGpuTemplate, {std::string(modeName(mode)), device.id});
    }
    if (!link)
        return notSupported(SHARESCOPE_TR_NOOP("Catalogue", "no peer chosen; peers of %1: %2"),
                            {device.id, peerIdList(device)});
    const ModeInfo &info = modeInfo(mode);
    if (info.family == ModeFamily::Managed) // the pages move through the driver
        return managedPeerSupport(device, *link);
    switch (info.peerAccess) {
    case PeerAccessUse::None:
        return supported();
    case PeerAccessUse::Optional:
        return peerCopySupport(device, *link, peerAccess);
    case PeerAccessUse::Required:
        break;
    }
    if (link->peerCanAccess == true)
        return supported();
    return notSupported(link->peerCanAccess ? SHARESCOPE_TR_NOOP("Catalogue",
                                                                 "%1 cannot access the memory of %2 "
                                                                 "(cudaDeviceCanAccessPeer is 0): no peer access "
                                                                 "between them, which peer-access needs")
                                            : SHARESCOPE_TR_NOOP("Catalogue",
                                                                 "whether %1 can access the memory of %2 is not "
                                                                 "reported (cudaDeviceCanAccessPeer failed), and "
                                                                 "peer-access needs it"),
                        {link->peerId, device.id});
}

std::string defaultPeer(const DeviceInfo &device, ModeId mode)
{
    for (const PeerLink &link : device.peers) {
        if (peerSupport(device, mode, &link, std::nullopt).supported)
            return link.peerId;
    }
    return device.peers.empty() ? std::string() : device.peers.front().peerId;
}

ExperimentSpec withPeer(ExperimentSpec spec, const DeviceInfo &device)
{
    if (!spec.modeInfo().needsPeer())
        return spec;
    if (spec.peerId.empty())
        spec.peerId = defaultPeer(device, spec.mode);
    if (spec.modeInfo().peerAccess == PeerAccessUse::Optional && !spec.peerAccess) {
        const PeerLink *link = peerLink(device, spec.peerId);
        spec.peerAccess = link && link->canAccessPeer == true && link->peerCanAccess == true;
    }
    return spec;
}

Status checkPeerArgument(const ExperimentSpec &spec, const DeviceInfo &device)
{
    if (spec.peerId.empty())
        return okStatus();
    const std::string peers = device.peers.empty() ? std::string("none") : peerIdList(device);
    if (spec.peerId == device.id) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "--peer %1 is the device itself; name another CUDA device (peers of %1: "
                                              "%2)"),
                           {spec.peerId, peers});
    }
    // Without any peer, the modes that need one say so (not supported here).
    if (device.peers.empty() || peerLink(device, spec.peerId))
        return okStatus();
    return badArgument(SHARESCOPE_TR_NOOP("Core", "--peer %1: no such CUDA device beside %2; accepted: %3"),
                       {spec.peerId, device.id, peers});
}

void notePeerAccess(DeviceInfo &device, const ExperimentSpec &spec)
{
    if (spec.modeInfo().family != ModeFamily::Peer)
        return;
    for (PeerLink &link : device.peers) {
        if (link.peerId == spec.peerId)
            link.accessEnabled = peerAccessOn(spec);
    }
}

} // namespace sharescope
