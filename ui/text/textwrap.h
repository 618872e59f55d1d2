// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace sharescope {

// The columns `text` takes in a terminal: East Asian wide and full-width
// characters (Chinese, full-width punctuation) take two, others one.
int displayWidth(const QString &text);

// `paragraph` broken into lines of at most `width` columns, where Unicode's
// line-breaking rules allow: at spaces, and between Chinese characters but
// not before a closing mark (，。）) or after an opening one. A word wider
// than `width` (a long path) stays whole on a line of its own. A newline in
// the paragraph is kept.
QStringList wrapToWidth(const QString &paragraph, int width);

// `text` that a word-wrapping label breaks nowhere inside: a WORD JOINER
// (U+2060, drawn as nothing) between its characters, where Chinese allows
// a break anywhere, and no-break spaces for its spaces. For a label of
// short items ("64 GiB · 与主机共用内存") that may wrap between items only.
QString unbreakable(const QString &text);

} // namespace sharescope
