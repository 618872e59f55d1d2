// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandline.h"

#include <QTextStream>

#include <atomic>

namespace sharescope {

// `sharescope doctor`: checks this machine for the known reasons why sharing
// memory between processes or with a GPU fails or is slow (doctor/), and
// prints each check's verdict, evidence and what to do; --json writes them.
// Progress of the measured steps on stderr; Ctrl+C stops between steps.
// Exit code 4 (doctor::problemExitCode) when a check found a problem.
int runDoctorCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err,
                     const std::atomic<bool> *cancel, bool showProgress);

} // namespace sharescope
