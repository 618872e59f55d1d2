// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/dlpackmatrix.h"
#include "python/pythonroutes.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <functional>
#include <memory>

namespace sharescope {

// Runs the Python routes off the GUI thread: each is a child process
// (python3 -c), bounded by its deadline, so the window never waits on one.
// A route's result comes back on the GUI thread as it ends; stop() kills
// the route running within 100 ms and runs no more. Runs no GPU call itself: ShareScope's modes go through the
// RunController like any comparison.
class PythonRunner : public QObject
{
    Q_OBJECT

public:
    explicit PythonRunner(QObject *parent = nullptr);
    ~PythonRunner() override;

    void start(const PythonRunPlan &plan, const std::vector<PythonRouteId> &routes);
    // The hand-offs between frameworks (dlpack-matrix.py), answered by
    // matrixFinished.
    void startMatrix(const PythonRunPlan &plan);
    void stop();
    bool busy() const { return m_busy; }

signals:
    void routeFinished(const sharescope::PythonRouteResult &result);
    void finished(bool stopped);
    // The matrix, or why there is none; before finished.
    void matrixFinished(const sharescope::DlpackMatrixRun &run);

private:
    // A new job, where none runs: the last thread joined, a new stop flag.
    bool begin();
    // Runs `work` on a thread of its own, then emits finished.
    void launch(std::function<void()> work);

    QThread *m_thread = nullptr;
    std::shared_ptr<std::atomic<bool>> m_stop;
    bool m_busy = false;
};

} // namespace sharescope
