// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace sharescope {

// Help ▸ Getting started, as rich text in the current language: the lesson
// path in order, what each lesson needs, and where to go from there.
QString gettingStartedText();

// Where the user's documentation is on this computer: the folder of the
// installed README.md and docs/ (PREFIX/share/doc/sharescope beside the
// program), or the source tree a build runs from; empty where neither is.
QString documentationFolder();

} // namespace sharescope
