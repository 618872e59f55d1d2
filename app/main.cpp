// SPDX-License-Identifier: GPL-3.0-or-later
#include "clirunner.h"
#include "commandline.h"
#include "guiapp.h"
#include "ipc.h"
#include "language.h"
#include "nativename.h"
#include "reporttables.h"
#include "run/countedpassrole.h"
#include "watchcommand.h"

#include <QCoreApplication>
#include <QStringList>

#include <atomic>
#include <csignal>
#include <cstring>

#include <sys/ioctl.h>
#include <unistd.h>

namespace {

// The columns of the terminal standard output goes to; 0 for a pipe or a
// file, whose reader takes the tables whole.
int terminalColumns()
{
    if (isatty(STDOUT_FILENO) != 1)
        return 0;
    winsize size{};
    if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
        return size.ws_col;
    return qEnvironmentVariableIntValue("COLUMNS");
}

std::atomic<bool> cancelRequested{false};
std::atomic<int> stopSignal{0};

// The first SIGINT or SIGTERM asks the engine to stop between phases (and
// free its buffers), and the exit code says which (128 + the signal, as a
// shell expects); a second one ends the process at once.
void onSignal(int signal)
{
    int none = 0;
    stopSignal.compare_exchange_strong(none, signal);
    if (cancelRequested.exchange(true))
        std::_Exit(128 + signal);
}

} // namespace

int main(int argc, char **argv)
{
    // The hidden role of the ipc mode's second process: no Qt, no parsing.
    if (argc == 2 && std::strcmp(argv[1], "ipc-peer") == 0)
        return sharescope::runIpcPeer();
    // The other hidden role: an experiment's counted pass, instruments on.
    if (argc == 2 && std::strcmp(argv[1], "counted-pass") == 0)
        return sharescope::runCountedPassRole();
    // Decoded so that a file name that is not UTF-8 keeps its bytes (see
    // nativename.h): QCoreApplication::arguments() would lose them.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << sharescope::fromNativeName(QByteArray(argv[i]));

    QTextStream out(stdout);
    QTextStream err(stderr);
    // The window makes its own application object (and picks its language,
    // which View -> Language may have chosen) before any message.
    if (const sharescope::CommandLineResult first = sharescope::parseCommandLine(arguments);
        first.status == sharescope::CommandLineResult::Status::Ok && first.options.command == sharescope::Command::Gui
        && sharescope::canShowWindow()) {
        return sharescope::runGui(argc, argv, first.options);
    }

    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sharescope"));
    QCoreApplication::setOrganizationName(QStringLiteral("ShareScope"));
    const QString language = sharescope::languageArgument(arguments);
    sharescope::installLanguage(language.isEmpty() ? sharescope::systemLanguage() : language);
    // Parsed again, so that help and errors speak the user's language.
    const sharescope::CommandLineResult parsed = sharescope::parseCommandLine(arguments);
    switch (parsed.status) {
    case sharescope::CommandLineResult::Status::Help:
    case sharescope::CommandLineResult::Status::Version:
        out << parsed.text << Qt::endl;
        return 0;
    case sharescope::CommandLineResult::Status::Error:
        err << "sharescope: " << parsed.text << Qt::endl;
        return parsed.exitCode();
    case sharescope::CommandLineResult::Status::Ok:
        break;
    }

    if (parsed.options.command == sharescope::Command::Gui) {
        if (parsed.options.noArguments) {
            out << sharescope::usageText();
            err << Qt::endl
                << QCoreApplication::translate("main",
                                               "sharescope: no display here for the window; the commands above work "
                                               "without one.")
                << Qt::endl;
            return 0;
        }
        err << QCoreApplication::translate("main",
                                           "sharescope: there is no display for the window (DISPLAY and "
                                           "WAYLAND_DISPLAY are unset); set QT_QPA_PLATFORM=offscreen to run it "
                                           "without one (for --screenshot)")
            << Qt::endl;
        return 3;
    }

    sharescope::setTableWidth(terminalColumns());
    // A watch passes SIGINT and SIGTERM on to the command it watches, and
    // never ends before it: its own handlers.
    if (parsed.options.command == sharescope::Command::Watch)
        return sharescope::runWatchCommand(parsed.options, out, err, isatty(STDERR_FILENO) == 1);
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    sharescope::CliRunner runner(out, err, &cancelRequested, isatty(STDERR_FILENO) == 1);
    runner.setStopSignal(&stopSignal);
    runner.setAnswerInput(STDIN_FILENO, isatty(STDIN_FILENO) == 1);
    return runner.execute(parsed.options);
}
