// SPDX-License-Identifier: GPL-3.0-or-later
#include "watchsource.h"

#include "childprocess.h"
#include "language.h"
#include "textconv.h"
#include "watch/watchjson.h"

#include <QFile>
#include <QTemporaryDir>

#include <csignal>

namespace sharescope {

ProcessWatchSource::ProcessWatchSource(QObject *parent)
    : WatchSource(parent)
{
    m_timer.setInterval(100); // at most ten snapshots a second reach the tab
    connect(&m_timer, &QTimer::timeout, this, &ProcessWatchSource::readProgress);
}

ProcessWatchSource::~ProcessWatchSource()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        // The window is closing: the command is asked to end, and the watch
        // with it; a watch that does not end in time is left to finish alone.
        ::kill(static_cast<pid_t>(m_process->processId()), SIGINT);
        m_process->waitForFinished(3000);
    }
}

bool ProcessWatchSource::running() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

void ProcessWatchSource::start(const QStringList &command)
{
    if (running())
        return;
    m_folder = std::make_unique<QTemporaryDir>();
    if (!m_folder->isValid()) {
        emit failed(tr("cannot make a folder for the watch's files: %1").arg(m_folder->errorString()));
        return;
    }
    m_read = 0;
    m_partial.clear();
    delete m_process;
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::readyRead, this, [this] { emit output(QString::fromUtf8(m_process->readAll())); });
    connect(m_process, &QProcess::finished, this, &ProcessWatchSource::ended);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart) {
            m_timer.stop();
            emit failed(tr("cannot start sharescope watch: %1").arg(m_process->errorString()));
        }
    });
    QStringList arguments{QStringLiteral("watch"),      QStringLiteral("--quiet"),
                          QStringLiteral("--lang"),     currentLanguage(),
                          QStringLiteral("--progress"), m_folder->filePath(QStringLiteral("progress.jsonl")),
                          QStringLiteral("--json"),     m_folder->filePath(QStringLiteral("watch.json")),
                          QStringLiteral("--")};
    arguments += command;
    m_process->start(q(selfBinary()), arguments);
    m_timer.start();
    emit started();
}

void ProcessWatchSource::stop()
{
    if (running())
        ::kill(static_cast<pid_t>(m_process->processId()), SIGINT); // the watch passes it on
}

void ProcessWatchSource::readProgress()
{
    QFile file(m_folder->filePath(QStringLiteral("progress.jsonl")));
    if (!file.open(QIODevice::ReadOnly) || file.size() <= m_read)
        return;
    file.seek(m_read);
    const QByteArray more = file.read(4 << 20); // a burst is read over the next ticks
    m_read += more.size();
    m_partial += more;
    // Only the newest complete line matters: the tab shows the latest counts.
    const qsizetype end = m_partial.lastIndexOf('\n');
    if (end < 0)
        return;
    const qsizetype start = m_partial.lastIndexOf('\n', end - 1) + 1;
    const QByteArray line = m_partial.mid(start, end - start);
    m_partial.remove(0, end + 1);
    if (const auto parsed = watch::progressFromJsonLine(line.toStdString()))
        emit progress(*parsed);
}

void ProcessWatchSource::ended(int exitCode, QProcess::ExitStatus status)
{
    m_timer.stop();
    readProgress();
    QFile file(m_folder->filePath(QStringLiteral("watch.json")));
    if (file.open(QIODevice::ReadOnly)) {
        const auto report = watch::readWatch(file.readAll().toStdString());
        if (report) {
            emit finished(*report);
            return;
        }
        emit failed(errorText(report.error()));
        return;
    }
    // No report: the watch refused (its message is in the output), or died.
    emit failed(status == QProcess::CrashExit ? tr("the watch ended abnormally")
                                              : tr("the watch ended with exit code %1 and wrote no report; its "
                                                   "message is in the output below")
                                                    .arg(exitCode));
}

} // namespace sharescope
