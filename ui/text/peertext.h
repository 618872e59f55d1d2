// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "deviceinfo.h"
#include "experimentspec.h"

#include <QString>

namespace sharescope {

// How the front ends speak of two GPUs, in the current language.

// Everything the driver reports of one link, for `sharescope devices`:
// "cuda:1 (NVIDIA H200): it maps this one's memory: yes, ...".
QString peerLinkText(const PeerLink &link);
// The link at a glance, for the window: "cuda:1 · peer access both ways · rank 0".
QString peerLinkSummary(const PeerLink &link);
// A run's name where runs of one mode differ by how they reach the peer,
// their host memory or their host threads: "peer-copy (peer access off)",
// "pinned (8 threads, legacy stream)"; the mode's name otherwise.
QString modeLabel(const ExperimentSpec &spec);
// Which GPU ran a peer mode's kernel and whether peer access was on, for the
// run table; empty for the other modes.
QString peerRunText(const DeviceInfo &device, const ExperimentSpec &spec);

} // namespace sharescope
