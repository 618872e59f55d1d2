#pragma once

#include "../childprocess.h"
#include "../ipcprotocol.h"

#include <chrono>
#include <string>

namespace sharescope::cuda {

// Where the peer binary is and how long to wait for it. The peer is this
// same program in its hidden ipc-peer role; SHARESCOPE_PEER_BINARY names
// another (the tests, which are not the sharescope binary, set it), and
// SHARESCOPE_IPC_TIMEOUT_MS shortens the wait for the timeout test.
std::string peerBinary();
std::chrono::milliseconds peerTimeout();

// Sends a command and reads the reply; an "error" reply or a reply of
// another kind than `expected` is an error naming the peer.
Result<PeerReply> converse(ChildProcess &peer, const PeerCommand &command, PeerReply::Kind expected);

} // namespace sharescope::cuda
