// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Marks a string of the Qt-free core for translation without translating it:
// lupdate is told that this is QT_TRANSLATE_NOOP, and the front ends look the
// English text up with QCoreApplication::translate(context, text).
#define SHARESCOPE_TR_NOOP(context, text) text
