// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace sharescope {

// An installed font family that draws Simplified Chinese, preferring the
// one scripts/setup.sh installs; empty when there is none. Needs a
// QGuiApplication.
QString chineseFontFamily();

} // namespace sharescope
