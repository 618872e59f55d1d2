// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportjson.h"
#include "reportsamples.h"
#include "run/countedpass.h"
#include "run/countermerge.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace sharescope;

namespace {

struct RecordingObserver : EngineObserver
{
    std::vector<std::pair<int, int>> seen;
    void progress(int done, int total) override { seen.emplace_back(done, total); }
};

// A report as the engine writes one (a managed run on cuda:0), with the
// driver's exact totals.
RunReport sampleReport()
{
    RunReport report = sampleRun();
    report.counted.totals = CounterTotals::Driver;
    return report;
}

} // namespace

// The counted pass's two sides, and the line protocol between them.
class TestCountedPass : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // A stand-in for `sharescope counted-pass`: reads the spec, then says
    // what the script says.
    QString fakeChild(const QString &script)
    {
        const QString path = m_dir.filePath(QStringLiteral("child-%1.sh").arg(m_children++));
        QFile file(path);
        file.open(QIODevice::WriteOnly);
        file.write(("#!/bin/sh\nread spec\n" + script + "\n").toUtf8());
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return path;
    }
    int m_children = 0;

private slots:
    void carriesAnErrorWithItsTemplateAndPhase()
    {
        Error error
            = errorOf(ErrorKind::Unsupported,
                      {"mode %1 is not supported on %2: %3",
                       {std::string("managed"), std::string("cuda:0"), MessageTemplate("device has %1", {"nothing"})}});
        error.phase = Phase::Kernel;
        const auto back = parseErrorLine(formatErrorLine(error));
        QVERIFY(back);
        QCOMPARE(back->kind, ErrorKind::Unsupported);
        QCOMPARE(back->message, error.message);
        QCOMPARE(back->phase, std::optional(Phase::Kernel));
        QCOMPARE(back->translatable.english(), error.translatable.english());
        QCOMPARE(back->translatable.args.size(), std::size_t(3));
        QVERIFY(!parseErrorLine("{not json"));
    }

    void servesAPass()
    {
        ExperimentSpec spec;
        spec.mode = ModeId::Managed;
        spec.deviceId = "cuda:0";
        std::istringstream in(specToJson(spec) + "\n");
        std::ostringstream out;
        ExperimentSpec seen;
        const int code = serveCountedPass(in, out, [&](const ExperimentSpec &s, EngineObserver *observer) {
            seen = s;
            observer->progress(1, 2);
            return Result<RunReport>(sampleReport());
        });
        QCOMPARE(code, 0);
        QCOMPARE(seen.mode, ModeId::Managed);
        QCOMPARE(seen.deviceId, std::string("cuda:0"));
        const QString lines = QString::fromStdString(out.str());
        QVERIFY(lines.startsWith(QStringLiteral("progress 1 2\nreport {")));
        QCOMPARE(lines.count(QLatin1Char('\n')), 2); // one line each
        // A run that fails says so, as an error line.
        std::istringstream again(specToJson(spec) + "\n");
        std::ostringstream failure;
        QCOMPARE(serveCountedPass(again, failure,
                                  [](const ExperimentSpec &, EngineObserver *) {
                                      return Result<RunReport>(failed("no instruments"));
                                  }),
                 1);
        QVERIFY(QString::fromStdString(failure.str()).startsWith(QStringLiteral("error {")));
        // Garbage instead of a spec: refused, not run.
        std::istringstream garbage("spec?\n");
        std::ostringstream refused;
        QCOMPARE(serveCountedPass(garbage, refused,
                                  [](const ExperimentSpec &, EngineObserver *) {
                                      return Result<RunReport>(failed("must not run"));
                                  }),
                 2);
    }

    void readsTheChildsReportAndProgress()
    {
        QVERIFY(m_dir.isValid());
        const QString report = m_dir.filePath(QStringLiteral("report.line"));
        QFile file(report);
        QVERIFY(file.open(QIODevice::WriteOnly));
        std::string json = toJson(sampleReport(), -1);
        file.write(QByteArray::fromStdString("report " + json));
        file.close();
        const QString child
            = fakeChild(QStringLiteral("echo 'progress 3 10'\necho 'a library says hello'\ncat '%1'").arg(report));
        RecordingObserver observer;
        const auto result = runCountedPass(child.toStdString(), ExperimentSpec{}, &observer, nullptr);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
        QCOMPARE(result->counted.totals, CounterTotals::Driver);
        QCOMPARE(observer.seen, (std::vector<std::pair<int, int>>{{3, 10}}));
    }

    void failsWithTheChildsErrorOrEnd()
    {
        Error error = failed("the driver said no");
        const QString line = QString::fromStdString("error " + formatErrorLine(error));
        const QString says = fakeChild(QStringLiteral("cat <<'EOF'\n%1\nEOF").arg(line));
        auto result = runCountedPass(says.toStdString(), ExperimentSpec{}, nullptr, nullptr);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().message, std::string("the driver said no"));

        const QString dies = fakeChild(QStringLiteral("kill -SEGV $$"));
        result = runCountedPass(dies.toStdString(), ExperimentSpec{}, nullptr, nullptr);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind, ErrorKind::Failed);
        QVERIFY2(QString::fromStdString(result.error().message).contains("counted pass (pid"),
                 result.error().message.c_str());
        QVERIFY2(QString::fromStdString(result.error().message).contains("signal 11"), result.error().message.c_str());
    }

    void cancelStopsTheChild()
    {
        const QString sleeps = fakeChild(QStringLiteral("exec sleep 60"));
        std::atomic<bool> cancel{true};
        QElapsedTimer timer;
        timer.start();
        const auto result = runCountedPass(sleeps.toStdString(), ExperimentSpec{}, nullptr, &cancel);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().kind, ErrorKind::Cancelled);
        QVERIFY(timer.elapsed() < 5000);
    }

    // The timed run takes each phase's counters and the counted pass's time
    // of it, and the records, residency and notes of the counted pass.
    void mergesTheCountsIntoTheTimedRun()
    {
        RunReport timed = timedRunWithoutCounts();
        const RunReport counted = sampleRun(2, 1);
        mergeCountedPass(timed, counted);
        QVERIFY(timed.counted.enabled);
        QVERIFY(timed.counted.note.empty());
        QCOMPARE(timed.iterations[1].phases.size(), counted.iterations[1].phases.size());
        for (std::size_t p = 0; p < counted.iterations[1].phases.size(); ++p) {
            const PhaseResult &into = timed.iterations[1].phases[p];
            const PhaseResult &from = counted.iterations[1].phases[p];
            QVERIFY(into.counters == from.counters);
            QCOMPARE(into.countedNs, std::optional<std::uint64_t>(from.timeNs()));
        }
        QVERIFY(timed.free->counters == counted.free->counters);
        QCOMPARE(timed.counted.migrations.size(), counted.counted.migrations.size());
        QCOMPARE(timed.counted.residency.snapshots.size(), counted.counted.residency.snapshots.size());
    }

    // The window keeps a run's buffers for its Buffers tab, so its timed run
    // has no free phase; the counted pass has one. The counts still apply
    // (they were all left out before: the Migration tab said "not reported").
    void mergesTheCountsWhenTheBuffersAreKept()
    {
        RunReport timed = timedRunWithoutCounts();
        timed.free.reset();
        const RunReport counted = sampleRun(2, 1);
        mergeCountedPass(timed, counted);
        QVERIFY2(timed.counted.enabled, timed.counted.note.english().c_str());
        QVERIFY(!timed.free);
        QVERIFY(timed.alloc.counters == counted.alloc.counters);
        QVERIFY(timed.iterations[2].phases[3].counters == counted.iterations[2].phases[3].counters);
        QCOMPARE(timed.counted.migrations.size(), counted.counted.migrations.size());
    }

    // A counted pass that ran other phases (another iteration count) gives
    // no counts, and says why.
    void refusesACountedPassOfOtherPhases()
    {
        RunReport timed = timedRunWithoutCounts();
        RunReport counted = sampleRun(2, 1);
        counted.iterations.pop_back();
        mergeCountedPass(timed, counted);
        QVERIFY(!timed.counted.enabled);
        QCOMPARE(timed.counted.note.english(), std::string("the counted pass did not run the same phases"));
        QVERIFY(timed.counted.migrations.empty());
        for (const IterationResult &iteration : timed.iterations) {
            for (const PhaseResult &phase : iteration.phases)
                QVERIFY(!phase.countedNs);
        }
    }

private:
    static RunReport timedRunWithoutCounts()
    {
        RunReport timed = sampleRun(2, 1);
        timed.counted.enabled = false;
        timed.counted.migrations.clear();
        timed.counted.residency = {};
        timed.alloc.counters = {};
        timed.free->counters = {};
        for (IterationResult &iteration : timed.iterations) {
            for (PhaseResult &phase : iteration.phases)
                phase.counters = {};
        }
        return timed;
    }
};

QTEST_APPLESS_MAIN(TestCountedPass)
#include "tst_countedpass.moc"
