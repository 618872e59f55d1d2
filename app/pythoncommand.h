// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandline.h"

#include <QTextStream>

#include <atomic>

namespace sharescope {

// `sharescope python`: runs the Python routes (pythonroutes.h) with the
// user's own python3 and frameworks, then ShareScope's matching modes with
// the scale kernel (one buffer, the same bytes) on this machine, and shows
// each route beside its mode: the step's time, the ratio, and whether the
// data was shared in place. A route that cannot run here says why; nothing
// is installed. Exit 0, or 1 where a route failed; Ctrl+C stops between
// routes.
int runPythonCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err,
                     const std::atomic<bool> *cancel);

} // namespace sharescope
