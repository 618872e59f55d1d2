// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandline.h"

#include <QTextStream>

namespace sharescope {

// `sharescope explain [MODE] [--example NAME]`: the pages of the Explain tab
// on the terminal, for every mode of every backend, on any machine (no
// device is opened). Without MODE, the pages with a line each; with MODE,
// its page (markdown) and its examples; with --example, that example's
// source alone, ready to save to a file. The parser has checked MODE and
// NAME. Returns the exit code.
int runExplainCommand(const CommandLineOptions &options, QTextStream &out);

} // namespace sharescope
