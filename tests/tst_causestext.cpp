// SPDX-License-Identifier: GPL-3.0-or-later
#include "bytesize.h"
#include "causestext.h"
#include "countertables.h"
#include "reportsamples.h"

#include <QTest>

using namespace sharescope;

namespace {

RunReport withCauses(std::optional<int> accessCounters)
{
    RunReport report = sampleRun(3, 1);
    report.spec.iterations = 3;
    report.counted.enabled = true;
    report.counted.totals = CounterTotals::Driver;
    report.counted.recordsSource = RecordsSource::DriverEvents;
    // Over three measured iterations: per iteration a third.
    report.counted.migratedByCause
        = std::array<std::uint64_t, migrationCauseCount>{0, 0, 3 * (70ull << 20), 3 * (1400ull << 20), 0, 0};
    report.counted.accessCounterMigration = accessCounters;
    return report;
}

} // namespace

class TestCausesText : public QObject
{
    Q_OBJECT

private slots:
    void saysWhyPagesMovedPerIteration()
    {
        const QString text = migrationCausesText(withCauses(-1));
        QVERIFY2(text.startsWith(QString::fromStdString(formatBytes(70ull << 20)) + " on faults (coherence); "
                                 + QString::fromStdString(formatBytes(1400ull << 20))
                                 + " by the driver's own prefetching around faults (prefetch); 0 B by prefetch calls"),
                 qPrintable(text));
        QVERIFY2(text.contains("access counters: none, off by the driver's default policy "
                               "(uvm_perf_access_counter_migration_enable = -1)"),
                 qPrintable(text));
        QVERIFY(!text.contains("without a cause"));
        QVERIFY(!text.contains("CUPTI"));
        // The command line's counters line says it too.
        QVERIFY(countersText(withCauses(-1)).contains("why pages moved, per iteration: " + text));
    }

    void namesWhyTheAccessCountersMovedNothing_data()
    {
        QTest::addColumn<int>("setting"); // 99: not read
        QTest::addColumn<QString>("expected");
        QTest::newRow("off") << 0 << "access counters: none, turned off (uvm_perf_access_counter_migration_enable = 0)";
        QTest::newRow("on") << 1 << "access counters: none, though on (uvm_perf_access_counter_migration_enable = 1)";
        QTest::newRow("not read") << 99 << "access counters: none (the driver's setting could not be read)";
    }
    void namesWhyTheAccessCountersMovedNothing()
    {
        QFETCH(int, setting);
        QFETCH(QString, expected);
        const QString text = migrationCausesText(withCauses(setting == 99 ? std::nullopt : std::optional(setting)));
        QVERIFY2(text.contains(expected), qPrintable(text));
    }

    void namesWhatAccessCountersAndUnknownCausesMoved()
    {
        RunReport report = withCauses(1);
        (*report.counted.migratedByCause)[static_cast<std::size_t>(MigrationCause::AccessCounters)] = 3 * 4096;
        (*report.counted.migratedByCause)[static_cast<std::size_t>(MigrationCause::Unknown)] = 3 * 8192;
        report.counted.recordsSource = RecordsSource::Cupti;
        const QString text = migrationCausesText(report);
        QVERIFY2(text.contains(QString::fromStdString(formatBytes(4096)) + " by access counters"), qPrintable(text));
        QVERIFY2(text.contains(QString::fromStdString(formatBytes(8192)) + " without a cause"), qPrintable(text));
        QVERIFY2(text.endsWith("(from CUPTI's records, which can miss some without saying so)"), qPrintable(text));
    }

    void saysNothingWithoutCauses()
    {
        RunReport report = withCauses(-1);
        report.counted.migratedByCause.reset(); // no records, or a report from before
        QVERIFY(migrationCausesText(report).isEmpty());
        QVERIFY(!countersText(report).contains("why pages moved"));
    }
};

QTEST_GUILESS_MAIN(TestCausesText)
#include "tst_causestext.moc"
