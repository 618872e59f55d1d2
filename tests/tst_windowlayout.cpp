// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilingreports.h"

#include "comparechart.h"
#include "comparemodel.h"
#include "countersmodel.h"
#include "examplereports.h"
#include "experimentpanel.h"
#include "language.h"
#include "lessons/examples.h"
#include "mainwindow.h"
#include "migrationtab.h"
#include "peerbox.h"
#include "phasemodel.h"
#include "report/reportjson.h"
#include "runtabs.h"
#include "settabs.h"
#include "sweepplot.h"
#include "timelineplot.h"
#include "twogpus.h"

#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

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
        run.counted.enabled = true;
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

// A managed run whose every phase reports every counter, in figures as
// wide as an H200's: with the driver's own counts (its GPU faults and
// CUPTI's share of its bytes too), or CUPTI's records alone (the driver's
// GPU faults then "not reported").
RunReport countedManagedRun(CounterTotals totals)
{
    RunReport run = gpuReport(ModeId::Managed, true);
    run.counted.enabled = true;
    run.counted.totals = totals;
    for (IterationResult &iteration : run.iterations) {
        for (PhaseResult &phase : iteration.phases) {
            Counters c;
            c.bytesHostToDevice = 768 * mib;
            c.bytesDeviceToHost = 512 * mib;
            c.cpuPageFaults = 123456;
            c.gpuPageFaultGroups = 98765;
            c.thrashing = 12345;
            c.throttling = 12345;
            c.remoteMaps = 12345;
            c.bytesDeviceToDevice = 768 * mib;
            if (totals == CounterTotals::Driver) {
                c.gpuPageFaults = 123456;
                c.recordedHostToDevice = 512 * mib;
                c.recordedDeviceToHost = 256 * mib;
            }
            phase.counters = c;
        }
    }
    return run;
}

// What a column needs: its header's width or its widest cell's.
int neededWidth(const QTableView *table, int column)
{
    const QAbstractItemView *view = table; // where sizeHintForColumn is public
    return std::max(table->horizontalHeader()->sectionSizeHint(column), view->sizeHintForColumn(column));
}

// The window at its default size, its devices listed.
bool showDefaultWindow(MainWindow &window)
{
    QSignalSpy ready(&window, &MainWindow::devicesReady);
    window.show();
    return ready.wait(30000) && QTest::qWaitForWindowExposed(&window) && window.size() == QSize(1280, 800);
}

} // namespace

// Issue 12, item 5: at the window's default size every plot axis title is
// whole and the Compare table's columns fit without a scroll bar.
class TestWindowLayout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup() { installLanguage(QStringLiteral("en")); }

    // Issue 43: Run, Cancel, Compare all modes and Size sweep stay in view,
    // below the settings, and the settings fit without scrolling at the
    // default size and at 1024 x 700, in English and in Chinese.
    void theRunButtonIsInViewAtEverySize_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QTest::addRow("1280x800 %s", qPrintable(language)) << QSize(1280, 800) << language;
            QTest::addRow("1024x700 %s", qPrintable(language)) << QSize(1024, 700) << language;
        }
    }

    void theRunButtonIsInViewAtEverySize()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        installLanguage(language);
        MainWindow window(false);
        QVERIFY(showDefaultWindow(window));
        window.resize(size);
        QTRY_COMPARE(window.size(), size);
        QTest::qWait(100); // the docks laid out
        ExperimentPanel *panel = window.panel();
        const QRect inWindow = window.rect();
        for (QPushButton *button : {panel->runButton(), panel->cancelButton(), panel->compareButton()}) {
            QVERIFY2(button->isVisible(), qPrintable(button->text()));
            const QRect rect(button->mapTo(&window, QPoint(0, 0)), button->size());
            QVERIFY2(inWindow.contains(rect),
                     qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 in a window of %6x%7")
                                    .arg(button->text())
                                    .arg(rect.x())
                                    .arg(rect.y())
                                    .arg(rect.width())
                                    .arg(rect.height())
                                    .arg(size.width())
                                    .arg(size.height())));
            // Not inside the scroll area: it never scrolls out of view.
            QVERIFY(!panel->scrollArea()->isAncestorOf(button));
        }
        // The settings fit: nothing to scroll to, More options folded.
        QVERIFY(!panel->moreOptions()->isVisible());
        QVERIFY2(!panel->scrollArea()->verticalScrollBar()->isVisible(),
                 qPrintable(QStringLiteral("the settings need %1 px, the panel shows %2")
                                .arg(panel->scrollArea()->widget()->minimumSizeHint().height())
                                .arg(panel->scrollArea()->viewport()->height())));
        QCOMPARE(window.size(), size);
    }

    // Issue 43: every shipped example, opened as `gui --example NAME` opens
    // it, at the default size and at 1024 x 700, keeps its plot at least as
    // tall as its minimum, the window at its size, and five rows of a
    // comparison's table in view.
    void everyExampleKeepsItsPlotHeight_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("example");
        for (const QSize size : {QSize(1280, 800), QSize(1024, 700)}) {
            for (const ExampleInfo &example : examples())
                QTest::addRow("%s %dx%d", example.name.data(), size.width(), size.height())
                    << size << static_cast<int>(example.id);
        }
    }

    void everyExampleKeepsItsPlotHeight()
    {
        QFETCH(QSize, size);
        QFETCH(int, example);
        MainWindow window(false);
        window.setDialogsAllowed(false);
        QVERIFY(showDefaultWindow(window));
        window.resize(size);
        QTRY_COMPARE(window.size(), size);
        QSignalSpy opened(&window, &MainWindow::reportOpened);
        window.openExample(static_cast<ExampleId>(example));
        QVERIFY(opened.wait(30000));
        QTest::qWait(200); // laid out, the plot's minimum fitted, laid out again
        Plot *plot = nullptr;
        switch (window.currentTab()) {
        case MainWindow::Tab::Timeline:
            plot = window.timelineTab()->plot();
            break;
        case MainWindow::Tab::Compare:
            plot = window.compareTab()->chart();
            break;
        case MainWindow::Tab::Sweep:
            plot = window.sweepTab()->plot();
            break;
        default:
            QFAIL("an example opens on the Timeline, Compare or Sweep tab");
        }
        QVERIFY(plot->minimumPlotHeight() >= minimumPlotPixels);
        QTRY_VERIFY2(plot->plotHeight() >= plot->minimumPlotHeight(),
                     qPrintable(QStringLiteral("the plot is %1 px tall, its minimum %2")
                                    .arg(plot->plotHeight())
                                    .arg(plot->minimumPlotHeight())));
        QCOMPARE(window.size(), size);
        if (window.currentTab() != MainWindow::Tab::Compare)
            return;
        QTableView *table = window.compareTab()->table();
        const int rows = std::min(5, table->model()->rowCount());
        QVERIFY(rows > 0);
        const QRect last = table->visualRect(table->model()->index(rows - 1, 0));
        QVERIFY2(last.bottom() <= table->viewport()->height(),
                 qPrintable(QStringLiteral("row %1 ends at %2 px, the table shows %3")
                                .arg(rows)
                                .arg(last.bottom())
                                .arg(table->viewport()->height())));
        // The modes' names fit: standing, each within its group's width;
        // lying across, each within the share of the width the names take.
        CompareChart *chart = window.compareTab()->chart();
        const QFontMetrics metrics(chart->xAxis->tickLabelFont());
        const QStringList labels = chart->modeLabels();
        QCOMPARE(labels.size(), table->model()->rowCount());
        const int room = chart->horizontal() ? chart->width() / 2 : chart->axisRect()->width() / labels.size();
        for (const QString &label : labels)
            QVERIFY2(metrics.horizontalAdvance(label) <= room, qPrintable(label));
    }

    // Issue 43: scrolling the panel with the wheel over a spin box or a
    // combo box changed Warm-up and Iterations under the pointer; only a
    // focused one takes the wheel.
    void theWheelChangesOnlyAFocusedBox()
    {
        ExperimentPanel panel;
        panel.setDevices(twoGpus(true, "NVIDIA H200"));
        panel.resize(320, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setIterations(5, 1);
        QVERIFY(panel.spec());
        const auto wheel = [](QWidget *widget) {
            const QPointF at(widget->width() / 2.0, widget->height() / 2.0);
            QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QApplication::sendEvent(widget, &event);
        };
        QSpinBox *iterations = panel.iterationsBox();
        QSpinBox *warmup = panel.warmupBox();
        QComboBox *kernel = panel.kernelBox();
        const int kernelIndex = kernel->currentIndex();
        panel.runButton()->setFocus(); // focus elsewhere
        wheel(iterations);
        wheel(warmup);
        wheel(kernel);
        QCOMPARE(iterations->value(), 5);
        QCOMPARE(warmup->value(), 1);
        QCOMPARE(kernel->currentIndex(), kernelIndex);
        QCOMPARE(panel.spec()->iterations, 5);
        // Focused, it takes the wheel: the test above could have failed.
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        iterations->setFocus();
        QTRY_VERIFY(iterations->hasFocus());
        wheel(iterations);
        QCOMPARE(iterations->value(), 6);
    }

    // The options few runs touch are folded, and their line says what those
    // that apply to the experiment are set to.
    void moreOptionsSayWhatTheyHold()
    {
        ExperimentPanel panel;
        panel.show();
        panel.setDevices(twoGpus(true, "NVIDIA H200"));
        QVERIFY(panel.selectMode(ModeId::Pinned));
        panel.selectKernel(KernelId::Stride);
        panel.setHostThreads(8, DefaultStream::PerThread);
        QVERIFY(!panel.moreOptions()->isVisible());
        QLabel *summary = panel.moreSummaryLabel();
        QVERIFY(summary->isVisible());
        const QString text = summary->text().remove(QChar(0x2060)).replace(QChar(0xa0), QLatin1Char(' '));
        QVERIFY2(text.contains(QStringLiteral("stride 64 KiB")) && text.contains(QStringLiteral("host threads 8"))
                     && text.contains(QStringLiteral("stream per-thread")),
                 qPrintable(text));
        panel.moreToggle()->click();
        QVERIFY(panel.moreOptions()->isVisible());
        QVERIFY(!summary->isVisible()); // the options themselves say it
        panel.selectKernel(KernelId::VectorAdd);
        panel.setHostThreads(1, DefaultStream::Legacy);
        panel.moreToggle()->click();
        QVERIFY(summary->text().isEmpty()); // nothing folded applies to a plain pinned run
        QVERIFY(!summary->isVisible());
    }

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

    // Issue 26: a peer mode shows the Peer device box in the experiment
    // panel. The window keeps the size it has, the default one or the one
    // the user gave it; the panel scrolls instead.
    void aPeerModeKeepsTheWindowSize()
    {
        MainWindow window(false);
        QSignalSpy ready(&window, &MainWindow::devicesReady);
        window.show();
        QVERIFY(ready.wait(30000));
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.size(), QSize(1280, 800));
        ExperimentPanel *panel = window.panel();
        panel->setDevices(twoGpus(true, "NVIDIA H200"));
        QVERIFY(panel->selectMode(ModeId::Device));
        QTest::qWait(100); // the layouts settle
        QCOMPARE(window.size(), QSize(1280, 800));
        QVERIFY(panel->selectMode(ModeId::PeerCopy));
        QVERIFY(panel->peerBox()->isVisible());
        QTest::qWait(100);
        QCOMPARE(window.size(), QSize(1280, 800));

        const QSize given(1100, 700);
        QVERIFY(panel->selectMode(ModeId::Device));
        window.resize(given);
        QTRY_COMPARE(window.size(), given);
        QVERIFY(panel->selectMode(ModeId::PeerCopy));
        QTest::qWait(100);
        QCOMPARE(window.size(), given);
    }

    // Issue 26: at the default size the Migration tab's counters fit, every
    // column as wide as it needs, without a scroll bar.
    void migrationCountersFitTheDefaultWindow_data()
    {
        QTest::addColumn<bool>("driver");
        QTest::addRow("the driver's counts") << true;
        QTest::addRow("CUPTI's records") << false;
    }

    void migrationCountersFitTheDefaultWindow()
    {
        QFETCH(bool, driver);
        MainWindow window(false);
        QVERIFY(showDefaultWindow(window));
        window.migrationTab()->setReport(countedManagedRun(driver ? CounterTotals::Driver : CounterTotals::Records));
        window.showTab(MainWindow::Tab::Migration);
        QTableView *table = window.migrationTab()->table();
        QTRY_VERIFY(table->isVisible());
        QTest::qWait(100); // the columns laid out
        QCOMPARE(table->model()->columnCount(), CountersModel::coverageColumn() + 1);
        int columns = 0;
        for (int c = 0; c < table->model()->columnCount(); ++c) {
            if (table->isColumnHidden(c))
                continue; // a counter no phase reports has no column
            const int width = table->horizontalHeader()->sectionSize(c);
            QVERIFY2(
                width >= neededWidth(table, c),
                qPrintable(
                    QStringLiteral("column %1 is %2 px, it needs %3").arg(c).arg(width).arg(neededWidth(table, c))));
            columns += width;
        }
        QVERIFY2(columns <= table->viewport()->width(),
                 qPrintable(QStringLiteral("the columns need %1 px, the table shows %2")
                                .arg(columns)
                                .arg(table->viewport()->width())));
        QVERIFY(!table->horizontalScrollBar()->isVisible());
        QCOMPARE(window.size(), QSize(1280, 800));
    }

    // Issue 26: the Timeline's phase table shares its width among its
    // columns by what they hold; the last takes no more than its share.
    void timelineColumnsShareTheWidth()
    {
        MainWindow window(false);
        QVERIFY(showDefaultWindow(window));
        window.timelineTab()->setReport(gpuReport(ModeId::Pinned, true));
        window.showTab(MainWindow::Tab::Timeline);
        QTableView *table = window.timelineTab()->table();
        QTRY_VERIFY(table->isVisible());
        QTest::qWait(100);
        const int count = table->model()->columnCount();
        QCOMPARE(count, int(PhaseModel::ColumnCount));
        int needed = 0;
        int columns = 0;
        for (int c = 0; c < count; ++c) {
            needed += neededWidth(table, c);
            columns += table->horizontalHeader()->sectionSize(c);
        }
        const int viewport = table->viewport()->width();
        QVERIFY2(needed < viewport, qPrintable(QStringLiteral("%1 < %2").arg(needed).arg(viewport)));
        QVERIFY(!table->horizontalScrollBar()->isVisible());
        QVERIFY2(columns <= viewport, qPrintable(QStringLiteral("%1 <= %2").arg(columns).arg(viewport)));
        // Each column its need and its share of the rest, within a pixel or
        // two of rounding: the last is not wider than that.
        const double share = static_cast<double>(viewport) / needed;
        for (int c = 0; c < count; ++c) {
            const int width = table->horizontalHeader()->sectionSize(c);
            const double fair = neededWidth(table, c) * share;
            QVERIFY2(width >= neededWidth(table, c) && width <= fair + count,
                     qPrintable(QStringLiteral("column %1: %2 px, needs %3, its share %4")
                                    .arg(c)
                                    .arg(width)
                                    .arg(neededWidth(table, c))
                                    .arg(fair)));
        }
    }

    // Issue 26: a sweep of five modes with its paths' ceilings has nine
    // legend entries; at the default size each shows whole (eight a row
    // cut them to "p", "zer", "ma").
    void sweepLegendShowsEveryEntryWhole()
    {
        ReportSet set;
        set.kind = ReportSet::Kind::Sweep;
        for (const ModeId mode :
             {ModeId::Device, ModeId::Pinned, ModeId::ZeroCopy, ModeId::Managed, ModeId::ManagedPrefetch}) {
            for (const std::uint64_t bytes : {256 * mib, 512 * mib})
                set.runs.push_back(gpuReport(mode, true, 3.36e12, bytes));
        }
        MainWindow window(false);
        QVERIFY(showDefaultWindow(window));
        window.sweepTab()->setReports(set);
        window.showTab(MainWindow::Tab::Sweep);
        SweepPlot *plot = window.sweepTab()->plot();
        QTRY_VERIFY(plot->isVisible());
        QTest::qWait(200); // laid out, the legend's rows fitted, laid out again
        int entries = 0;
        for (int i = 0; i < plot->legend->elementCount(); ++i) {
            const QCPAbstractLegendItem *item = plot->legend->item(i);
            if (!item)
                continue;
            ++entries;
            QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width(),
                     qPrintable(QStringLiteral("legend entry %1 is %2 px of the %3 it needs")
                                    .arg(i)
                                    .arg(item->outerRect().width())
                                    .arg(item->minimumOuterSizeHint().width())));
        }
        QVERIFY2(entries > 8, qPrintable(QString::number(entries))); // the modes and their ceilings
    }

    void aShortChartTakesTheBriefTitle()
    {
        // Three modes, whose names stand under their groups: the time axis
        // is the vertical one, as short as the chart.
        ReportSet three = gpuCompare();
        three.runs.resize(3);
        CompareChart chart;
        chart.resize(600, 150);
        chart.show();
        chart.setReports(three);
        QTRY_VERIFY(!chart.horizontal());
        // Too short for the whole title: the brief one, never a title cut off.
        QTRY_COMPARE(chart.timeAxis()->label(), QStringLiteral("Median ms (log)"));
        chart.resize(600, 600);
        QTRY_COMPARE(chart.timeAxis()->label(), QStringLiteral("Median time per phase (ms, log scale)"));
    }

    // A long lesson scrolls in at most two fifths of the Compare tab; a
    // short one takes only its text's height.
    void aLongLessonLeavesTheChartItsRoom()
    {
        CompareTab tab;
        tab.resize(950, 600);
        tab.show();
        tab.setReports(gpuCompare());
        QStringList paragraphs;
        for (int i = 0; i < 40; ++i)
            paragraphs << QStringLiteral("A paragraph of the lesson, long enough to wrap at least once in the tab's "
                                         "width, with a number in it: %1 MiB.")
                              .arg(i);
        tab.setLesson({QStringLiteral("A long lesson"), paragraphs});
        QWidget *area = tab.lessonLabel()->parentWidget()->parentWidget(); // the label, its viewport, the scroll area
        QTRY_VERIFY(area->isVisible());
        QVERIFY2(area->height() <= tab.height() * 2 / 5, qPrintable(QString::number(area->height())));
        QVERIFY(tab.lessonLabel()->height() > area->height()); // it scrolls
        QVERIFY(tab.chart()->height() >= tab.height() / 4);
        tab.setLesson({QStringLiteral("A short lesson"), {QStringLiteral("One line.")}});
        QTRY_VERIFY(area->height() < tab.height() / 5);
        QVERIFY(area->height() >= tab.lessonLabel()->sizeHint().height() / 2);
        tab.setLesson({});
        QVERIFY(!area->isVisible());
    }
};

QTEST_MAIN(TestWindowLayout)
#include "tst_windowlayout.moc"
