// SPDX-License-Identifier: GPL-3.0-or-later
#include "clocks.h"
#include "clocktext.h"
#include "reportsamples.h"
#include "reporttables.h"

#include <QTest>

#include <chrono>
#include <thread>
#include <vector>

using namespace sharescope;

namespace {

// A GPU whose clock follows `readings`, one per read (the last repeats).
struct ScriptedClock
{
    std::vector<std::optional<std::uint32_t>> readings;
    std::size_t next = 0;
    int rounds = 0;

    std::optional<std::uint32_t> read()
    {
        const auto value = readings[std::min(next, readings.size() - 1)];
        ++next;
        return value;
    }
    Result<ClockWarmup> warm(std::optional<std::uint32_t> maxMHz, const ClockWarmupPlan &plan = {})
    {
        return warmClock(
            [this] {
                ++rounds;
                return okStatus();
            },
            [this] { return read(); }, maxMHz, plan);
    }
};

// Every phase of the measured iterations at `measured` MHz but the kernel
// of the last, at `lastKernel`.
RunReport clockedRun(std::uint32_t measured, std::uint32_t lastKernel)
{
    RunReport report = sampleRun(3, 1);
    report.clocks = RunClocks{1980, {}, ClockWarmup{21'000'000, 2, 1755, 1980, true}};
    for (IterationResult &iteration : report.iterations) {
        for (PhaseResult &phase : iteration.phases)
            phase.smClockMHz = iteration.warmup ? 345 : measured;
    }
    report.iterations.back().phases[2].smClockMHz = lastKernel;
    return report;
}

} // namespace

class TestClocks : public QObject
{
    Q_OBJECT

private slots:
    void stopsWhenTheClockReachesItsMaximum()
    {
        ScriptedClock gpu{{345, 900, 1500, 1965, 1980}};
        const auto warmup = gpu.warm(1980);
        QVERIFY(warmup.ok());
        QVERIFY(warmup->settled);
        QCOMPARE(warmup->rounds, 3); // 1965 is within 5 % of 1980
        QCOMPARE(warmup->fromMHz, std::optional<std::uint32_t>(345));
        QCOMPARE(warmup->toMHz, std::optional<std::uint32_t>(1965));
    }

    void runsAtLeastTheFewestRounds()
    {
        ScriptedClock gpu{{1980}};
        const auto warmup = gpu.warm(1980);
        QVERIFY(warmup.ok());
        QCOMPARE(warmup->rounds, ClockWarmupPlan{}.minRounds);
        QVERIFY(warmup->settled);
    }

    // Held below its maximum (a power cap): settled once it stops moving.
    void settlesBelowTheMaximumWhenTheClockHolds()
    {
        ScriptedClock gpu{{345, 1200, 1410, 1410, 1410, 1410}};
        const auto warmup = gpu.warm(1980);
        QVERIFY(warmup.ok());
        QVERIFY(warmup->settled);
        QCOMPARE(warmup->rounds, 5); // 1410 read after rounds 2, 3, 4, 5: unchanged three times
        QCOMPARE(warmup->toMHz, std::optional<std::uint32_t>(1410));
    }

    // NVML's reading of a clock that holds still moves by a step or two.
    void settlesWhenTheClockOnlyJitters()
    {
        ScriptedClock gpu{{345, 1200, 1395, 1410, 1395, 1410}};
        const auto warmup = gpu.warm(1980);
        QVERIFY(warmup.ok());
        QVERIFY(warmup->settled);
        QCOMPARE(warmup->rounds, 5);
    }

    // A round takes longer at a lower clock: the warm-up stops at its time
    // limit however few rounds it ran.
    void stopsAtItsTimeLimit()
    {
        int rounds = 0;
        std::uint32_t mhz = 300;
        ClockWarmupPlan plan;
        plan.maxNs = 30'000'000;
        const auto warmup = warmClock(
            [&] {
                ++rounds;
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                return okStatus();
            },
            [&] { return std::optional<std::uint32_t>(mhz += 100); }, 1980, plan);
        QVERIFY(warmup.ok());
        QVERIFY(!warmup->settled);
        QVERIFY2(rounds >= 1 && rounds <= 4, qPrintable(QString::number(rounds)));
        QVERIFY(warmup->ns >= plan.maxNs);
    }

    void givesUpAfterTheMostRoundsWhileTheClockMoves()
    {
        ScriptedClock gpu;
        for (std::uint32_t mhz = 300; mhz < 1800; mhz += 45) // rising by three steps a round
            gpu.readings.emplace_back(mhz);
        ClockWarmupPlan plan;
        plan.maxRounds = 20;
        const auto warmup = gpu.warm(1980, plan);
        QVERIFY(warmup.ok());
        QVERIFY(!warmup->settled);
        QCOMPARE(warmup->rounds, 20);
        QCOMPARE(gpu.rounds, 20);
    }

    void runsAFixedTimeWithoutAClock()
    {
        ScriptedClock gpu{{std::nullopt}};
        const auto warmup = gpu.warm(std::nullopt);
        QVERIFY(warmup.ok());
        QCOMPARE(warmup->rounds, ClockWarmupPlan{}.blindRounds);
        QVERIFY(!warmup->settled);
        QVERIFY(!warmup->fromMHz);
        QVERIFY(!warmup->toMHz);
    }

    void stopsAtTheFirstFailedRound()
    {
        int rounds = 0;
        const auto warmup = warmClock(
            [&]() -> Status { return ++rounds == 2 ? Status(failed("the spin kernel failed")) : okStatus(); },
            [] { return std::optional<std::uint32_t>(500); }, 1980);
        QVERIFY(!warmup.ok());
        QCOMPARE(rounds, 2);
        QCOMPARE(warmup.error().message, std::string("the spin kernel failed"));
    }

    void spreadLeavesOutTheWarmupIterations()
    {
        const auto spread = clockSpread(clockedRun(1980, 1980));
        QVERIFY(spread);
        QCOMPARE(spread->minMHz, 1980U);
        QCOMPARE(spread->readings, 3); // the measured kernels
        QVERIFY(!spread->changed());
        QVERIFY(!clockSpread(sampleRun(3, 1))); // no readings: nothing to say
    }

    void saysTheClockOfAnEvenRun()
    {
        const QString text = clockText(clockedRun(1980, 1980));
        QVERIFY2(text.startsWith(QStringLiteral("SM 1,980 MHz at the end of every measured kernel (its maximum: "
                                                "1,980 MHz); kept the GPU busy")),
                 qPrintable(text));
        QVERIFY2(text.endsWith(QStringLiteral("from 1,755 MHz to 1,980 MHz")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("CHANGED")));
        RunReport already = clockedRun(1980, 1980);
        already.clocks->warmup->fromMHz = 1980;
        QVERIFY2(clockText(already).endsWith(QStringLiteral("before them, already at 1,980 MHz")),
                 qPrintable(clockText(already)));
    }

    void warnsWhenTheClockChanged()
    {
        const QString text = clockText(clockedRun(1980, 1410));
        QVERIFY2(text.startsWith(QStringLiteral("CHANGED: SM 1,410 MHz to 1,980 MHz")), qPrintable(text));
        // within the tolerance: no warning, but the range
        const QString near = clockText(clockedRun(1980, 1950));
        QVERIFY2(near.startsWith(QStringLiteral("SM 1,950 MHz to 1,980 MHz")), qPrintable(near));
        // The GPU idles while the host checks the buffers: a lower clock
        // then changes no kernel's speed, and is no warning.
        RunReport idle = clockedRun(1980, 1980);
        for (IterationResult &iteration : idle.iterations)
            iteration.phases[4].smClockMHz = 345;
        QVERIFY2(!clockText(idle).contains(QStringLiteral("CHANGED")), qPrintable(clockText(idle)));
    }

    void saysWhyTheClockIsNotReported()
    {
        RunReport report = sampleRun(3, 1);
        QVERIFY(clockText(report).isEmpty()); // no clock at all (OpenCL): no line
        report.clocks = RunClocks{std::nullopt, MessageTemplate("libnvidia-ml.so.1 could not be loaded"), {}};
        QCOMPARE(clockText(report), QStringLiteral("not reported (libnvidia-ml.so.1 could not be loaded)"));
    }

    void aSetSaysEachKernelsClockAndWhetherTheyDiffer()
    {
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs = {clockedRun(1980, 1980), clockedRun(1980, 1980)};
        set.runs[0].spec.mode = ModeId::Pinned;
        QString text = setClockText(set);
        QVERIFY2(text.contains(QStringLiteral("MHz: pinned 1,980 · managed 1,980")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("DIFFER")));
        for (IterationResult &iteration : set.runs[0].iterations)
            iteration.phases[2].smClockMHz = 1410;
        text = setClockText(set);
        QVERIFY2(text.contains(QStringLiteral("pinned 1,410 · managed 1,980")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("DIFFER")));
        QVERIFY(compareTable(set).contains(QStringLiteral("clock       SM clock in the kernel phase")));
        QVERIFY(setClockText(ReportSet{}).isEmpty());
    }

    void theRunTableHasAClockLineWhereTheDeviceHasAClock()
    {
        QVERIFY(runTable(clockedRun(1980, 1980)).contains(QStringLiteral("\nclock       SM 1,980 MHz")));
        QVERIFY(!runTable(sampleRun(3, 1)).contains(QStringLiteral("\nclock ")));
    }
};

QTEST_GUILESS_MAIN(TestClocks)
#include "tst_clocks.moc"
