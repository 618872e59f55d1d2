// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandline.h"

namespace sharescope {

// The desktop window: opened with the experiment the command line named,
// and, with --screenshot, saved to a file once it shows what was asked.
int runGui(int &argc, char **argv, const CommandLineOptions &options);

// Whether a window can be shown here (a display, or a platform plugin that
// needs none, such as offscreen).
bool canShowWindow();

} // namespace sharescope
