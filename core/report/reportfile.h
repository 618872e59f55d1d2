// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/parsemonitor.h"
#include "result.h"

#include <string>

namespace sharescope {

// Reads a report file whole, for readReports. Refused before reading: a path
// that is not a regular file (a directory; a device such as /dev/zero,
// which never ends; a fifo, which would wait for a writer) and a file
// larger than maxReportBytes. Read in blocks: the monitor hears the
// progress and can stop it (a Cancelled error). `path` is in the file
// system's encoding.
// The same refusals, from the file's type and size alone, reading nothing:
// what the command line checks before it opens a window.
Status checkReportFile(const std::string &path);

Result<std::string> readReportFile(const std::string &path, const ParseMonitor &monitor = ParseMonitor());

} // namespace sharescope
