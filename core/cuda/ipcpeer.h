// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace sharescope::cuda {

// The hidden `sharescope ipc-peer` role: reads commands on stdin, answers on
// stdout (see ipcprotocol.h), opens the handles it is given, runs the kernel
// on them, closes them when released. Returns the process's exit code.
// SHARESCOPE_TEST_PEER_FAULT (exit-before-open, abort-after-open,
// hang-after-open, stop-after-open) makes it fail on purpose, for the tests.
int runIpcPeer();

} // namespace sharescope::cuda
