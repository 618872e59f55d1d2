#include "ceilingreports.h"

#include "comparechart.h"
#include "comparemodel.h"
#include "mainwindow.h"
#include "report/reportjson.h"
#include "settabs.h"

#include <QFile>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace sharescope;
using namespace sharescope::testing;

namespace {

// A compare as a GPU with unified-memory counters gives one: seven modes,
// the migrated and faults columns shown, and no ceilings, so that the
// share columns hold their widest text, "no ceiling".
ReportSet gpuCompare()
{
    ReportSet set;
    set.kind = ReportSet::Kind::Compare;
    for (const ModeId mode : {ModeId::Device, ModeId::Pinned, ModeId::ZeroCopy, ModeId::Registered, ModeId::Managed,
                              ModeId::ManagedPrefetch, ModeId::ManagedAdvise}) {
        RunReport run = gpuReport(mode, false, 3.36e12, 64 * mib);
        run.device.id = "cuda:0";
        run.spec.deviceId = "cuda:0";
        if (mode == ModeId::ManagedAdvise)
            run.spec.advice = Advice::PreferredDevice;
        run.countersEnabled = true;
        for (const BufferSpec &buffer : run.spec.kernelInfo().buffers) { // a report lists the kernel's buffers
            run.buffers.push_back({std::string(buffer.name), buffer.type, buffer.role, run.spec.bytes, "device buffer",
                                   std::nullopt, false, 0});
        }
        for (IterationResult &iteration : run.iterations) {
            for (PhaseResult &phase : iteration.phases) {
                Counters c;
                c.bytesHostToDevice = 1536 * mib; // "≥ 1.50 GiB"-wide totals
                c.bytesDeviceToHost = 0;
                c.cpuPageFaults = 123456;
                c.gpuPageFaultGroups = 98765;
                phase.counters = c;
            }
        }
        set.runs.push_back(run);
    }
    return set;
}

} // namespace

// Issue 12, item 5: at the window's default size every plot axis title is
// whole and the Compare table's columns fit without a scroll bar.
class TestWindowLayout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void compareFitsTheDefaultWindow()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compare.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(toJson(gpuCompare())));
        file.close();

        MainWindow window(false);
        QSignalSpy ready(&window, &MainWindow::devicesReady);
        window.show();
        QVERIFY(ready.wait(30000));
        QCOMPARE(window.size(), QSize(1280, 800));
        QSignalSpy opened(&window, &MainWindow::reportOpened); // reports open off the GUI thread
        QVERIFY(window.openReport(path));
        QVERIFY(opened.wait(30000));
        QCOMPARE(window.compareTab()->model()->rowCount(), 7);

        QTableView *table = window.compareTab()->table();
        QVERIFY(!table->isColumnHidden(CompareModel::MigratedColumn));
        QTRY_VERIFY(table->isVisible());
        QTest::qWait(100); // columns sized to their contents, the chart laid out
        int columns = 0;
        for (int c = 0; c < table->model()->columnCount(); ++c)
            columns += table->isColumnHidden(c) ? 0 : table->horizontalHeader()->sectionSize(c);
        QVERIFY2(columns <= table->viewport()->width(),
                 qPrintable(QStringLiteral("the columns need %1 px, the table shows %2")
                                .arg(columns)
                                .arg(table->viewport()->width())));
        QVERIFY(!table->horizontalScrollBar()->isVisible());
        for (int row = 0; row < 7; ++row) // every row, without scrolling
            QVERIFY(table->visualRect(table->model()->index(row, 0)).bottom() <= table->viewport()->height());

        CompareChart *chart = window.compareTab()->chart();
        QTRY_COMPARE(chart->yAxis->label(), QStringLiteral("Median time per phase (ms, log scale)"));
        const int title = QFontMetrics(chart->yAxis->labelFont()).horizontalAdvance(chart->yAxis->label());
        QVERIFY2(title <= chart->yAxis->axisRect()->height(),
                 qPrintable(QStringLiteral("the y title is %1 px, its axis %2")
                                .arg(title)
                                .arg(chart->yAxis->axisRect()->height())));
    }

    void aShortChartTakesTheBriefTitle()
    {
        CompareChart chart;
        chart.resize(600, 150);
        chart.show();
        chart.setReports(gpuCompare());
        // Too short for the whole title: the brief one, never a title cut off.
        QTRY_COMPARE(chart.yAxis->label(), QStringLiteral("Median ms (log)"));
        chart.resize(600, 600);
        QTRY_COMPARE(chart.yAxis->label(), QStringLiteral("Median time per phase (ms, log scale)"));
    }
};

QTEST_MAIN(TestWindowLayout)
#include "tst_windowlayout.moc"
