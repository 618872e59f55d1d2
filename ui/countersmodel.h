#pragma once

#include "runreport.h"

#include <QAbstractTableModel>

#include <vector>

namespace sharescope {

// The unified-memory counters of a run, one row per phase (medians over the
// measured iterations). A counter the driver did not report shows as "not
// reported", never as zero.
class CountersModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Columns {
        PhaseColumn,
        HostToDeviceColumn,
        DeviceToHostColumn,
        CpuFaultsColumn,
        GpuFaultGroupsColumn,
        ThrashingColumn,
        ThrottlingColumn,
        RemoteMapsColumn,
        ColumnCount
    };
    enum Roles { ValueRole = Qt::UserRole + 1 }; // the number, or an invalid QVariant when not reported

    using QAbstractTableModel::QAbstractTableModel;

    void setReport(const RunReport &report);
    void clear();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        Phase phase;
        Counters counters;
    };
    std::vector<Row> m_rows;
};

} // namespace sharescope
