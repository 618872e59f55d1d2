// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the files of tst_hostile's cases share: a builder of cases.

#include "hostilecases.h"

namespace hostile {

using Display = HostileCase::Display;

// A quick experiment on the CPU's OpenCL device.
inline const QStringList quick{"--device", "opencl:0", "--size", "4KiB", "--iterations", "1", "--warmup", "0"};

// `arguments` with --option set to `value`: replaced where it is given, else
// added.
inline QStringList with(QStringList arguments, const QString &option, const QString &value)
{
    const qsizetype at = arguments.indexOf(option);
    if (at >= 0 && at + 1 < arguments.size())
        arguments[at + 1] = value;
    else
        arguments << option << value;
    return arguments;
}

inline QStringList without(QStringList arguments, const QString &option)
{
    const qsizetype at = arguments.indexOf(option);
    if (at >= 0)
        arguments.remove(at, 2);
    return arguments;
}

class Builder
{
public:
    std::vector<HostileCase> cases;

    HostileCase &add(const QString &name, const QStringList &arguments, int exitCode)
    {
        HostileCase c;
        c.name = name;
        c.arguments = arguments;
        c.exitCode = exitCode;
        cases.push_back(c);
        return cases.back();
    }

    // --option VALUE on top of `base`, refused as a bad argument whose
    // message names the value (or `named`, the part of it at fault); then
    // the option without its value, and given twice (with `good`).
    void badValues(const QStringList &command, const QStringList &base, const QString &option, const QString &good,
                   const QStringList &values, const QStringList &named = {})
    {
        const QString prefix = command.join(QLatin1Char(' '));
        for (qsizetype i = 0; i < values.size(); ++i) {
            const QString &value = values[i];
            HostileCase &c = add(QStringLiteral("%1 %2 '%3'").arg(prefix, option, value.left(24)),
                                 command + with(base, option, value), 2);
            if (!value.trimmed().isEmpty() && value.size() < 100)
                c.mentions = named.value(i, value);
        }
        add(QStringLiteral("%1 %2 without its value").arg(prefix, option), command + without(base, option) << option,
            2);
        add(QStringLiteral("%1 %2 given twice").arg(prefix, option),
            command + with(base, option, good) << option << good, 2)
            .mentions
            = option;
    }
};

// The window's cases: reports to open, paths, headless screenshots, signals.
void windowCases(Builder &b, const HostileFixtures &f);

} // namespace hostile
