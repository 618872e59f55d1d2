// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHeaderView>

namespace sharescope {

// A sortable table's header that keeps room for the sort arrow only in the
// column sorted by. QHeaderView widens every column by an arrow's width
// when sorting is on, which gave the Compare table a scroll bar at the
// window's default size.
class SortHeaderView : public QHeaderView
{
    Q_OBJECT

public:
    explicit SortHeaderView(QWidget *parent = nullptr);

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override;
};

} // namespace sharescope
