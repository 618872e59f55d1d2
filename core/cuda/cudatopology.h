// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "deviceinfo.h"

#include <vector>

namespace sharescope::cuda {

// Fills every CUDA device's links to the others: whether each can access
// the other's memory (cudaDeviceCanAccessPeer, both ways), and the link's
// performance rank, atomics and array access (cudaDeviceGetP2PAttribute).
// What the driver does not answer stays "not reported". Creates no context.
void addPeerLinks(std::vector<DeviceInfo> &devices);

} // namespace sharescope::cuda
