// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandlineoptions.h"
#include "result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdint>
#include <optional>

// The translation context of the command line's messages.
class CommandLine
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
};

namespace sharescope {

// The options a subcommand takes, by name; each is declared once here.
namespace option {
QCommandLineOption device(const QString &help);
QCommandLineOption mode();
QCommandLineOption modes(const QString &help);
QCommandLineOption kernel();
QCommandLineOption size(const QString &help);
QCommandLineOption sizes();
QCommandLineOption iterations();
QCommandLineOption warmup();
QCommandLineOption stride();
QCommandLineOption rounds();
QCommandLineOption advice();
QCommandLineOption peer();
QCommandLineOption peerAccess();
QCommandLineOption writeCombined();
QCommandLineOption hostThreads();
QCommandLineOption defaultStream();
QCommandLineOption records();
QCommandLineOption noCounters();
QCommandLineOption noClockWarmup();
QCommandLineOption jsonFile();
QCommandLineOption jsonFlag();
QCommandLineOption csvFile();
QCommandLineOption traceFile();
QCommandLineOption language();
QCommandLineOption predict();
QCommandLineOption answer();
} // namespace option

// Reads the values of one parsed subcommand into the options. Each read
// checks syntax only (a number, a size, a name) and returns false after
// recording the first problem; ranges and combinations are the core's.
class OptionReader
{
public:
    explicit OptionReader(const QCommandLineParser &parser)
        : m_parser(parser)
    {
    }

    // Only options found on the command line: asking the parser about one
    // the subcommand does not declare would warn.
    bool isSet(const char *name) const { return m_parser.optionNames().contains(QLatin1String(name)); }
    QString value(const char *name) const { return m_parser.value(QLatin1String(name)); }

    bool readSize(const char *name, std::uint64_t &bytes);
    bool readCount(const char *name, int &value);
    bool readMode(const QString &text, ModeId &mode);
    bool readModes(const char *name, RunRequest &request);
    bool readKernel(KernelId &kernel);
    bool readAdvice(std::optional<Advice> &advice);
    // --peer cuda:N and --peer-access on|off, syntax only: which devices
    // there are, and which modes take them, the core decides.
    bool readPeer(ExperimentSpec &spec);
    // Device, kernel, size, counts, stride, rounds, advice, peer, counters:
    // each where the subcommand takes it.
    bool readExperiment(ExperimentSpec &spec);
    // --json FILE, --csv FILE and --trace FILE; at most one of them "-".
    bool readOutputs(CommandLineOptions &options);

    bool fail(const QString &message);
    bool fail(const Error &error);
    const QString &problem() const { return m_problem; }

private:
    const QCommandLineParser &m_parser;
    QString m_problem;
};

} // namespace sharescope
