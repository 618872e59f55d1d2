// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandlineoptions.h"

#include <QTextStream>

namespace sharescope {

// `sharescope watch`: starts the command (or takes --pid), counts what each
// of its processes migrates, prints the summary and writes the reports.
// Returns the command's exit status (128 + N for signal N), 2 for bad
// arguments, 127 or 126 where the command cannot be found or run.
int runWatchCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err, bool terminal);

// Where the library that reports a program's CUDA memory calls is, and the
// CUPTI it loads: found, or why not (the message completes "routes not
// reported: ...").
struct RouteLibraries
{
    std::string inject; // libsharescope_inject.so
    std::string cupti; // libcupti.so.N
    MessageTemplate why; // when either is missing
};
RouteLibraries findRouteLibraries(const std::string &selfDirectory);

} // namespace sharescope
