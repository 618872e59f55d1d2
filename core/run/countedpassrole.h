// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace sharescope {

// The hidden `sharescope counted-pass` role (main.cpp; the protocol is
// countedpass.h's): opens the experiment's device with its instruments on
// (BackendOptions::counted), runs it once and writes its report. Returns
// the process's exit code.
int runCountedPassRole();

} // namespace sharescope
