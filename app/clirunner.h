// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commandline.h"
#include "lessons/demoquestion.h"

#include <QTextStream>

#include <atomic>

namespace sharescope {

// The headless commands: devices, modes, run, compare, sweep. Results go to
// `out` (stdout), everything else to `err`, so that `--json -` can be piped.
// Returns the exit code: 0 done, 1 failed, 2 bad arguments, 3 not supported,
// 128 + the signal when a signal cancelled it.
class CliRunner
{
public:
    CliRunner(QTextStream &out, QTextStream &err, const std::atomic<bool> *cancel, bool showProgress);

    // The signal that asked for the cancel, for the exit code of a
    // cancelled run: 128 + it (130 without one).
    void setStopSignal(const std::atomic<int> *signal) { m_stopSignal = signal; }
    // Where a demo's --predict reads the answer, and whether that is a
    // terminal to ask on; elsewhere the question is printed, not asked.
    void setAnswerInput(int fd, bool terminal)
    {
        m_answerFd = fd;
        m_answerOnTerminal = terminal;
    }
    int execute(const CommandLineOptions &options);

private:
    int devices(const CommandLineOptions &options);
    int modes(const CommandLineOptions &options);
    // run, compare, sweep and demo: plan, run the set, write the results.
    int experiments(const CommandLineOptions &options);
    // A demo this machine cannot run (`refusal`, Unsupported): its lesson
    // from the report shipped with the program, labelled as measured there,
    // exit 0; anything else refused as before.
    int demoElsewhere(const CommandLineOptions &options, const Error &refusal);
    // --predict: the demo's question on a device of `backend`, with --answer
    // checked against its choices (a bad one is refused before anything is
    // printed), then asked or printed. Empty where there is no question.
    Result<std::optional<DemoQuestion>> prediction(const CommandLineOptions &options, BackendKind backend) const;
    void ask(const CommandLineOptions &options, const DemoQuestion &question);
    QString resultText(const RunRequest &request, const ReportSet &set) const;
    void listSkipped(const std::vector<SkippedRun> &skipped);
    int listDemos();
    // show [EXAMPLE]: a report shipped with the program, its tables and
    // (a demo's) lesson, labelled as measured on its GPU; or the list.
    int show(const CommandLineOptions &options);
    // After a CUDA mode was refused: where to read about it, and see it
    // measured (explain MODE, show EXAMPLE).
    void modeElsewhere(const RunRequest &request, const Error &refusal);
    int fail(const Error &error);

    QTextStream &m_out;
    QTextStream &m_err;
    const std::atomic<bool> *m_cancel;
    const std::atomic<int> *m_stopSignal = nullptr;
    bool m_showProgress;
    int m_answerFd = -1;
    bool m_answerOnTerminal = false;
    std::optional<DemoQuestion> m_question; // asked before the demo ran
    std::optional<std::size_t> m_predicted; // the answer, where one was given
};

} // namespace sharescope
