// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "deviceinfo.h"
#include "experimentspec.h"
#include "result.h"
#include "support.h"
#include "trnoop.h"

#include <optional>
#include <string>
#include <string_view>

namespace sharescope {

// Why a mode of two GPUs is not run where the device has no other: a
// template (mode, device), also matched in reports that kept only its text.
inline constexpr const char *noSecondGpuTemplate
    = SHARESCOPE_TR_NOOP("Catalogue", "%1 runs its kernel on a second CUDA GPU (--peer), and %2 is the only one here");

// The modes that run their kernel on a second GPU (needsPeer()): which GPU,
// whether the two can reach each other, and what each mode needs of the pair.

// The link from `device` to the device named `peerId`; nullptr when it has
// no such peer.
const PeerLink *peerLink(const DeviceInfo &device, std::string_view peerId);

// Whether a peer mode can run between `device` and the peer `link` names
// (nullptr: none), and if not, why. peerAccess: peer-copy's choice; empty is
// "as the pair allows".
Support peerSupport(const DeviceInfo &device, ModeId mode, const PeerLink *link, std::optional<bool> peerAccess);

// The peer a mode uses when none is named: the first with which it can run,
// else the first; empty when the device has no peer.
std::string defaultPeer(const DeviceInfo &device, ModeId mode);

// The experiment with its peer decided: the default peer where it names none
// and, for peer-copy, peer access on where the two GPUs can reach each other
// both ways, unless the experiment says.
ExperimentSpec withPeer(ExperimentSpec spec, const DeviceInfo &device);

// A --peer that names the device itself, or no other CUDA device beside it:
// a bad argument that lists the ones there are. Where the device has no peer
// at all, the modes' own support says so instead.
Status checkPeerArgument(const ExperimentSpec &spec, const DeviceInfo &device);

// Records in the device's links what the run did to peer access: on for
// peer-access, as asked for peer-copy; the managed modes leave it unsaid.
void notePeerAccess(DeviceInfo &device, const ExperimentSpec &spec);

} // namespace sharescope
