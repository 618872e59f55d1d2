// SPDX-License-Identifier: GPL-3.0-or-later
#include "pythontext.h"

#include "bytesize.h"
#include "textconv.h"

#include <QCoreApplication>
#include <QFile>

// The translation context of the Python routes' messages.
class PythonText
{
    Q_DECLARE_TR_FUNCTIONS(PythonText)
};

namespace sharescope {

std::string pythonScriptSource(const std::string &name)
{
    const auto read = [](const QString &path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
    };
    const std::string common = read(QStringLiteral(":/python/route.py"));
    const std::string own = read(QStringLiteral(":/python/%1.py").arg(q(name)));
    return common.empty() || own.empty() ? std::string() : common + "\n" + own;
}

std::string pythonRouteSource(PythonRouteId route)
{
    return pythonScriptSource(std::string(pythonRouteInfo(route).name));
}

QString pythonReasonText(const PythonRouteResult &r)
{
    return r.problem == RouteProblem::None ? q(r.reason) : pythonProblemText(r.problem, r.detail);
}

QString pythonProblemText(RouteProblem problem, const std::string &detail)
{
    switch (problem) {
    case RouteProblem::None:
        return {};
    case RouteProblem::NoInterpreter:
        return PythonText::tr("no python3 was found on PATH; name the interpreter to use");
    case RouteProblem::CannotStart:
        return PythonText::tr("python could not start: %1").arg(q(detail));
    case RouteProblem::Deadline:
        return PythonText::tr("no result within %1; it was stopped").arg(q(detail));
    case RouteProblem::Ended:
        return PythonText::tr("it ended without a result: %1").arg(q(detail));
    case RouteProblem::Flood:
        return PythonText::tr("it printed more than %1 without ending a line; it was stopped")
            .arg(q(formatBytes(pythonLineLimit)));
    case RouteProblem::Unreadable:
        return PythonText::tr("its result could not be read: %1").arg(q(detail));
    case RouteProblem::Stopped:
        return PythonText::tr("stopped");
    }
    return {};
}

QString pythonStateText(const PythonRouteResult &r)
{
    switch (r.state) {
    case RouteState::Measured:
        return {};
    case RouteState::NotRun:
        return PythonText::tr("not run here: %1").arg(pythonReasonText(r));
    case RouteState::Failed:
        return PythonText::tr("failed: %1").arg(pythonReasonText(r));
    }
    return {};
}

QString pythonHandOffText(HandOff outcome)
{
    switch (outcome) {
    case HandOff::Shared:
        return PythonText::tr("shared");
    case HandOff::Copied:
        return PythonText::tr("copied");
    case HandOff::Refused:
        return PythonText::tr("refused");
    case HandOff::Unavailable:
        return PythonText::tr("n/a");
    }
    return {};
}

QString pythonSharedText(const PythonRouteResult &r)
{
    if (!r.shared)
        return PythonText::tr("not checked");
    // Two processes see one memory at two addresses: what shows it is that
    // the first reads the second's writes.
    if (!pythonStepMovesBytes(pythonRouteInfo(r.route))) {
        return *r.shared ? PythonText::tr("yes: the other process's writes, read here")
                         : PythonText::tr("no: the other process's writes were not seen here");
    }
    return *r.shared ? PythonText::tr("yes: one address") : PythonText::tr("no: copied");
}

} // namespace sharescope
