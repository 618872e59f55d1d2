// SPDX-License-Identifier: GPL-3.0-or-later
#include "pythontab.h"

#include "bytesize.h"
#include "pythonmodel.h"
#include "pythonrunner.h"
#include "pythontext.h"
#include "tableview.h"
#include "textconv.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace sharescope {

PythonTab::PythonTab(QWidget *parent)
    : QWidget(parent)
    , m_model(new PythonModel(this))
    , m_runner(new PythonRunner(this))
    , m_interpreter(new QLineEdit(this))
    , m_run(new QPushButton(tr("Run the routes"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_compare(new QPushButton(tr("Compare ShareScope's modes"), this))
    , m_matrixButton(new QPushButton(tr("Hand-offs (DLPack)"), this))
    , m_matrix(new QTableWidget(this))
    , m_status(new QLabel(this))
    , m_table(new QTableView(this))
{
    const std::string found = findPython();
    m_interpreter->setPlaceholderText(found.empty() ? tr("python3 (none found on PATH)") : q(found));
    m_interpreter->setToolTip(tr("The Python interpreter whose packages the routes use; empty: python3 on PATH. "
                                 "ShareScope installs nothing: a route whose package this interpreter lacks says "
                                 "so."));
    m_compare->setToolTip(tr("Compare the modes beside the measured routes, with the scale kernel (one buffer, as "
                             "the routes move) at the routes' size"));
    auto *intro = new QLabel(tr("What you would write in CuPy, PyTorch, JAX, numba or pyopencl, run with your own "
                                "Python at the size set on the left, each beside ShareScope's mode that moves the "
                                "same data: the step's time (median after warm-up), the ratio, and whether both "
                                "sides use the same memory."),
                             this);
    intro->setWordWrap(true);
    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Interpreter:"), this));
    row->addWidget(m_interpreter, 1);
    row->addWidget(m_run);
    row->addWidget(m_stop);
    row->addWidget(m_compare);
    row->addWidget(m_matrixButton);
    m_matrixButton->setToolTip(tr("Hand each framework's device, pinned and managed arrays to each other framework "
                                  "(DLPack; __cuda_array_interface__ for numba): shared, copied or refused"));
    m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrix->verticalHeader()->setDefaultSectionSize(m_matrix->fontMetrics().height() + 6);
    m_matrix->hide();
    m_table->setModel(m_model);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->resizeColumnsToContents(); // the headers whole before any row
    m_status->setWordWrap(true); // a long message wraps; it never widens the window
    m_status->setText(tr("Run the routes to measure them here, with the packages your Python has (ShareScope "
                         "installs none); a route whose package is missing says so. The same routes on an NVIDIA "
                         "H200: docs/measurements.md, Key results (Help ▸ Documentation)."));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(row);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_matrix, 1);

    connect(m_run, &QPushButton::clicked, this, &PythonTab::runRoutes);
    connect(m_stop, &QPushButton::clicked, this, &PythonTab::stop);
    connect(m_compare, &QPushButton::clicked, this,
            [this] { emit compareRequested(m_model->matchingModes(), m_ranBytes); });
    connect(m_runner, &PythonRunner::routeFinished, this, [this](const PythonRouteResult &result) {
        std::vector<PythonRouteResult> results = m_model->results();
        results.push_back(result);
        m_model->setResults(std::move(results));
        m_table->resizeColumnsToContents();
        m_status->setText(tr("%1 of %2 routes done…").arg(m_model->rowCount()).arg(pythonRoutes().size()));
    });
    connect(m_runner, &PythonRunner::finished, this, &PythonTab::routesFinished);
    connect(m_runner, &PythonRunner::matrixFinished, this, &PythonTab::showMatrix);
    connect(m_matrixButton, &QPushButton::clicked, this, &PythonTab::runMatrix);
    updateButtons();
}

bool PythonTab::busy() const
{
    return m_runner->busy();
}

void PythonTab::setExperiment(const ExperimentSpec &spec)
{
    m_spec = spec;
}

void PythonTab::setShareScopeRuns(const ReportSet &set)
{
    m_model->setShareScopeRuns(set);
    m_table->resizeColumnsToContents();
}

void PythonTab::runRoutes()
{
    auto plan = planToRun();
    if (!plan)
        return;
    m_ranBytes = plan->bytes;
    std::vector<PythonRouteId> routes;
    for (const PythonRouteInfo &route : pythonRoutes())
        routes.push_back(route.id);
    m_model->setResults({});
    m_matrixJob = false;
    m_status->setText(
        tr("Running %1 routes at %2 per buffer with %3…")
            .arg(routes.size())
            .arg(q(formatBytes(plan->bytes)), plan->interpreter.empty() ? tr("no interpreter") : q(plan->interpreter)));
    m_runner->start(*plan, routes);
    updateButtons();
}

std::optional<PythonRunPlan> PythonTab::planToRun()
{
    if (m_runner->busy())
        return std::nullopt;
    if (m_blocked) {
        m_status->setText(tr("ShareScope is running an experiment; run the routes when it is done."));
        return std::nullopt;
    }
    const QString chosen = m_interpreter->text().trimmed();
    PythonRunPlan plan;
    plan.interpreter = findPython(chosen.isEmpty() ? "python3" : s(chosen));
    if (!chosen.isEmpty() && plan.interpreter.empty()) {
        m_status->setText(tr("No such executable: %1 (a path, or a name on PATH).").arg(chosen));
        return std::nullopt;
    }
    plan.bytes = m_spec.bytes;
    plan.iterations = m_spec.iterations;
    plan.warmup = m_spec.warmup;
    return plan;
}

void PythonTab::updateButtons()
{
    const bool idle = !m_blocked && !m_runner->busy();
    m_run->setEnabled(idle);
    m_matrixButton->setEnabled(idle);
    m_stop->setEnabled(m_runner->busy());
    m_compare->setEnabled(idle && !m_model->matchingModes().empty());
}

void PythonTab::runMatrix()
{
    const auto plan = planToRun();
    if (!plan)
        return;
    m_matrixJob = true;
    m_status->setText(tr("Handing arrays between frameworks with %1…")
                          .arg(plan->interpreter.empty() ? tr("no interpreter") : q(plan->interpreter)));
    m_runner->startMatrix(*plan);
    updateButtons();
}

void PythonTab::showMatrix(const DlpackMatrixRun &run)
{
    m_matrix->clear();
    m_matrix->show();
    if (run.problem != RouteProblem::None) {
        m_matrix->setRowCount(0);
        m_matrix->setColumnCount(0);
        m_status->setText(tr("The hand-offs did not run: %1").arg(pythonProblemText(run.problem, run.detail)));
        return;
    }
    const DlpackMatrix &matrix = run.matrix;
    QStringList versions;
    for (const auto &[name, version] : matrix.versions)
        versions << QStringLiteral("%1 %2").arg(q(name), q(version));
    m_status->setText(tr("Hand-offs between frameworks · %1; a cell's tooltip holds the consumer's message")
                          .arg(versions.isEmpty() ? tr("no framework found") : versions.join(QStringLiteral(", "))));
    QStringList columns;
    for (const std::string_view consumer : dlpackFrameworks)
        columns << tr("to %1").arg(q(consumer));
    m_matrix->setColumnCount(static_cast<int>(dlpackFrameworks.size()));
    m_matrix->setHorizontalHeaderLabels(columns);
    m_matrix->setRowCount(static_cast<int>(dlpackFrameworks.size() * dlpackMemories.size()));
    QStringList rows;
    int row = 0;
    for (const std::string_view producer : dlpackFrameworks) {
        for (const std::string_view memory : dlpackMemories) {
            rows << QStringLiteral("%1 %2").arg(q(producer), q(memory));
            int column = 0;
            for (const std::string_view consumer : dlpackFrameworks) {
                const auto cell = std::ranges::find_if(matrix.cells, [&](const DlpackCell &c) {
                    return c.producer == producer && c.memory == memory && c.consumer == consumer;
                });
                auto *item = new QTableWidgetItem(cell == matrix.cells.end() ? QStringLiteral("—")
                                                                             : pythonHandOffText(cell->outcome));
                if (cell != matrix.cells.end() && !cell->message.empty())
                    item->setToolTip(q(cell->message));
                m_matrix->setItem(row, column++, item);
            }
            ++row;
        }
    }
    m_matrix->setVerticalHeaderLabels(rows);
    m_matrix->resizeColumnsToContents();
}

void PythonTab::setBlocked(bool blocked)
{
    m_blocked = blocked;
    updateButtons();
}

void PythonTab::stop()
{
    m_runner->stop();
}

void PythonTab::routesFinished(bool stopped)
{
    updateButtons();
    if (std::exchange(m_matrixJob, false)) {
        if (stopped) // else showMatrix has said what came of it
            m_status->setText(tr("Stopped."));
        emit finished();
        return;
    }
    int ran = 0;
    for (const PythonRouteResult &r : m_model->results())
        ran += r.state == RouteState::Measured ? 1 : 0;
    m_status->setText(
        stopped ? tr("Stopped: %1 routes measured.").arg(ran)
                : tr("%1 of %2 routes measured; the others say why.").arg(ran).arg(m_model->results().size()));
    emit finished();
}

void PythonTab::showSaved(const PythonReport &report, const QString &path)
{
    m_model->setSaved(report.routes, report.modeNs);
    const auto measured = std::ranges::count(report.routes, RouteState::Measured, &PythonRouteResult::state);
    m_status->setText(tr("Opened %1: %2 of %3 routes measured with %4 at %5 per buffer, each beside ShareScope's "
                         "mode as measured then.")
                          .arg(path)
                          .arg(measured)
                          .arg(report.routes.size())
                          .arg(q(report.interpreter), q(formatBytes(report.bytes))));
}

} // namespace sharescope
