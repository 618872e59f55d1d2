// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowtab.h"

namespace sharescope {

QStringList windowTabNames()
{
    return {QStringLiteral("timeline"), QStringLiteral("migration"), QStringLiteral("buffers"),
            QStringLiteral("compare"),  QStringLiteral("sweep"),     QStringLiteral("explain"),
            QStringLiteral("python"),   QStringLiteral("watch")};
}

std::optional<WindowTab> windowTabFromName(const QString &name)
{
    const qsizetype index = windowTabNames().indexOf(name);
    if (index < 0)
        return std::nullopt;
    return static_cast<WindowTab>(index);
}

} // namespace sharescope
