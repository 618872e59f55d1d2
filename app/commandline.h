// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandlineoptions.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace sharescope {

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
