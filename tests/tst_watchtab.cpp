// SPDX-License-Identifier: GPL-3.0-or-later
// The Watch tab: a program watched from the window. Its counts arrive as
// snapshots (a fake source here, driven step by step), each process gets
// its lines and its row, "not reported" is never drawn as zero, Stop asks
// the source, a failed start says why and gives the buttons back, the
// routes link to their modes' Explain pages, the watch is saved as JSON,
// CSV and PNG and opened again through File ▸ Open, and the window waits
// for a watched program before it closes. One test runs the real
// `sharescope watch` of a shell command (no GPU needed).
#include "explanations.h"
#include "mainwindow.h"
#include "watch/watchjson.h"
#include "watchsource.h"
#include "watchtab.h"

#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>

#include <qcustomplot.h>

using namespace sharescope;
using namespace sharescope::watch;

namespace {

constexpr std::uint64_t MiB = 1 << 20;

// A source the test drives: what the tab asked of it is kept.
class FakeWatchSource : public WatchSource
{
public:
    using WatchSource::WatchSource;
    void start(const QStringList &command) override
    {
        commands.append(command);
        m_running = true;
        emit started();
    }
    void stop() override { ++stops; }
    bool running() const override { return m_running; }

    void sendProgress(std::uint64_t atNs, std::vector<WatchProgress::Line> lines)
    {
        WatchProgress snapshot;
        snapshot.atNs = atNs;
        snapshot.processes = std::move(lines);
        emit progress(snapshot);
    }
    void finish(const WatchReport &report)
    {
        m_running = false;
        emit finished(report);
    }
    void fail(const QString &message)
    {
        m_running = false;
        emit failed(message);
    }

    QList<QStringList> commands;
    int stops = 0;

private:
    bool m_running = false;
};

WatchProgress::Line line(int pid, const char *name, std::optional<uvm::UvmCounterValues> values)
{
    WatchProgress::Line l;
    l.pid = pid;
    l.name = name;
    l.attach = Attach::Held;
    l.values = values;
    return l;
}

uvm::UvmCounterValues counts(std::uint64_t toDevice, std::uint64_t toHost, std::uint64_t cpuFaults = 0,
                             std::uint64_t gpuFaults = 0)
{
    uvm::UvmCounterValues v;
    v.bytesHostToDevice = toDevice;
    v.bytesDeviceToHost = toHost;
    v.cpuPageFaults = cpuFaults;
    v.gpuPageFaults = gpuFaults;
    return v;
}

// A finished watch of two processes: one counted, with a managed route and
// a pageable copy, and one that never used the GPU.
WatchReport twoProcesses()
{
    WatchReport report;
    report.toolVersion = "0.1.0";
    report.commandLine = "sharescope watch -- python3 train.py";
    report.createdUtc = "2026-12-03T12:00:00Z";
    report.command = {"python3", "train.py"};
    report.driverVersion = "580.159.04";
    report.api = true;
    report.durationNs = 2'000'000'000;
    report.exitStatus = 0;
    WatchedProcess counted;
    counted.pid = 4242;
    counted.name = "python3";
    counted.commandLine = "python3 train.py";
    counted.usedGpu = true;
    counted.attach = Attach::Held;
    counted.attachedNs = 100'000'000;
    counted.endedNs = 1'900'000'000;
    counted.exitStatus = 0;
    counted.totals = counts(128 * MiB, 64 * MiB, 576, 12565);
    counted.samples
        = {{500'000'000, counts(64 * MiB, 0, 100, 6000)}, {1'000'000'000, counts(128 * MiB, 64 * MiB, 576, 12565)}};
    counted.routesSeen = true;
    RouteUse managed;
    managed.route = Route::Managed;
    managed.calls = 3;
    managed.bytes = 192 * MiB;
    RouteUse pageable;
    pageable.route = Route::DeviceCopyPageable;
    pageable.calls = 2;
    pageable.bytes = 8 * MiB;
    counted.routes = {managed, pageable};
    WatchedProcess idle;
    idle.pid = 4243;
    idle.parentPid = 4242;
    idle.name = "sh";
    idle.commandLine = "sh -c true";
    idle.endedNs = 300'000'000;
    report.processes = {counted, idle};
    return report;
}

QString cellText(const WatchProcessModel *model, int row, int column)
{
    return model->data(model->index(row, column), Qt::DisplayRole).toString();
}

} // namespace

class TestWatchTab : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Each snapshot moves every process's lines on: the rate since the last
    // one, in MB/s, and the faults on the second axis; a row per process.
    void drawsEachProcessAsItsCountsArrive()
    {
        WatchTab tab;
        auto *source = new FakeWatchSource;
        tab.setSource(source);
        tab.commandField()->setText(QStringLiteral("python3 \"my script.py\" --epochs 2"));
        tab.start();
        QCOMPARE(source->commands.size(), 1);
        QCOMPARE(source->commands.first(),
                 (QStringList{QStringLiteral("python3"), QStringLiteral("my script.py"), QStringLiteral("--epochs"),
                              QStringLiteral("2")}));
        QVERIFY(tab.busy());
        QVERIFY(!tab.startButton()->isEnabled());
        QVERIFY(tab.stopButton()->isEnabled());

        source->sendProgress(100'000'000, {line(10, "python3", counts(0, 0))});
        source->sendProgress(200'000'000,
                             {line(10, "python3", counts(100'000'000, 0, 0, 500)), line(11, "python3", counts(0, 0))});
        source->sendProgress(300'000'000,
                             {line(10, "python3", counts(100'000'000, 50'000'000, 20, 500)),
                              line(11, "python3", counts(10'000'000, 0))});
        QCOMPARE(tab.model()->rowCount(), 2);
        QCOMPARE(cellText(tab.model(), 0, WatchProcessModel::Pid), QStringLiteral("10"));
        constexpr int key = WatchTab::keyGraphs;
        QCOMPARE(tab.plot()->graphCount(), key + 6); // to device, to host, faults: per process
        // Each point is the rate over the interval that ends there; a
        // process's first point starts from a zero an interval before.
        QCPGraph *toDevice = tab.plot()->graph(key + 0);
        QCOMPARE(toDevice->lineStyle(), QCPGraph::lsStepRight);
        QCOMPARE(toDevice->data()->size(), 4);
        QCOMPARE(toDevice->data()->constBegin()->key, 0.0);
        // 100 MB in the 0.1 s between the first and second snapshot: 1000 MB/s.
        QCOMPARE((toDevice->data()->constBegin() + 2)->value, 1000.0);
        QCOMPARE((toDevice->data()->constBegin() + 3)->value, 0.0);
        QCPGraph *toHost = tab.plot()->graph(key + 1);
        QCOMPARE((toHost->data()->constBegin() + 3)->value, 500.0);
        QCPGraph *faults = tab.plot()->graph(key + 2);
        QCOMPARE(faults->valueAxis(), tab.plot()->yAxis2);
        QCOMPARE((faults->data()->constBegin() + 2)->value, 5000.0); // 500 faults in 0.1 s
        QVERIFY(tab.plot()->graph(key + 3)->name().contains(QStringLiteral("python3[11]")));
        // A process that appeared later: 10 MB in its first interval.
        QCOMPARE((tab.plot()->graph(key + 3)->data()->constEnd() - 1)->value, 100.0);
        QVERIFY(!tab.status()->text().isEmpty());
    }

    // The longest gap between ticks of a 5 ms timer while eight processes
    // migrate without pause, snapshots at 10 a second after five minutes of
    // history (3,000 points a line), and the program prints all the while:
    // reported here and held under a second (a tab that redrew everything
    // on the GUI thread per byte would show far more); the 50 ms target is
    // the benchmark's to hold, on a quiet machine.
    void keepsTheEventLoopResponsive()
    {
        WatchTab tab;
        tab.resize(1280, 700);
        tab.show();
        auto *source = new FakeWatchSource;
        tab.setSource(source);
        tab.commandField()->setText(QStringLiteral("python3 train.py"));
        tab.start();
        constexpr int processes = 8;
        std::uint64_t atNs = 0;
        std::vector<uvm::UvmCounterValues> totals(processes);
        const auto snapshot = [&] {
            atNs += 100'000'000;
            std::vector<WatchProgress::Line> lines;
            for (int p = 0; p < processes; ++p) {
                totals[static_cast<std::size_t>(p)].bytesHostToDevice += 200 * MiB;
                totals[static_cast<std::size_t>(p)].bytesDeviceToHost += 100 * MiB;
                totals[static_cast<std::size_t>(p)].gpuPageFaults += 20000;
                lines.push_back(line(1000 + p, "python3", totals[static_cast<std::size_t>(p)]));
            }
            source->sendProgress(atNs, std::move(lines));
        };
        for (int i = 0; i < 3000; ++i)
            snapshot();
        QCOMPARE(tab.plot()->graph(WatchTab::keyGraphs)->data()->size(), 3001);
        QElapsedTimer sinceTick;
        qint64 longest = 0;
        QTimer ticker;
        ticker.setInterval(5);
        connect(&ticker, &QTimer::timeout, this, [&] { longest = std::max(longest, sinceTick.restart()); });
        QTimer feed;
        feed.setInterval(100);
        int fed = 0;
        connect(&feed, &QTimer::timeout, this, [&] {
            snapshot();
            emit source->output(QStringLiteral("epoch %1: loss 0.5\n").arg(fed).repeated(200));
            ++fed;
        });
        sinceTick.start();
        ticker.start();
        feed.start();
        QTRY_VERIFY_WITH_TIMEOUT(fed >= 30, 30000);
        feed.stop();
        ticker.stop();
        qInfo("longest event-loop gap while watching 8 processes (3,000 points each): %lld ms",
              static_cast<long long>(longest));
        QVERIFY2(longest < 1000, qPrintable(QString::number(longest)));
        QCOMPARE(tab.model()->rowCount(), processes);
    }

    // A process the driver does not count for says so; it is not a zero.
    void notReportedIsNeverZero()
    {
        WatchTab tab;
        auto *source = new FakeWatchSource;
        tab.setSource(source);
        tab.commandField()->setText(QStringLiteral("python3 x.py"));
        tab.start();
        source->sendProgress(100'000'000, {line(20, "python3", std::nullopt)});
        QCOMPARE(tab.model()->rowCount(), 1);
        for (const int column : {WatchProcessModel::ToDevice, WatchProcessModel::ToHost, WatchProcessModel::CpuFaults,
                                 WatchProcessModel::GpuFaults})
            QCOMPARE(cellText(tab.model(), 0, column), WatchProcessModel::tr("not reported"));
        QCOMPARE(tab.plot()->graphCount(), WatchTab::keyGraphs); // nothing drawn for it
    }

    void stopAsksTheSourceAndAnEmptyCommandIsRefused()
    {
        WatchTab tab;
        auto *source = new FakeWatchSource;
        tab.setSource(source);
        tab.commandField()->setText(QStringLiteral("   "));
        tab.start();
        QVERIFY(source->commands.isEmpty());
        QVERIFY(tab.status()->text().contains(QStringLiteral("python3")));
        tab.stop(); // nothing running: nothing asked
        QCOMPARE(source->stops, 0);

        tab.commandField()->setText(QStringLiteral("python3 x.py"));
        tab.start();
        tab.start(); // a second Start while one runs is not a second watch
        QCOMPARE(source->commands.size(), 1);
        tab.stopButton()->click();
        QCOMPARE(source->stops, 1);
        QVERIFY(tab.status()->text().contains(QStringLiteral("SIGINT")));
    }

    // A watch that cannot start says why, and the tab can start again.
    void aFailedStartSaysWhy()
    {
        WatchTab tab;
        auto *source = new FakeWatchSource;
        tab.setSource(source);
        QSignalSpy ended(&tab, &WatchTab::ended);
        tab.commandField()->setText(QStringLiteral("no-such-program"));
        tab.start();
        source->fail(QStringLiteral("no-such-program: command not found"));
        QCOMPARE(ended.count(), 1);
        QVERIFY(tab.status()->text().contains(QStringLiteral("no-such-program: command not found")));
        QVERIFY(tab.startButton()->isEnabled());
        QVERIFY(!tab.stopButton()->isEnabled());
        QVERIFY(!tab.report());
        const Status saved = tab.saveTo(m_dir.filePath(QStringLiteral("nothing.json")));
        QVERIFY(!saved);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("nothing.json"))));
    }

    // A program that prints without end keeps the newest lines, not all.
    void aTalkativeProgramKeepsTheNewestOutput()
    {
        WatchTab tab;
        auto *source = new FakeWatchSource;
        tab.setSource(source);
        tab.commandField()->setText(QStringLiteral("python3 x.py"));
        tab.start();
        QString chunk;
        for (int i = 0; i < 1000; ++i)
            chunk += QStringLiteral("line %1\n").arg(i);
        for (int i = 0; i < 20; ++i)
            emit source->output(chunk);
        emit source->output(QStringLiteral("the last line\n"));
        QVERIFY(tab.outputPane()->blockCount() <= 5001);
        QVERIFY(tab.outputPane()->toPlainText().contains(QStringLiteral("the last line")));
        QVERIFY(!tab.outputPane()->toPlainText().startsWith(QStringLiteral("line 0\n")));
    }

    // "How watching works", clicked as a user does, asks for the Explain
    // page "watch", which exists in both languages.
    void theLinkLeadsToTheExplainPage()
    {
        WatchTab tab;
        tab.setSource(new FakeWatchSource);
        tab.resize(1280, 760);
        tab.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tab));
        QSignalSpy explain(&tab, &WatchTab::explainRequested);
        QLabel *how = tab.howItWorks();
        QVERIFY(how->isVisible());
        QTest::mouseClick(how, Qt::LeftButton, {}, how->rect().center());
        QCOMPARE(explain.count(), 1);
        const QString page = explain.first().first().toString();
        QCOMPARE(page, QStringLiteral("watch"));
        QVERIFY(explanationPages().contains(page));
        QVERIFY(explanationFor(page).markdown.startsWith(QStringLiteral("# watch:")));
    }

    // The report at the end: the rows with the totals, the routes with a
    // link to each mode's Explain page.
    void theEndShowsRoutesLinkedToTheirModes()
    {
        WatchTab tab;
        auto *source = new FakeWatchSource;
        tab.setSource(source);
        QSignalSpy explain(&tab, &WatchTab::explainRequested);
        tab.commandField()->setText(QStringLiteral("python3 train.py"));
        tab.start();
        source->finish(twoProcesses());
        QVERIFY(!tab.busy());
        QVERIFY(tab.startButton()->isEnabled());
        QCOMPARE(tab.model()->rowCount(), 2);
        QCOMPARE(cellText(tab.model(), 0, WatchProcessModel::ToDevice), QStringLiteral("128 MiB"));
        QCOMPARE(cellText(tab.model(), 1, WatchProcessModel::ToDevice), WatchProcessModel::tr("not reported"));
        const QString html = tab.routes()->toHtml();
        QVERIFY2(html.contains(QStringLiteral("explain:managed")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("explain:device")), qPrintable(html));
        emit tab.routes()->anchorClicked(QUrl(QStringLiteral("explain:managed")));
        QCOMPARE(explain.count(), 1);
        QCOMPARE(explain.first().first().toString(), QStringLiteral("managed"));
        // What was watched is in the command field, ready to watch again,
        // quoted so that it splits back into the same words.
        QCOMPARE(tab.commandField()->text(), QStringLiteral("python3 train.py"));
        WatchReport quoted = twoProcesses();
        quoted.command = {"sh", "-c", "echo \"hi\" there"};
        tab.showReport(quoted);
        QCOMPARE(QProcess::splitCommand(tab.commandField()->text()),
                 (QStringList{QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo \"hi\" there")}));
        tab.showReport(twoProcesses());
        // The samples drawn for the counted process, at 0.5 s and 1.0 s, an
        // interval of 0.1 s: a report keeps a sample only where the counts
        // changed, so nothing moved before 0.4 s nor between 0.5 and 0.9 s.
        QCOMPARE(tab.plot()->graphCount(), WatchTab::keyGraphs + 3);
        QCPGraph *toDevice = tab.plot()->graph(WatchTab::keyGraphs);
        QList<QPair<double, double>> points;
        for (auto it = toDevice->data()->constBegin(); it != toDevice->data()->constEnd(); ++it)
            points.append({it->key, it->value});
        const double mb64 = 64.0 * MiB / 1e6;
        QCOMPARE(points.size(), 4);
        QCOMPARE(points[0].first, 0.4);
        QCOMPARE(points[0].second, 0.0);
        QCOMPARE(points[1].first, 0.5);
        QVERIFY(qFuzzyCompare(points[1].second, mb64 / 0.1));
        QVERIFY(qFuzzyCompare(points[2].first, 0.9));
        QCOMPARE(points[2].second, 0.0);
        QCOMPARE(points[3].first, 1.0);
        QVERIFY(qFuzzyCompare(points[3].second, mb64 / 0.1));
    }

    // Saved as JSON it reads back the same; CSV and PNG are written; a
    // folder is refused with the reason and nothing written.
    void savesWhatItShows()
    {
        WatchTab tab;
        tab.showReport(twoProcesses());
        const QString json = m_dir.filePath(QStringLiteral("watch.json"));
        QVERIFY(tab.saveTo(json));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto read = readWatch(file.readAll().toStdString());
        QVERIFY(read);
        QCOMPARE(*read, twoProcesses());

        const QString csv = m_dir.filePath(QStringLiteral("watch.csv"));
        QVERIFY(tab.saveTo(csv));
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        QCOMPARE(csvFile.readAll(), QByteArray::fromStdString(watchToCsv(twoProcesses())));

        tab.resize(900, 600);
        const QString png = m_dir.filePath(QStringLiteral("watch.png"));
        QVERIFY(tab.saveTo(png));
        QImage image(png);
        QVERIFY(!image.isNull());

        const Status refused = tab.saveTo(m_dir.path() + QLatin1Char('/'));
        QVERIFY(!refused);
    }

    // File ▸ Open of a watch report shows it in the Watch tab.
    void theWindowOpensAWatch()
    {
        const QString path = m_dir.filePath(QStringLiteral("opened.json"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(watchToJson(twoProcesses())));
        }
        MainWindow window(false);
        window.setDialogsAllowed(false);
        QSignalSpy opened(&window, &MainWindow::reportOpened);
        window.openReport(path);
        QVERIFY(opened.wait(20000));
        QCOMPARE(window.currentTab(), MainWindow::Tab::Watch);
        QVERIFY(window.watchTab()->report());
        QCOMPARE(*window.watchTab()->report(), twoProcesses());
    }

    // Closing the window while a program is watched stops the program and
    // closes once the watch has ended: the report is not lost.
    void theWindowWaitsForTheWatchedProgram()
    {
        MainWindow window(false);
        window.setDialogsAllowed(false);
        auto *source = new FakeWatchSource;
        window.watchTab()->setSource(source);
        window.watchTab()->commandField()->setText(QStringLiteral("python3 train.py"));
        window.show();
        window.watchTab()->start();
        QVERIFY(!window.close());
        QCOMPARE(source->stops, 1);
        QVERIFY(window.isVisible());
        source->finish(twoProcesses());
        QTRY_VERIFY_WITH_TIMEOUT(!window.isVisible(), 5000);
    }

    // The real thing: `sharescope watch` of a shell command, through the
    // process source, with its output and its report. No GPU is needed:
    // the command uses none, and the report says so.
    void watchesARealCommand()
    {
        qputenv("SHARESCOPE_SELF_BINARY", SHARESCOPE_BINARY);
        WatchTab tab;
        QSignalSpy ended(&tab, &WatchTab::ended);
        tab.commandField()->setText(QStringLiteral("sh -c \"echo hello from the program; sleep 0.3\""));
        tab.start();
        QVERIFY(tab.busy());
        QVERIFY(ended.wait(30000));
        QVERIFY2(tab.report(), qPrintable(tab.status()->text() + QLatin1Char('\n') + tab.outputPane()->toPlainText()));
        QCOMPARE(tab.report()->exitStatus, std::optional<int>(0));
        QCOMPARE(tab.report()->command,
                 (std::vector<std::string>{"sh", "-c", "echo hello from the program; sleep 0.3"}));
        QVERIFY(!tab.report()->processes.empty());
        QVERIFY(!anyGpuUse(*tab.report()));
        QVERIFY(tab.outputPane()->toPlainText().contains(QStringLiteral("hello from the program")));
        QVERIFY(!tab.busy());
    }

    // A command that is not there: the watch's own message (exit 127)
    // reaches the output pane and the status says the watch did not finish.
    void aMissingProgramSaysSo()
    {
        qputenv("SHARESCOPE_SELF_BINARY", SHARESCOPE_BINARY);
        WatchTab tab;
        QSignalSpy ended(&tab, &WatchTab::ended);
        tab.commandField()->setText(QStringLiteral("no-such-program-anywhere --flag"));
        tab.start();
        QVERIFY(ended.wait(30000));
        const QString said = tab.status()->text() + QLatin1Char('\n') + tab.outputPane()->toPlainText();
        QVERIFY2(said.contains(QStringLiteral("no-such-program-anywhere")), qPrintable(said));
        QVERIFY(tab.startButton()->isEnabled());
    }
};

QTEST_MAIN(TestWatchTab)
#include "tst_watchtab.moc"
