// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metatypes.h"

#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

class QThread;

namespace sharescope {

// Reads and parses report files on threads of their own: never on the GUI
// thread (a 20 MB report takes a second to parse, a 1 GiB one most of a
// minute) and never on the RunController's worker, which owns the GPU and
// must not wait behind a parse. One load at a time: opening another or
// cancelling drops the one before, whose late answer is ignored.
class ReportLoader : public QObject
{
    Q_OBJECT

public:
    explicit ReportLoader(QObject *parent = nullptr);
    ~ReportLoader() override; // stops every load and waits for its thread

    quint64 open(const QString &path);
    // Stops the current load; cancelled() says so at once.
    void cancel();
    bool busy() const { return m_busy; }
    quint64 currentJob() const { return m_job; }

signals:
    // Per mille of the work (reading, then parsing), when it changed by 1%.
    void progress(quint64 job, int permille);
    void loaded(quint64 job, const QString &path, const sharescope::ReportSet &set);
    // A watch report (`sharescope watch --json`), for the Watch tab.
    void watchLoaded(quint64 job, const QString &path, const sharescope::watch::WatchReport &report);
    void failed(quint64 job, const QString &path, const QString &message);
    void cancelled(quint64 job, const QString &path);

private:
    struct Outcome;
    void finish(quint64 job, const std::shared_ptr<Outcome> &outcome);
    void reportProgress(quint64 job, int permille);
    bool current(quint64 job) const { return m_busy && job == m_job; }

    QList<QThread *> m_threads; // every load still running, current or not
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_job = 0;
    bool m_busy = false;
    QString m_path;
    int m_permille = -1;
};

} // namespace sharescope
