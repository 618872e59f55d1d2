// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandline.h"
#include "result.h"

#include <QByteArray>
#include <QString>

namespace sharescope {

// The window's arguments, checked before it opens as the command line checks
// its own, with the same messages and exit codes (see exitCodeFor): a
// screenshot name with no image format, a file that cannot be a report, an
// unknown device are bad arguments; a mode or a demo the device cannot run
// is not supported (except a mode only to read about: readsOnly). So a headless `gui ... --screenshot` fails as `run`
// would, touches no file, and never runs something else instead.
// Sets `screenshotFormat` ("png") when there is a screenshot to take.
Status checkWindowArguments(const CommandLineOptions &options, QByteArray *screenshotFormat);

// `gui --mode M --tab explain` with nothing to start: M's page is to be
// read, so the device need not be able to run M.
bool readsOnly(const CommandLineOptions &options);

} // namespace sharescope
