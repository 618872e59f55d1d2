// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metatypes.h"

#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>

#include <memory>

class QTemporaryDir;

namespace sharescope {

// Where the Watch tab's watch comes from: a `sharescope watch` of its own
// (ProcessWatchSource), or a test's script. Everything it says arrives on
// the GUI thread, progress at most every interval.
class WatchSource : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    virtual void start(const QStringList &command) = 0;
    // Asks the command to end: SIGINT, then SIGTERM after a grace, by the
    // watch (which passes them on), never a kill of the watch itself.
    virtual void stop() = 0;
    virtual bool running() const = 0;

signals:
    void started();
    void progress(const sharescope::watch::WatchProgress &progress);
    // The command's own output (and the watch's summary), as it comes.
    void output(const QString &text);
    void finished(const sharescope::watch::WatchReport &report);
    void failed(const QString &message);
};

// The watch in a process of its own: `sharescope watch --progress FILE
// --json FILE -- COMMAND`. The window's process stays out of the watch's
// business (it reaps every child it has, and holds the command's tree), and
// the GUI thread only reads a few lines a tenth of a second.
class ProcessWatchSource : public WatchSource
{
    Q_OBJECT

public:
    explicit ProcessWatchSource(QObject *parent = nullptr);
    ~ProcessWatchSource() override;

    void start(const QStringList &command) override;
    void stop() override;
    bool running() const override;

private:
    void readProgress();
    void ended(int exitCode, QProcess::ExitStatus status);

    QProcess *m_process = nullptr;
    QTimer m_timer;
    std::unique_ptr<QTemporaryDir> m_folder;
    qint64 m_read = 0; // bytes of the progress file already read
    QByteArray m_partial; // a line not finished yet
};

} // namespace sharescope
