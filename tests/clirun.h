// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>

// The built sharescope binary, run as a user runs it, for the tests that
// drive it from outside (label cli).
struct CliOutcome
{
    int exitCode = -1; // -1: it crashed or was killed
    QByteArray out;
    QString err;
};

// SHARESCOPE_BINARY overrides the build's path where the build folder has
// moved (a copy on another machine).
inline QString sharescopeBinary()
{
    return qEnvironmentVariable("SHARESCOPE_BINARY", QStringLiteral(SHARESCOPE_BINARY));
}

// In English (LC_ALL=C.UTF-8); `setup` may change the process before it
// starts (its environment, where its output goes).
inline CliOutcome runSharescope(const QStringList &arguments, const std::function<void(QProcess &)> &setup = {},
                                int timeoutMs = 300000)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    environment.remove(QStringLiteral("LANGUAGE"));
    process.setProcessEnvironment(environment);
    if (setup)
        setup(process);
    process.start(sharescopeBinary(), arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            QString::fromUtf8(process.readAllStandardError())};
}
