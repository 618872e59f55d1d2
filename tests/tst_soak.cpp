// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparechart.h"
#include "comparemodel.h"
#include "experimentpanel.h"
#include "mainwindow.h"
#include "run/devices.h"
#include "runtabs.h"
#include "settabs.h"
#include "timelineplot.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <malloc.h>

using namespace sharescope;

namespace {

// A line of /proc/self/status ("VmRSS:  123456 kB"), in its unit.
qint64 statusValue(const char *key)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(key))
            return line.mid(qstrlen(key)).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

// Resident memory in use: glibc keeps memory that was freed for the next
// allocation (the second compare finds 1.5 MiB more resident than the first,
// none of it in use), so it is handed back first.
qint64 residentKiB()
{
    malloc_trim(0);
    return statusValue("VmRSS:");
}

qint64 openFiles()
{
    return QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::System | QDir::NoDotAndDotDot).size();
}

template<typename Plot>
qint64 redrawMs(Plot *plot)
{
    QElapsedTimer timer;
    timer.start();
    plot->replot(QCustomPlot::rpImmediateRefresh);
    return timer.elapsed();
}

} // namespace

// The window running a compare of every mode many times in one process, as
// a demo left running does: the memory it holds, its open files and threads
// do not grow, and the plots still redraw at once. SHARESCOPE_SOAK_COMPARES
// sets the count (CI: 100; scripts/soak.sh: 200), SHARESCOPE_SOAK_SIZE the
// size per buffer (64KiB). The log is the one thing that grows, by design:
// five lines a compare until its cap of 5,000 lines, about 3.6 MiB (+3 %)
// after 1,000 compares, and flat from there (2,500 compares measured).
class TestSoak : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;

    bool compareOnce()
    {
        QSignalSpy ended(m_window.get(), &MainWindow::jobEnded);
        QTest::mouseClick(m_window->panel()->compareButton(), Qt::LeftButton);
        return ended.wait(120000) && ended.at(0).at(0).toBool();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>(false);
        QSignalSpy ready(m_window.get(), &MainWindow::devicesReady);
        m_window->resize(1200, 800);
        m_window->show();
        QVERIFY(ready.wait(30000));
        const DeviceList list = listDevices();
        const auto cpu = std::ranges::find_if(list.devices, [](const DeviceInfo &d) { return d.cpuDevice; });
        if (cpu == list.devices.end())
            QSKIP("no OpenCL CPU device (PoCL) here");
        QVERIFY(m_window->panel()->selectDevice(QString::fromStdString(cpu->id)));
        QLineEdit *size = m_window->panel()->sizeEdit();
        size->selectAll();
        QTest::keyClick(size, Qt::Key_Backspace);
        QTest::keyClicks(size, qEnvironmentVariable("SHARESCOPE_SOAK_SIZE", QStringLiteral("64KiB")));
        m_window->panel()->setIterations(2, 1);
        QVERIFY2(m_window->panel()->compareButton()->isEnabled(), qPrintable(m_window->panel()->validationMessage()));
    }

    void comparesEveryModeManyTimes()
    {
        const int count = qEnvironmentVariableIsSet("SHARESCOPE_SOAK_COMPARES")
            ? qEnvironmentVariableIntValue("SHARESCOPE_SOAK_COMPARES")
            : 100;
        QVERIFY2(count >= 2, "SHARESCOPE_SOAK_COMPARES must be at least 2");
        int modes = 0;
        for (int row = 0; row < m_window->panel()->modeList()->count(); ++row)
            modes += (m_window->panel()->modeList()->item(row)->flags() & Qt::ItemIsEnabled) ? 1 : 0;
        QElapsedTimer total;
        total.start();
        QVERIFY(compareOnce());
        QCOMPARE(m_window->compareTab()->model()->rowCount(), modes);
        m_window->showTab(MainWindow::Tab::Timeline);
        QTest::qWait(50); // laid out and drawn once
        const qint64 rssFirst = residentKiB();
        const qint64 filesFirst = openFiles();
        const qint64 threadsFirst = statusValue("Threads:");
        const qint64 timelineFirst = redrawMs(m_window->timelineTab()->plot());
        const qint64 compareFirst = redrawMs(m_window->compareTab()->chart());
        for (int i = 1; i < count; ++i) {
            if (!compareOnce())
                QFAIL(qPrintable(QStringLiteral("compare %1 of %2 failed").arg(i + 1).arg(count)));
        }
        QCOMPARE(m_window->compareTab()->model()->rowCount(), modes);
        QTest::qWait(50);
        const qint64 rssLast = residentKiB();
        const qint64 filesLast = openFiles();
        const qint64 threadsLast = statusValue("Threads:");
        const qint64 timelineLast = redrawMs(m_window->timelineTab()->plot());
        const qint64 compareLast = redrawMs(m_window->compareTab()->chart());
        qInfo("%d compares of %d modes in %.1f s; RSS in use %lld KiB after the first, %lld KiB after the last (%+.2f "
              "%%); "
              "open files %lld -> %lld; threads %lld -> %lld; timeline redraw %lld -> %lld ms; compare chart "
              "%lld -> %lld ms",
              count, modes, static_cast<double>(total.elapsed()) / 1000, rssFirst, rssLast,
              100.0 * static_cast<double>(rssLast - rssFirst) / static_cast<double>(rssFirst), filesFirst, filesLast,
              threadsFirst, threadsLast, timelineFirst, timelineLast, compareFirst, compareLast);
        QVERIFY2(rssLast <= rssFirst + rssFirst / 50,
                 qPrintable(QStringLiteral("RSS grew from %1 to %2 KiB, more than 2 %").arg(rssFirst).arg(rssLast)));
        QVERIFY2(filesLast <= filesFirst,
                 qPrintable(QStringLiteral("open files grew from %1 to %2").arg(filesFirst).arg(filesLast)));
        QVERIFY2(threadsLast <= threadsFirst,
                 qPrintable(QStringLiteral("threads grew from %1 to %2").arg(threadsFirst).arg(threadsLast)));
        QVERIFY2(timelineLast < 100, qPrintable(QStringLiteral("the timeline redraws in %1 ms").arg(timelineLast)));
        // And with a run on it, after them all.
        QSignalSpy ended(m_window.get(), &MainWindow::jobEnded);
        QTest::mouseClick(m_window->panel()->runButton(), Qt::LeftButton);
        QVERIFY(ended.wait(120000) && ended.at(0).at(0).toBool());
        TimelinePlot *timeline = m_window->timelineTab()->plot();
        QVERIFY(timeline->segmentCount() > 0);
        const qint64 runDraw = redrawMs(timeline);
        qInfo("timeline of a run after the compares (%d segments) redrawn in %lld ms", timeline->segmentCount(),
              runDraw);
        QVERIFY2(runDraw < 100, qPrintable(QStringLiteral("the timeline of a run redraws in %1 ms").arg(runDraw)));
        QVERIFY2(compareLast < 100, qPrintable(QStringLiteral("the compare chart redraws in %1 ms").arg(compareLast)));
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestSoak)
#include "tst_soak.moc"
