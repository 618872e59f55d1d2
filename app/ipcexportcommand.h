// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandline.h"

#include <QTextStream>

#include <atomic>

namespace sharescope {

// `sharescope ipc-export`: a buffer on the GPU, shared as a CUDA IPC handle
// (--memory device) or as a file descriptor handed over a Unix socket
// (--memory vmm, pool), and a CuPy snippet that opens it; then it waits
// (Enter, SIGINT or SIGTERM) and shows what the other process did to the
// same bytes.
int runIpcExportCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err,
                        const std::atomic<bool> *stop);

} // namespace sharescope
