// SPDX-License-Identifier: GPL-3.0-or-later
// Linked into every test: run by hand, outside CTest and without a display,
// a test that opens a window still runs, offscreen, unless the caller chose
// a platform (QT_QPA_PLATFORM=xcb to watch it).

#include <QByteArray>
#include <QtGlobal>

namespace {

const bool offscreenUnlessChosen = [] {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", QByteArrayLiteral("offscreen"));
    return true;
}();

} // namespace
