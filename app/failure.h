// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

class QTextStream;

namespace sharescope {

// Writes "sharescope: MESSAGE" (in the user's language) to err and returns
// the exit code for the error's kind: how every command ends on an error.
int printFailure(QTextStream &err, const Error &error);

} // namespace sharescope
