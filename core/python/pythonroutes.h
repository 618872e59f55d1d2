// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ids.h"
#include "phase.h"
#include "result.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// The Python routes of `sharescope python`: what a user of CuPy, PyTorch,
// JAX, numba or pyopencl writes to move the same data ShareScope's modes
// move, measured by the framework itself (resources/python, one file a
// route) and set beside the mode's phase.
enum class PythonRouteId : std::uint8_t {
    CupyDevice,
    CupyPinned,
    CupyManaged,
    CupyThreads,
    TorchDevice,
    TorchPinned,
    TorchMultiprocessing,
    JaxDevice,
    JaxPinnedHost,
    NumbaDevice,
    NumbaPinned,
    NumbaMapped,
    NumbaManaged,
    NumbaIpc,
    PyopenclUseHostPtr,
    PyopenclAllocHostPtr,
    TensorflowDevice,
};

struct PythonRouteInfo
{
    PythonRouteId id = PythonRouteId::CupyDevice;
    std::string_view name; // "cupy-pinned", also its script's name (resources/python/cupy-pinned.py)
    std::string_view framework; // the module it imports: "cupy"
    ModeId mode = ModeId::Device; // ShareScope's mode that does the same
    Phase phase = Phase::ToDevice; // the step the route times, and the mode's phase beside it
};

std::span<const PythonRouteInfo> pythonRoutes(); // in PythonRouteId order
// Whether the route's step moves its bytes, so that a bandwidth means
// something: an ipc-open maps memory and moves none.
constexpr bool pythonStepMovesBytes(const PythonRouteInfo &route)
{
    return route.phase != Phase::IpcOpen;
}
const PythonRouteInfo &pythonRouteInfo(PythonRouteId id);
std::optional<PythonRouteId> pythonRouteFromName(std::string_view name);
// "all", or route names separated by commas; an unknown name is an error
// that names it and the accepted ones.
Result<std::vector<PythonRouteId>> parsePythonRoutes(std::string_view list);

// What became of a route.
enum class RouteState : std::uint8_t {
    Measured,
    NotRun, // the route cannot run here: reason (a missing package, no GPU the framework sees)
    Failed, // it ran and failed: reason (the framework's message), or problem
};

// Where ShareScope, not the route, says why a route has no result.
enum class RouteProblem : std::uint8_t {
    None,
    NoInterpreter, // no python3 found
    CannotStart, // detail: why
    Deadline, // detail: the deadline
    Ended, // ended without a line; detail: how it ended
    Flood, // a line longer than the limit
    Unreadable, // detail: what was wrong with the line
    Stopped, // the user stopped it
};

// Whether a problem means the script could not run here at all (no
// interpreter, or one that does not start), not that it failed.
inline bool problemMeansNotRun(RouteProblem problem)
{
    return problem == RouteProblem::NoInterpreter || problem == RouteProblem::CannotStart;
}

struct PythonRouteResult
{
    PythonRouteId route = PythonRouteId::CupyDevice;
    RouteState state = RouteState::Failed;
    RouteProblem problem = RouteProblem::None;
    std::string detail; // of the problem
    std::string reason; // the route's own, for NotRun and Failed
    std::string framework; // "cupy 14.2"
    std::string memory; // what the route used, in its words
    std::uint64_t bytes = 0; // moved or touched by the step
    std::uint64_t medianNs = 0; // host time of the step, the median of `samples`
    int samples = 0;
    std::optional<bool> shared; // the same address on both sides; empty where not checked
};

// The longest line a route may print, and the longest text in it.
inline constexpr std::size_t pythonLineLimit = 64 * 1024;
inline constexpr std::size_t pythonTextLimit = 1024;

// One route's output line, checked: valid JSON naming `route`, a known
// state, and for a measured route a memory, the route's step, `bytes`
// as asked, a median over 0 and at least one sample. Anything else is an
// error saying what is wrong.
Result<PythonRouteResult> parsePythonRouteLine(PythonRouteId route, std::string_view line, std::uint64_t bytes);

struct PythonRunPlan
{
    std::string interpreter; // a path, or empty: none found
    std::uint64_t bytes = 64ULL << 20; // per buffer
    int iterations = 5;
    int warmup = 1;
    std::chrono::milliseconds deadline{120000}; // per route
};

// What a script printed last, or why ShareScope has nothing from it.
struct PythonScriptOutput
{
    RouteProblem problem = RouteProblem::None;
    std::string detail;
    std::string line; // the last line it printed, when problem is None
};

// Runs `interpreter -c SOURCE --size B --iterations N --warmup W` and takes
// the last line it prints before it ends, within the deadline; `name` is
// what messages call it. Never fails: what goes wrong is the problem.
PythonScriptOutput runPythonScript(const PythonRunPlan &plan, const std::string &name, const std::string &source,
                                   const std::atomic<bool> *stop = nullptr);

// Runs one route: `interpreter -c SOURCE --size B --iterations N --warmup W`,
// reading its one line within the deadline. Never fails: what goes wrong is
// the result's problem. `stop`, where given, is checked every 100 ms: a
// route still running when it is set is killed.
PythonRouteResult runPythonRoute(const PythonRunPlan &plan, PythonRouteId route, const std::string &source,
                                 const std::atomic<bool> *stop = nullptr);

// `name` (default python3) on PATH, or empty; a name with a slash is taken
// as a path, and returned where it is an executable file.
std::string findPython(const std::string &name = "python3");

} // namespace sharescope
