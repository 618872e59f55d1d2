// SPDX-License-Identifier: GPL-3.0-or-later
#include "pythonrunner.h"

#include "metatypes.h"
#include "pythontext.h"

#include <QMetaObject>
#include <QPointer>

namespace sharescope {

PythonRunner::PythonRunner(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<sharescope::PythonRouteResult>();
    qRegisterMetaType<sharescope::DlpackMatrixRun>();
}

PythonRunner::~PythonRunner()
{
    if (m_stop)
        m_stop->store(true);
    if (m_thread) {
        // The route running is killed within 100 ms (runPythonRoute's stop).
        m_thread->wait();
        delete m_thread;
    }
}

bool PythonRunner::begin()
{
    if (m_busy)
        return false;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }
    m_busy = true;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    return true;
}

void PythonRunner::launch(std::function<void()> work)
{
    m_thread = QThread::create([work = std::move(work), stop = m_stop, self = QPointer<PythonRunner>(this)] {
        work();
        const bool stopped = stop->load();
        QMetaObject::invokeMethod(
            self,
            [self, stopped] {
                if (!self)
                    return;
                self->m_busy = false;
                emit self->finished(stopped);
            },
            Qt::QueuedConnection);
    });
    m_thread->start();
}

void PythonRunner::start(const PythonRunPlan &plan, const std::vector<PythonRouteId> &routes)
{
    if (!begin())
        return;
    // The scripts are read here, on the GUI thread, from the resources.
    std::vector<std::pair<PythonRouteId, std::string>> work;
    work.reserve(routes.size());
    for (const PythonRouteId route : routes)
        work.emplace_back(route, pythonRouteSource(route));
    launch([plan, work = std::move(work), stop = m_stop, self = QPointer<PythonRunner>(this)] {
        for (const auto &[route, source] : work) {
            if (stop->load())
                return;
            const PythonRouteResult result = runPythonRoute(plan, route, source, stop.get());
            QMetaObject::invokeMethod(
                self,
                [self, result, stop] {
                    if (self && !stop->load())
                        emit self->routeFinished(result);
                },
                Qt::QueuedConnection);
        }
    });
}

void PythonRunner::startMatrix(const PythonRunPlan &plan)
{
    if (!begin())
        return;
    launch([plan, source = pythonScriptSource("dlpack-matrix"), stop = m_stop, self = QPointer<PythonRunner>(this)] {
        DlpackMatrixRun run = runDlpackMatrix(plan, source, stop.get());
        // Queued before launch's finished, so it arrives first.
        QMetaObject::invokeMethod(
            self,
            [self, run = std::move(run)] {
                if (self)
                    emit self->matrixFinished(run);
            },
            Qt::QueuedConnection);
    });
}

void PythonRunner::stop()
{
    if (m_stop)
        m_stop->store(true);
}

} // namespace sharescope
