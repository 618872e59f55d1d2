// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "childprocess.h"
#include "ipcprotocol.h"

#include <chrono>
#include <cstdint>
#include <span>
#include <string>

namespace sharescope::cuda {

// How long to wait for the peer (this same program in its hidden ipc-peer
// role, selfBinary()); SHARESCOPE_IPC_TIMEOUT_MS shortens the wait for the
// timeout test.
std::chrono::milliseconds peerTimeout();

// Nanoseconds on the steady clock, which every process on the machine shares
// (CLOCK_MONOTONIC): the peer's times compare with this process's.
std::uint64_t steadyNowNs();

// Sends a command and reads the reply; an "error" reply or a reply of
// another kind than `expected` is an error naming the peer.
// Descriptors go beside the command (SCM_RIGHTS).
Result<PeerReply> converse(ChildProcess &peer, const PeerCommand &command, PeerReply::Kind expected,
                           std::span<const int> descriptors = {});

} // namespace sharescope::cuda
