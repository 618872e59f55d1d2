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
    qRegisterMetaType<sharescope::DlpackMatrix>();
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

void PythonRunner::start(const PythonRunPlan &plan, const std::vector<PythonRouteId> &routes)
{
    if (m_busy)
        return;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
    m_busy = true;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    // The scripts are read here, on the GUI thread, from the resources.
    std::vector<std::pair<PythonRouteId, std::string>> work;
    work.reserve(routes.size());
    for (const PythonRouteId route : routes)
        work.emplace_back(route, pythonRouteSource(route));
    QPointer<PythonRunner> self(this);
    m_thread = QThread::create([plan, work = std::move(work), stop = m_stop, self] {
        bool stopped = false;
        for (const auto &[route, source] : work) {
            if (stop->load()) {
                stopped = true;
                break;
            }
            const PythonRouteResult result = runPythonRoute(plan, route, source, stop.get());
            QMetaObject::invokeMethod(
                self,
                [self, result, stop] {
                    if (self && !stop->load())
                        emit self->routeFinished(result);
                },
                Qt::QueuedConnection);
        }
        stopped = stopped || stop->load();
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

void PythonRunner::startMatrix(const PythonRunPlan &plan)
{
    if (m_busy)
        return;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
    m_busy = true;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    std::string source = pythonScriptSource("dlpack-matrix");
    QPointer<PythonRunner> self(this);
    m_thread = QThread::create([plan, source = std::move(source), stop = m_stop, self] {
        PythonRunPlan matrixPlan = plan;
        matrixPlan.bytes = 4096;
        const PythonScriptOutput out = runPythonScript(matrixPlan, "dlpack-matrix", source, stop.get());
        DlpackMatrix matrix;
        QString problem;
        if (out.problem != RouteProblem::None) {
            PythonRouteResult shown;
            shown.problem = out.problem;
            shown.detail = out.detail;
            shown.state = RouteState::Failed;
            problem = pythonStateText(shown);
        } else if (auto parsed = parseDlpackMatrixLine(out.line)) {
            matrix = std::move(*parsed);
        } else {
            problem = QString::fromStdString(parsed.error().message);
        }
        const bool stopped = stop->load();
        QMetaObject::invokeMethod(
            self,
            [self, matrix = std::move(matrix), problem, stopped] {
                if (!self)
                    return;
                self->m_busy = false;
                emit self->matrixFinished(matrix, problem);
                emit self->finished(stopped);
            },
            Qt::QueuedConnection);
    });
    m_thread->start();
}

void PythonRunner::stop()
{
    if (m_stop)
        m_stop->store(true);
}

} // namespace sharescope
