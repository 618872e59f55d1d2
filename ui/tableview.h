#pragma once

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace sharescope {

// A read-only table of a model, as every tab shows one: rows selected
// whole, columns sized to their contents, the last stretched.
QTableView *makeTable(QAbstractItemModel *model, QWidget *parent);

} // namespace sharescope
