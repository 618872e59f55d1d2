// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QWidget;

namespace sharescope {

// Spin boxes and combo boxes take the mouse wheel only once focused (a
// click or Tab): a wheel that scrolls the panel past them must not change
// the values under the pointer. Unfocused, the wheel goes on to the
// widget's parents, so the scroll area around them scrolls.
void guardWheel(QWidget *widget);

} // namespace sharescope
