// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doctor/doctor.h"
#include "ipc.h"
#include "lessons/examples.h"
#include "python/pythonroutes.h"
#include "run/experimentset.h"
#include "windowtab.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace sharescope {

enum class Command {
    Gui,
    Devices,
    Modes,
    Run,
    Compare,
    Sweep,
    Demo,
    IpcExport,
    Calibrate,
    Explain,
    Python,
    Watch,
    Doctor,
    Show
};

// watch: what to watch and how.
struct WatchRequest
{
    QStringList command; // after --
    std::optional<int> pid; // --pid
    bool wait = false; // --wait
    std::uint64_t intervalNs = 100'000'000; // --interval
    bool records = false; // --records
    bool api = true; // --no-api turns it off
    bool quiet = false; // --quiet: no live line
    QString progressPath; // --progress FILE: a JSON line per interval, for the window
};

struct CommandLineOptions
{
    Command command = Command::Gui;
    // run, compare, sweep, demo and gui: what to run. devices, modes,
    // ipc-export and calibrate use its device, ipc-export and calibrate its size.
    RunRequest request;
    bool json = false; // devices and modes: JSON on stdout
    QString jsonPath; // run, compare, sweep, demo, calibrate: a file, or "-" for stdout
    QString csvPath;
    QString tracePath; // Trace Event Format, for Perfetto and chrome://tracing
    bool listDemos = false; // demo without a name, or with --list
    // demo, gui --demo: ask the demo's question before it runs (--predict),
    // or take the answer given (--answer N, 1-based, checked against the
    // question's choices once it is computed).
    bool predict = false;
    std::optional<int> answer;
    // gui
    bool runOnStart = false;
    bool compareOnStart = false;
    bool checkMachineOnStart = false; // Help → Check this machine, as the window opens
    QString screenshotPath; // save the window to this file, then quit
    std::optional<WindowTab> tab;
    std::optional<std::pair<int, int>> windowSize; // --window-size: width, height in pixels
    QString openPath; // a report to open
    std::optional<ExampleId> example; // a shipped example to open (gui), or to print (show; empty: list them)
    // ipc-export
    QString fill = QStringLiteral("index");
    ExportMemory exportMemory = ExportMemory::Device; // --memory (managed is refused, with the reason)
    QString socketPath; // --socket, for vmm and pool; empty for the default
    // explain: a page of allExplanationPages() (a mode's name, or a page on
    // something else, which no ModeId names), empty to list them; and one
    // of its examples' names ("py-cupy"), empty for the page itself.
    QString explainPage;
    QString explainExample;
    bool explainMarkdown = false; // the page as written, not rendered for a terminal
    // python: the interpreter (empty: python3 on PATH), the routes, and
    // how long each may take.
    QString pythonInterpreter;
    std::vector<PythonRouteId> pythonRoutes;
    int pythonTimeoutSeconds = 120;
    bool pythonMatrix = false; // --matrix: the DLPack hand-offs instead of the routes
    WatchRequest watch;
    // doctor: the checks' device, plan and peer; --json in jsonPath.
    doctor::DoctorOptions doctor;
    QString language; // --lang: "en", "zh_CN", or empty for the system's
    bool noArguments = false; // none but perhaps --lang: the window, or the usage where there is no display
};

} // namespace sharescope
