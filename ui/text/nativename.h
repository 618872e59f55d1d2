// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <string>

namespace sharescope {

// A file name on Linux is bytes, not text. Qt decodes them as UTF-8 and puts
// U+FFFD in place of a byte that is not (0xFF never is), and encodes U+FFFD
// back as three other bytes: such a name cannot be opened by the QString Qt
// gave for it (Qt 6.4: QFile::decodeName and QFile::encodeName do not round-trip
// it either). The command line's arguments are decoded here instead, as
// Python's "surrogateescape" does: each byte that is not part of valid UTF-8
// becomes the lone surrogate U+DC80..U+DCFF, which no decoded text holds, and
// nativeFileName() turns it back into that byte. Everything that hands a name
// to the file system goes through nativeFileName().

// A name's bytes (an argument, a link's target) as a QString; valid UTF-8
// decodes as usual.
QString fromNativeName(const QByteArray &bytes);

// The bytes to give the file system for a name: UTF-8, with each escaped
// byte restored.
QByteArray nativeFileName(const QString &name);

// The same bytes, for the Qt-free core (OutputFile).
inline std::string nativeName(const QString &name)
{
    return nativeFileName(name).toStdString();
}

// The name for a message: each escaped byte written as \xFF.
QString shownFileName(const QString &name);

} // namespace sharescope
