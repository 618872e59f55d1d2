// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandline.h"

#include <QTextStream>

#include <atomic>

namespace sharescope {

// `sharescope calibrate`: measures the ceilings of this machine's paths for
// one device (calibration.h), shows them next to the specification, and
// keeps them in the cache, where runs on the device find them. Progress on
// the terminal; Ctrl+C (`cancel`) stops between steps, saving nothing.
int runCalibrateCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err,
                        const std::atomic<bool> *cancel, bool showProgress);

} // namespace sharescope
