// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experimentspec.h"
#include "python/dlpackmatrix.h"
#include "python/pythonreport.h"
#include "report/reportset.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTableWidget;

namespace sharescope {

class PythonModel;
class PythonRunner;

// The Python tab: the user's own routes (CuPy, PyTorch, JAX, numba,
// pyopencl), run with their python3 off the GUI thread at the size set on
// the left, each beside ShareScope's matching mode from a comparison with
// the scale kernel at that size, which "Compare ShareScope's modes" starts
// like any comparison. A route that cannot run here says why.
class PythonTab : public QWidget
{
    Q_OBJECT

public:
    explicit PythonTab(QWidget *parent = nullptr);

    void setExperiment(const ExperimentSpec &spec);
    // A comparison shown: ShareScope's runs beside the routes.
    void setShareScopeRuns(const ReportSet &set);
    void runRoutes();
    // The hand-offs between frameworks (DLPack; __cuda_array_interface__
    // for numba), shown in a table below the routes.
    void runMatrix();
    void stop();
    // A report `sharescope python --json` saved, opened from a file: its
    // routes and ShareScope's times beside them, as measured then.
    void showSaved(const PythonReport &report, const QString &path);
    // While ShareScope runs an experiment, the routes wait: two measurements
    // at once would skew each other.
    void setBlocked(bool blocked);

    PythonModel *model() const { return m_model; }
    QLineEdit *interpreter() const { return m_interpreter; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *compareButton() const { return m_compare; }
    QPushButton *matrixButton() const { return m_matrixButton; }
    QTableWidget *matrixTable() const { return m_matrix; }
    QLabel *status() const { return m_status; }
    bool busy() const;

signals:
    // ShareScope's modes beside the measured routes: a comparison of
    // `modes` with the scale kernel at `bytes`.
    void compareRequested(const std::vector<sharescope::ModeId> &modes, quint64 bytes);
    void finished();

private:
    void routesFinished(bool stopped);
    void showMatrix(const DlpackMatrixRun &run);
    // What to run with: the interpreter named above the table (or python3
    // on PATH) at the experiment's size; none, and the status says why,
    // while something runs or where the interpreter named is not there.
    std::optional<PythonRunPlan> planToRun();
    // Every button's state, from whether something runs or is blocked.
    void updateButtons();

    ExperimentSpec m_spec;
    std::uint64_t m_ranBytes = 0; // the size of the routes' last run
    bool m_blocked = false;
    bool m_matrixJob = false; // the runner's job is the hand-offs, not the routes
    PythonModel *m_model;
    PythonRunner *m_runner;
    QLineEdit *m_interpreter;
    QPushButton *m_run;
    QPushButton *m_stop;
    QPushButton *m_compare;
    QPushButton *m_matrixButton;
    QTableWidget *m_matrix;
    QLabel *m_status;
    QTableView *m_table;
};

} // namespace sharescope
