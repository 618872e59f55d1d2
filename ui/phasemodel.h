#pragma once

#include "runreport.h"

#include <QAbstractTableModel>

#include <vector>

namespace sharescope {

// The phases of one run, summarised over its measured iterations. Fed a
// snapshot (the report); never touched by the worker thread.
class PhaseModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Columns {
        PhaseColumn,
        TimeColumn,
        MinColumn,
        MaxColumn,
        DeviceColumn,
        MovedColumn,
        BandwidthColumn,
        ColumnCount
    };
    enum Roles { SortRole = Qt::UserRole + 1 };

    using QAbstractTableModel::QAbstractTableModel;

    void setReport(const RunReport &report);
    void clear();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<PhaseSummary> m_rows;
};

} // namespace sharescope
