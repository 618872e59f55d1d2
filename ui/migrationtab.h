// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/runreport.h"

#include <QWidget>

#include <utility>
#include <vector>

class QLabel;
class QSlider;
class QSplitter;
class QTableView;

namespace sharescope {

class CountersModel;
class MigrationChart;
class ResidencyMap;

// The Migration tab: unified-memory counters per phase and how complete
// they are, migrated bytes, and where the managed buffers' pages were after
// each phase, with where the map comes from.
class MigrationTab : public QWidget
{
    Q_OBJECT

public:
    explicit MigrationTab(QWidget *parent = nullptr);
    void clear();
    void setReport(const RunReport &report);
    CountersModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    MigrationChart *chart() const { return m_chart; }
    ResidencyMap *map() const { return m_map; }
    QSlider *slider() const { return m_slider; }
    QLabel *note() const { return m_note; }
    QLabel *mapSource() const { return m_mapSource; }

    // The legend's entries, for tests: each place and its label.
    const std::vector<std::pair<Location, QLabel *>> &legend() const { return m_swatches; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitTable();
    void hideUnreportedColumns();
    void showSnapshot(int index);
    void nameThePlaces(const RunReport &report);

    CountersModel *m_model;
    QTableView *m_table;
    MigrationChart *m_chart;
    ResidencyMap *m_map;
    QSlider *m_slider;
    QLabel *m_snapshotLabel;
    QLabel *m_note;
    QLabel *m_mapSource;
    QWidget *m_bottom; // the map and the chart
    QSplitter *m_splitter; // the table above, m_bottom below
    bool m_userSized = false; // the user moved the splitter: it stays where they put it
    QWidget *m_mapArea;
    std::vector<std::pair<Location, QLabel *>> m_swatches;
};

} // namespace sharescope
