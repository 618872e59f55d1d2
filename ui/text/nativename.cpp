// SPDX-License-Identifier: GPL-3.0-or-later
#include "nativename.h"

#include <QStringDecoder>

namespace sharescope {
namespace {

constexpr char16_t firstEscape = 0xDC80; // stands for byte 0x80
constexpr char16_t lastEscape = 0xDCFF; // byte 0xFF

// The length of the valid UTF-8 sequence at `at` (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF), or 0.
qsizetype validSequence(const QByteArray &bytes, qsizetype at)
{
    const auto byte = [&](qsizetype i) { return static_cast<unsigned char>(bytes[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80)
        return 1;
    qsizetype length = 0;
    unsigned char low = 0x80; // the second byte's range
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        low = lead == 0xE0 ? 0xA0 : 0x80;
        high = lead == 0xED ? 0x9F : 0xBF;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        low = lead == 0xF0 ? 0x90 : 0x80;
        high = lead == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (at + length > bytes.size() || byte(at + 1) < low || byte(at + 1) > high)
        return 0;
    for (qsizetype i = 2; i < length; ++i) {
        if (byte(at + i) < 0x80 || byte(at + i) > 0xBF)
            return 0;
    }
    return length;
}

// Valid UTF-8 as text; QString::fromUtf8 would drop a leading byte order
// mark, which is part of a name like any other character.
QString decoded(const char *bytes, qsizetype size)
{
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return utf8.decode(QByteArrayView(bytes, size));
}

// Whether name[i] stands for a byte: an escape that is not the second half
// of a surrogate pair.
bool isEscape(const QString &name, qsizetype i)
{
    const char16_t c = name[i].unicode();
    return c >= firstEscape && c <= lastEscape && (i == 0 || !name[i - 1].isHighSurrogate());
}

} // namespace

QString fromNativeName(const QByteArray &bytes)
{
    QString text;
    qsizetype runStart = 0;
    for (qsizetype at = 0; at < bytes.size();) {
        if (const qsizetype length = validSequence(bytes, at)) {
            at += length;
            continue;
        }
        text += decoded(bytes.constData() + runStart, at - runStart);
        text += QChar(static_cast<char16_t>(0xDC00 + static_cast<unsigned char>(bytes[at])));
        runStart = ++at;
    }
    return text + decoded(bytes.constData() + runStart, bytes.size() - runStart);
}

QByteArray nativeFileName(const QString &name)
{
    QByteArray bytes;
    qsizetype runStart = 0;
    for (qsizetype i = 0; i < name.size(); ++i) {
        if (!isEscape(name, i))
            continue;
        bytes += QStringView(name).mid(runStart, i - runStart).toUtf8();
        bytes += static_cast<char>(name[i].unicode() - 0xDC00);
        runStart = i + 1;
    }
    return bytes + QStringView(name).mid(runStart).toUtf8();
}

QString shownFileName(const QString &name)
{
    QString shown;
    qsizetype runStart = 0;
    for (qsizetype i = 0; i < name.size(); ++i) {
        if (!isEscape(name, i))
            continue;
        shown += QStringView(name).mid(runStart, i - runStart);
        shown += QStringLiteral("\\x") + QString::number(name[i].unicode() - 0xDC00, 16).toUpper();
        runStart = i + 1;
    }
    return shown + QStringView(name).mid(runStart);
}

} // namespace sharescope
