// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace sharescope {

// A read-only table of a model, as every tab shows one: rows selected
// whole, each column as wide as its contents, and the width the table has
// to spare shared among the columns in proportion to that, so that no
// column takes it all (shareWidthByContent).
QTableView *makeTable(QAbstractItemModel *model, QWidget *parent);

// Sizes the table's columns to their contents (the header's and the rows'
// on screen) and shares what is left of the viewport's width among them in
// proportion, again whenever the table is resized or its model changes.
// Narrower than the contents, the table scrolls.
void shareWidthByContent(QTableView *table);

// The table's least height: its header, `rows` rows of the default height
// and a horizontal scroll bar; what is beside it gives way first.
void keepRowsVisible(QTableView *table, int rows);

} // namespace sharescope
