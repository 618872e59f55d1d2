// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace sharescope {

// The system's words for `error` (an errno): the common ones marked for
// translation (context "Core"), so that a message carrying one as a value
// says it in the reader's language; any other as strerror gives it.
std::string osErrorText(int error);

} // namespace sharescope
