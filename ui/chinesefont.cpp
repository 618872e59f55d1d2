// SPDX-License-Identifier: GPL-3.0-or-later
#include "chinesefont.h"

#include <QFontDatabase>
#include <QStringList>

namespace sharescope {

QString chineseFontFamily()
{
    static const QStringList preferred{
        QStringLiteral("WenQuanYi Micro Hei"), QStringLiteral("Noto Sans CJK SC"),
        QStringLiteral("Source Han Sans SC"),  QStringLiteral("WenQuanYi Zen Hei"),
        QStringLiteral("Droid Sans Fallback"), QStringLiteral("AR PL UMing CN"),
    };
    const QStringList families = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    for (const QString &family : preferred) {
        if (families.contains(family))
            return family;
    }
    return families.value(0);
}

} // namespace sharescope
