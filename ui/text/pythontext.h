// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/dlpackmatrix.h"
#include "python/pythonroutes.h"

#include <QString>

#include <string>

namespace sharescope {

// What the command line and the Python tab say of a route, in the reader's
// language.

// The route's script as python3 -c runs it: the shared part
// (resources/python/route.py), then its own; empty if either is missing.
std::string pythonRouteSource(PythonRouteId route);
// The same for another script of resources/python ("dlpack-matrix").
std::string pythonScriptSource(const std::string &name);
// Why a route has no result: its own reason, or what ShareScope saw.
QString pythonReasonText(const PythonRouteResult &result);
// What ShareScope saw of a script that gave no result (`problem` not None).
QString pythonProblemText(RouteProblem problem, const std::string &detail);
// "not run here: …", "failed: …"; empty for a measured route.
QString pythonStateText(const PythonRouteResult &result);
// "shared", "copied", "refused", "n/a".
QString pythonHandOffText(HandOff outcome);
// "yes: one address", "no: copied", "not checked"; for a route that opens
// another process's memory, whether this process read the other's writes.
QString pythonSharedText(const PythonRouteResult &r);

} // namespace sharescope
