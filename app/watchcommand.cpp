// SPDX-License-Identifier: GPL-3.0-or-later
#include "watchcommand.h"

#include "failure.h"
#include "language.h"
#include "nativename.h"
#include "outputfile.h"
#include "outputfiles.h"
#include "textconv.h"
#include "trnoop.h"
#include "watch/procstat.h"
#include "watch/routerecord.h"
#include "watch/watcher.h"
#include "watch/watchjson.h"
#include "watchtext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>

extern char **environ;

namespace sharescope {
namespace {

watch::StopRequest stopRequest;

// SIGINT or SIGTERM: the command's to act on. One that came from a
// terminal (Ctrl+C) reached the command already, as the same foreground
// process group; one sent to this process alone is passed on.
void onStop(int signal, siginfo_t *info, void *)
{
    stopRequest.forward.store(info == nullptr || info->si_code == SI_USER || info->si_code == SI_QUEUE);
    stopRequest.signal.store(signal);
}

int terminalWidth()
{
    winsize size{};
    if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 40)
        return size.ws_col;
    return 100;
}

class LiveLine : public watch::WatchObserver
{
public:
    LiveLine(QTextStream &err, bool shown, int progressFd)
        : m_err(err)
        , m_shown(shown)
        , m_progressFd(progressFd)
    {
    }
    void progress(const watch::WatchProgress &progress) override
    {
        if (m_progressFd >= 0) {
            const std::string line = watch::progressToJsonLine(progress);
            for (std::size_t done = 0; done < line.size();) {
                const ssize_t n = ::write(m_progressFd, line.data() + done, line.size() - done);
                if (n <= 0)
                    break;
                done += static_cast<std::size_t>(n);
            }
        }
        if (!m_shown || progress.atNs < m_next)
            return;
        m_next = progress.atNs + 250'000'000; // a few times a second
        m_err << "\r\033[K" << watchLiveLine(progress, terminalWidth() - 1) << Qt::flush;
        m_drawn = true;
    }
    void clear()
    {
        if (m_drawn)
            m_err << "\r\033[K" << Qt::flush;
    }

private:
    QTextStream &m_err;
    bool m_shown;
    int m_progressFd;
    bool m_drawn = false;
    std::uint64_t m_next = 0;
};

std::vector<std::string> processEnvironment()
{
    std::vector<std::string> variables;
    for (char **variable = environ; variable && *variable; ++variable)
        variables.emplace_back(*variable);
    return variables;
}

bool executableFile(const std::string &path)
{
    return !path.empty() && ::access(path.c_str(), R_OK) == 0;
}

// The user's Python environment: the nvidia-cuda-cupti wheel that PyTorch
// and CuPy install (CUDA 13: nvidia/cu13/lib; CUDA 12: nvidia/cuda_cupti/lib).
std::string cuptiFromPython()
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        return {};
    QProcess process;
    process.start(python, {QStringLiteral("-c"), QStringLiteral("import sys\nfor p in sys.path: print(p)")});
    if (!process.waitForFinished(3000)) {
        process.kill();
        process.waitForFinished(1000);
        return {};
    }
    for (const QString &folder : QString::fromUtf8(process.readAllStandardOutput()).split(QLatin1Char('\n'))) {
        for (const char *candidate : {"/nvidia/cu13/lib/libcupti.so.13", "/nvidia/cuda_cupti/lib/libcupti.so.12"}) {
            std::string path = nativeName(folder) + candidate;
            if (!folder.isEmpty() && executableFile(path))
                return path;
        }
    }
    return {};
}

} // namespace

RouteLibraries findRouteLibraries(const std::string &selfDirectory)
{
    RouteLibraries found;
    const char *inject = std::getenv("SHARESCOPE_INJECT_LIBRARY");
    std::vector<std::string> places{inject ? inject : "", selfDirectory + "/libsharescope_inject.so"};
#ifdef SHARESCOPE_INJECT_INSTALLED
    places.emplace_back(SHARESCOPE_INJECT_INSTALLED);
#endif
    for (const std::string &candidate : places) {
        if (executableFile(candidate)) {
            found.inject = std::filesystem::weakly_canonical(candidate).string();
            break;
        }
    }
    if (found.inject.empty()) {
        found.why = MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                       "this build of ShareScope has no injection library "
                                                       "(it needs the CUDA toolkit's CUPTI to build)"),
                                    std::vector<std::string>{});
        return found;
    }
    const char *cupti = std::getenv("SHARESCOPE_CUPTI");
    std::vector<std::string> candidates{cupti ? cupti : ""};
#ifdef SHARESCOPE_CUPTI_LIBRARY
    candidates.emplace_back(SHARESCOPE_CUPTI_LIBRARY);
#endif
    for (const char *path :
         {"/usr/local/cuda/extras/CUPTI/lib64/libcupti.so.13", "/usr/local/cuda/lib64/libcupti.so.13",
          "/usr/local/cuda/lib/libcupti.so.13", "/usr/local/cuda/extras/CUPTI/lib64/libcupti.so.12",
          "/usr/lib/x86_64-linux-gnu/libcupti.so.12"})
        candidates.emplace_back(path);
    for (const std::string &candidate : candidates) {
        if (executableFile(candidate)) {
            found.cupti = candidate;
            return found;
        }
    }
    found.cupti = cuptiFromPython();
    if (found.cupti.empty()) {
        found.why = MessageTemplate(
            SHARESCOPE_TR_NOOP("Core",
                               "CUPTI was found neither in a CUDA toolkit nor in python3's packages "
                               "(pip install nvidia-cuda-cupti, or set SHARESCOPE_CUPTI to libcupti.so)"),
            std::vector<std::string>{});
    }
    return found;
}

int runWatchCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err, bool terminal)
{
    const WatchRequest &request = options.watch;
    watch::WatchOptions watchOptions;
    watchOptions.pid = request.pid;
    watchOptions.waitForGpu = request.wait;
    watchOptions.intervalNs = request.intervalNs;
    watchOptions.records = request.records;
    watchOptions.commandLine = options.request.commandLine;
    for (const QString &argument : request.command)
        watchOptions.command.push_back(nativeName(argument));
    if (!request.pid) {
        const char *path = std::getenv("PATH");
        auto program = watch::findProgram(watchOptions.command[0], path ? path : "/usr/local/bin:/usr/bin:/bin");
        if (const auto *problem = std::get_if<watch::ProgramProblem>(&program)) {
            err << "sharescope: " << messageText(problem->message) << Qt::endl;
            return problem->exitStatus;
        }
        watchOptions.program = std::get<std::string>(program);
    }

    // Every output opened before the command starts: a bad name costs nothing.
    OutputFiles outputs(out);
    if (Status opened = outputs.open(options.jsonPath, options.csvPath, options.tracePath); !opened)
        return printFailure(err, opened.error());

    watchOptions.environment = processEnvironment();
    if (request.api && !request.pid) {
        const bool taken = std::getenv("CUDA_INJECTION64_PATH") != nullptr;
        const RouteLibraries libraries
            = findRouteLibraries(nativeName(QFileInfo(QCoreApplication::applicationFilePath()).absolutePath()));
        if (taken) {
            watchOptions.apiNote = MessageTemplate(
                SHARESCOPE_TR_NOOP("Core", "another tool injects into CUDA here (CUDA_INJECTION64_PATH is set)"),
                std::vector<std::string>{});
        } else if (!libraries.why.empty()) {
            watchOptions.apiNote = libraries.why;
        } else {
            watchOptions.api = true;
            watchOptions.cupti = libraries.cupti;
            watchOptions.environment.push_back("CUDA_INJECTION64_PATH=" + libraries.inject);
            watchOptions.environment.push_back(std::string(watch::routeCuptiVariable) + "=" + libraries.cupti);
        }
    } else if (request.pid) {
        watchOptions.apiNote = MessageTemplate(
            SHARESCOPE_TR_NOOP("Core", "a running process cannot take the library that reports its calls"),
            std::vector<std::string>{});
    }

    struct sigaction action
    {
    };
    action.sa_sigaction = onStop;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);

    // --progress: appended line by line (the window reads it as it grows).
    int progressFd = -1;
    if (!request.progressPath.isEmpty()) {
        progressFd = ::open(nativeName(request.progressPath).c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
        if (progressFd < 0)
            return printFailure(err,
                                badArgument(SHARESCOPE_TR_NOOP("Core", "cannot write %1: %2"),
                                            {s(request.progressPath), osErrorText(errno).english()}));
    }
    LiveLine live(err, terminal && !request.quiet, progressFd);
    Result<watch::WatchReport> report = watch::watchProgram(watchOptions, watch::livePlatform(), &live, &stopRequest);
    live.clear();
    if (progressFd >= 0)
        ::close(progressFd);
    if (!report)
        return printFailure(err, report.error());
    if (!report->startError.empty()) {
        err << "sharescope: " << messageText(report->startError) << Qt::endl;
        return report->exitStatus.value_or(126);
    }

    err << watchSummary(*report, terminal ? terminalWidth() : 100) << Qt::flush;
    if (Status written
        = outputs.commit(watch::watchToJson(*report), watch::watchToCsv(*report), watch::watchToTrace(*report));
        !written) {
        printFailure(err, written.error());
        return 1;
    }
    if (report->exitStatus)
        return *report->exitStatus;
    return report->stopped ? 128 + stopRequest.signal.load() : 0;
}

} // namespace sharescope
