#pragma once

#include "experimentspec.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace sharescope {

enum class Command { Gui, Devices, Modes, Run, Compare, Sweep, Demo, IpcExport };

struct CommandLineOptions
{
    Command command = Command::Gui;
    ExperimentSpec spec; // run, compare and sweep; spec.mode is empty for "the device's default"
    QStringList modes; // compare and sweep: the modes, or just "all"; empty: compare all, sweep the copy mode
    std::vector<std::uint64_t> sizes; // sweep
    bool json = false; // devices and modes: JSON on stdout
    QString jsonPath; // run, compare, sweep: a file, or "-" for stdout
    QString csvPath;
    QString reproduce; // the command as the user could type it again
    // gui
    bool runOnStart = false;
    QString screenshotPath; // save the window to this file, then quit
    QString tab; // timeline, migration, buffers, compare, sweep
    QString openPath; // a report to open
    bool compareOnStart = false;
    QString fill = QStringLiteral("index"); // ipc-export
    bool managedMemory = false; // ipc-export --memory managed (refused, with the reason)
    QString demo; // demo: its id; empty lists the demos (and the window's --demo)
    bool sizeGiven = false; // demo: --size was given, else the demo's own size
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
// that tests can call it without starting a process.
CommandLineResult parseCommandLine(const QStringList &arguments);

// The value of --lang among the arguments when it is one the program speaks,
// else empty; the parser reports a bad one.
QString languageArgument(const QStringList &arguments);

// The top-level usage: the subcommands and what each is for.
QString usageText();

} // namespace sharescope
