#pragma once

#include "reportjson.h"

#include <QAbstractTableModel>

#include <vector>

namespace sharescope {

// One row per mode of a compare: the per-phase medians, the iteration, bytes
// moved and migrated, faults, kernel bandwidth. SortRole gives numbers, so
// that a QSortFilterProxyModel sorts by value, not by text.
class CompareModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Columns {
        ModeColumn,
        HostInitColumn,
        ToDeviceColumn,
        KernelColumn,
        ToHostColumn,
        HostReadColumn,
        IterationColumn,
        MovedColumn,
        KernelBandwidthColumn,
        MigratedColumn,
        FaultsColumn,
        VerifiedColumn,
        ColumnCount
    };
    enum Roles { SortRole = Qt::UserRole + 1 };

    using QAbstractTableModel::QAbstractTableModel;

    void setReports(const ReportSet &set);
    void clear();
    const ReportSet &reports() const { return m_set; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        std::string mode;
        IterationTotals totals;
        bool verified = false;
    };
    ReportSet m_set;
    std::vector<Row> m_rows;
};

} // namespace sharescope
