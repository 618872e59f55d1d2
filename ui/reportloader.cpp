// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportloader.h"

#include "watch/watchjson.h"

#include "examplereports.h"
#include "language.h"
#include "nativename.h"
#include "report/reportfile.h"
#include "report/reportjson.h"

#include <QThread>

namespace sharescope {

struct ReportLoader::Outcome
{
    QString path;
    std::optional<Result<ReportSet>> result;
    std::optional<Result<watch::WatchReport>> watch; // a watch report instead
};

namespace {

// Reading takes the first tenth of the bar: it is fast next to parsing.
constexpr int readingShare = 100;

int permilleOf(std::uint64_t done, std::uint64_t total, int from, int to)
{
    if (total == 0)
        return to;
    return from + static_cast<int>(static_cast<double>(done) / static_cast<double>(total) * (to - from));
}

} // namespace

ReportLoader::ReportLoader(QObject *parent)
    : QObject(parent)
    , m_cancel(std::make_shared<std::atomic<bool>>(false))
{
    qRegisterMetaType<sharescope::ReportSet>();
    qRegisterMetaType<sharescope::watch::WatchReport>();
}

ReportLoader::~ReportLoader()
{
    m_cancel->store(true);
    // Earlier loads were cancelled when they stopped being current; each
    // stops at its next megabyte.
    for (QThread *thread : std::as_const(m_threads)) {
        thread->wait();
        delete thread;
    }
}

quint64 ReportLoader::open(const QString &path)
{
    Q_ASSERT(thread() == QThread::currentThread());
    m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const quint64 job = ++m_job;
    m_busy = true;
    m_path = path;
    m_permille = -1;
    auto outcome = std::make_shared<Outcome>();
    outcome->path = path;
    QThread *worker = QThread::create([this, job, outcome, cancel = m_cancel] {
        const std::string file = nativeFileName(outcome->path).toStdString();
        const auto stage = [this, job, &cancel](int from, int to) {
            return ParseMonitor(
                [this, job, from, to](std::uint64_t done, std::uint64_t total) {
                    const int permille = permilleOf(done, total, from, to);
                    QMetaObject::invokeMethod(
                        this, [this, job, permille] { reportProgress(job, permille); }, Qt::QueuedConnection);
                },
                cancel.get());
        };
        // The shipped examples are resources (":/examples/..."), read whole.
        Result<std::string> text = outcome->path.startsWith(QLatin1String(":/"))
            ? readResourceReport(outcome->path)
            : readReportFile(file, stage(0, readingShare));
        if (!text)
            outcome->result = text.error();
        else if (watch::isWatchDocument(*text))
            outcome->watch = watch::readWatch(*text); // a watch of another program: the Watch tab's
        else
            outcome->result = readReports(*text, stage(readingShare, 1000));
        QMetaObject::invokeMethod(
            this, [this, job, outcome] { finish(job, outcome); }, Qt::QueuedConnection);
    });
    worker->setObjectName(QStringLiteral("ShareScope report loader"));
    connect(worker, &QThread::finished, this, [this, worker] {
        m_threads.removeOne(worker);
        worker->deleteLater();
    });
    m_threads.append(worker);
    worker->start();
    return job;
}

void ReportLoader::cancel()
{
    if (!m_busy)
        return;
    m_cancel->store(true);
    m_busy = false;
    emit cancelled(m_job, m_path);
}

void ReportLoader::reportProgress(quint64 job, int permille)
{
    // Throttled: a change of at least 1%, or the end.
    if (!current(job) || (permille < m_permille + 10 && permille != 1000))
        return;
    m_permille = permille;
    emit progress(job, permille);
}

void ReportLoader::finish(quint64 job, const std::shared_ptr<Outcome> &outcome)
{
    if (!current(job))
        return;
    m_busy = false;
    if (outcome->watch) {
        if (*outcome->watch)
            emit watchLoaded(job, outcome->path, **outcome->watch);
        else
            emit failed(job, outcome->path, errorText(outcome->watch->error()));
        return;
    }
    const Result<ReportSet> &result = *outcome->result;
    if (result)
        emit loaded(job, outcome->path, *result);
    else if (result.error().kind == ErrorKind::Cancelled)
        emit cancelled(job, outcome->path);
    else
        emit failed(job, outcome->path, errorText(result.error()));
}

} // namespace sharescope
