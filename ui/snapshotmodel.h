// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractTableModel>

#include <vector>

namespace sharescope {

// A flat table fed whole snapshots: the rows are replaced at once (a model
// reset), never changed in place, and only on the GUI thread. Subclasses say
// how many columns there are and what each cell shows.
template<typename Row>
class SnapshotModel : public QAbstractTableModel
{
public:
    using QAbstractTableModel::QAbstractTableModel;

    void clear() { setRows({}); }

    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
    }
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : columns(); }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
            return {};
        return cell(m_rows[static_cast<std::size_t>(index.row())], index.column(), role);
    }

protected:
    void setRows(std::vector<Row> rows)
    {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }
    const std::vector<Row> &rows() const { return m_rows; }

    virtual int columns() const = 0;
    virtual QVariant cell(const Row &row, int column, int role) const = 0;

private:
    std::vector<Row> m_rows;
};

} // namespace sharescope
