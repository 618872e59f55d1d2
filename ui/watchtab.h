// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ids.h"
#include "result.h"
#include "snapshotmodel.h"
#include "watch/watcher.h"
#include "watch/watchreport.h"

#include <QWidget>

#include <map>
#include <optional>

class QCustomPlot;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace sharescope {

class WatchSource;

// The processes of a watch, one row each: the latest counts, how each was
// counted, and (once it ended) what may be missing.
class WatchProcessModel : public SnapshotModel<watch::WatchedProcess>
{
    Q_OBJECT

public:
    enum Columns { Process, Pid, Counted, ToDevice, ToHost, CpuFaults, GpuFaults, Note, ColumnCount };
    using SnapshotModel::SnapshotModel;
    void setProcesses(std::vector<watch::WatchedProcess> processes) { setRows(std::move(processes)); }
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

protected:
    int columns() const override { return ColumnCount; }
    QVariant cell(const watch::WatchedProcess &row, int column, int role) const override;
};

// Your own program, watched: a command (python3 and a script by default),
// Start and Stop, the bytes each process migrates each way and its faults as
// they happen, one line per process, a table of the processes, the routes
// the program took (each linked to its mode's Explain page) and its output.
// The watch runs in a process of its own (WatchSource); the tab draws at
// most ten snapshots a second and never waits on it.
class WatchTab : public QWidget
{
    Q_OBJECT

public:
    explicit WatchTab(QWidget *parent = nullptr);
    // Tests give a source of their own; the tab owns it.
    void setSource(WatchSource *source);

    // A report the user opened (File ▸ Open) or a watch that ended.
    void showReport(const watch::WatchReport &report);
    const std::optional<watch::WatchReport> &report() const { return m_report; }
    bool busy() const;

    QLineEdit *commandField() const { return m_command; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *stopButton() const { return m_stop; }
    QCustomPlot *plot() const { return m_plot; }
    // The plot's first graphs are the key (to device, to host, faults, in
    // grey); each process's three lines follow, in the order they came.
    static constexpr int keyGraphs = 3;
    WatchProcessModel *model() const { return m_model; }
    QTextBrowser *routes() const { return m_routes; }
    QPlainTextEdit *outputPane() const { return m_output; }
    QLabel *status() const { return m_status; }
    QLabel *howItWorks() const { return m_how; }

public slots:
    void start();
    void stop();
    // Save: JSON, CSV or the plot's PNG, by the name's suffix.
    void save();
    Status saveTo(const QString &path);

signals:
    // A route's link: the Explain page of the mode that shows it measured.
    void explainRequested(const QString &mode);
    // The watch ended: finished with its report, or failed.
    void ended();

private:
    void chooseScript();
    void onProgress(const watch::WatchProgress &progress);
    void onFinished(const watch::WatchReport &report);
    void onFailed(const QString &message);
    void setRunning(bool running);
    void clearPlot();
    struct Series;
    // A snapshot of one process's counts, drawn as rates since its last.
    // gapMeansIdle: the samples come from a report, which keeps one only
    // where the counts changed.
    void addPoint(int pid, const QString &name, double seconds, const uvm::UvmCounterValues &values, double interval,
                  bool gapMeansIdle);
    void addRates(Series &series, double seconds, const uvm::UvmCounterValues &values);
    void showRoutes(const watch::WatchReport &report);

    WatchSource *m_source = nullptr;
    QLineEdit *m_command;
    QPushButton *m_browse;
    QPushButton *m_start;
    QPushButton *m_stop;
    QPushButton *m_save;
    QLabel *m_status;
    QLabel *m_how; // a link to the Explain page "watch"
    QCustomPlot *m_plot;
    WatchProcessModel *m_model;
    QTableView *m_table;
    QTextBrowser *m_routes;
    QPlainTextEdit *m_output;
    std::optional<watch::WatchReport> m_report;
    // Per process: its graphs and its last point, for the rate since.
    struct Series
    {
        int toDevice = -1; // graph indices
        int toHost = -1;
        int faults = -1;
        double lastSeconds = 0;
        uvm::UvmCounterValues last;
    };
    std::map<int, Series> m_series;
};

} // namespace sharescope
