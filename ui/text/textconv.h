// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>
#include <string_view>

namespace sharescope {

// The core speaks UTF-8 std::string; the front ends speak QString.
inline QString q(const std::string &text)
{
    return QString::fromStdString(text);
}
inline QString q(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}
inline QString q(const char *text)
{
    return QString::fromUtf8(text);
}
inline std::string s(const QString &text)
{
    return text.toStdString();
}

} // namespace sharescope
