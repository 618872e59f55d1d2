#pragma once

#include "runreport.h"

#include <QWidget>

class QLabel;
class QSlider;
class QTableView;

namespace sharescope {

class CountersModel;
class MigrationChart;
class PhaseModel;
class ResidencyMap;
class TimelinePlot;

// The Timeline tab: the run phase by phase, and the phase table.
class TimelineTab : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineTab(QWidget *parent = nullptr);
    void clear();
    void addPhase(int iteration, bool warmup, const PhaseResult &result);
    void setReport(const RunReport &report);
    TimelinePlot *plot() const { return m_plot; }
    PhaseModel *model() const { return m_model; }

private:
    TimelinePlot *m_plot;
    PhaseModel *m_model;
    QTableView *m_table;
    QLabel *m_summary;
};

// The Migration tab: unified-memory counters per phase, migrated bytes, and
// where the managed buffers' pages were after each phase.
class MigrationTab : public QWidget
{
    Q_OBJECT

public:
    explicit MigrationTab(QWidget *parent = nullptr);
    void clear();
    void setReport(const RunReport &report);
    MigrationChart *chart() const { return m_chart; }
    ResidencyMap *map() const { return m_map; }
    QSlider *slider() const { return m_slider; }

private:
    void showSnapshot(int index);

    CountersModel *m_model;
    QTableView *m_table;
    MigrationChart *m_chart;
    ResidencyMap *m_map;
    QSlider *m_slider;
    QLabel *m_snapshotLabel;
    QLabel *m_note;
    QWidget *m_counterArea;
    QWidget *m_mapArea;
};

} // namespace sharescope
