// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <vector>

// Hostile command lines for the built binary, each with the exit code the
// README documents for it: 0 done, 1 the run failed, 2 bad arguments, 3 not
// supported on this device. Generated, so that every subcommand meets every
// kind of odd value.
struct HostileCase
{
    enum class Display { None, Offscreen, Bogus }; // QT_QPA_PLATFORM unset, offscreen, or a plugin that does not exist

    QString name;
    QStringList arguments;
    int exitCode = 2;
    Display display = Display::None;
    // A problem another change fixes: the row is an expected failure, with
    // this as the reason, until then.
    QString knownProblem;
    QString mentions; // stderr names this value (the value at fault)
    QString mustNotExist; // an output file a failed command must not leave
    int signal = 0; // sent 1.5 s after the start
    bool skipAsRoot = false; // root reads a file whatever its mode
};

// The files the cases name, made by the test before it runs them.
struct HostileFixtures
{
    QString dir; // a scratch folder
    QString validReport; // written by `sharescope run`
    QString validCompare;
    QString unicodeReport; // the valid report under a Chinese name with spaces
    QString fifo;
    QString unreadable; // mode 000
    QString loop; // a symbolic link to itself
    QString longName; // a file name longer than the file system allows
    QStringList malformedReports; // each a report the reader must refuse
    QStringList acceptedReports; // odd but valid
};

std::vector<HostileCase> hostileCases(const HostileFixtures &fixtures);

// The reports of HostileFixtures, from a valid one: truncated, mistyped,
// inconsistent, huge, deep. Names and contents.
std::vector<std::pair<QString, QByteArray>> malformedReports(const QByteArray &valid);
std::vector<std::pair<QString, QByteArray>> acceptedReports(const QByteArray &valid);
