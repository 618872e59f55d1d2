// SPDX-License-Identifier: GPL-3.0-or-later
#include "sortheader.h"

#include <QStyle>

namespace sharescope {

SortHeaderView::SortHeaderView(QWidget *parent)
    : QHeaderView(Qt::Horizontal, parent)
{
    setSectionsClickable(true);
    setHighlightSections(false);
    // The arrow's room moves to the column now sorted by.
    connect(this, &QHeaderView::sortIndicatorChanged, this, [this] { resizeSections(); });
}

QSize SortHeaderView::sectionSizeFromContents(int logicalIndex) const
{
    QSize size = QHeaderView::sectionSizeFromContents(logicalIndex);
    // What the style added for the arrow (QCommonStyle, CT_HeaderSection):
    // the section's height and a margin.
    if (isSortIndicatorShown() && logicalIndex != sortIndicatorSection())
        size.rwidth() -= size.height() + style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    return size;
}

} // namespace sharescope
