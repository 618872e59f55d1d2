#pragma once

#include "experimentset.h"
#include "windowtab.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace sharescope {

enum class Command { Gui, Devices, Modes, Run, Compare, Sweep, Demo, IpcExport, Calibrate };

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
    // gui
    bool runOnStart = false;
    bool compareOnStart = false;
    QString screenshotPath; // save the window to this file, then quit
    std::optional<WindowTab> tab;
    QString openPath; // a report to open
    // ipc-export
    QString fill = QStringLiteral("index");
    bool managedMemory = false; // --memory managed (refused, with the reason)
    QString language; // --lang: "en", "zh_CN", or empty for the system's
    bool noArguments = false; // none but perhaps --lang: the window, or the usage where there is no display
};

struct CommandLineResult
{
    enum class Status { Ok, Help, Version, Error };
    Status status = Status::Ok;
    CommandLineOptions options;
    QString text; // help text, version text, or the error message
    int exitCode() const { return status == Status::Error ? 2 : 0; }
};

// Parses the arguments (arguments[0] is the program) without side effects, so
// that tests can call it without starting a process. The parser checks the
// syntax (numbers, sizes, names); the core checks ranges and combinations,
// with the same messages the window shows.
CommandLineResult parseCommandLine(const QStringList &arguments);

// The value of --lang among the arguments when it is one the program speaks,
// else empty; the parser reports a bad one.
QString languageArgument(const QStringList &arguments);

// The top-level usage: the subcommands and what each is for.
QString usageText();

} // namespace sharescope
