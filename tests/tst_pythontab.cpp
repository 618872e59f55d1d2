// SPDX-License-Identifier: GPL-3.0-or-later
// The Python tab: the routes run off the GUI thread (the window keeps
// answering), each row says what became of its route, Stop ends a hung
// route promptly, and ShareScope's runs of the matching modes at the
// routes' size are set beside them. The real pyopencl routes run on PoCL
// where the system python3 has pyopencl.
#include "demoruns.h"
#include "mainwindow.h"
#include "pythonmodel.h"
#include "pythontab.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace sharescope;
using namespace sharescope::testing;

class TestPythonTab : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString fake(const QString &name, const QByteArray &body)
    {
        QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        file.write("#!/bin/sh\n" + body + "\n");
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return path;
    }

    static ExperimentSpec spec(std::uint64_t bytes)
    {
        ExperimentSpec s;
        s.bytes = bytes;
        s.iterations = 2;
        s.warmup = 0;
        return s;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Every route gets a row; a route that cannot run says why; the
    // window's event loop runs all the while.
    void runsEveryRouteWithoutBlocking()
    {
        PythonTab tab;
        tab.setExperiment(spec(1 << 20));
        // An interpreter whose routes all print the same not-run line, a
        // little late.
        tab.interpreter()->setText(fake(
            "slow",
            "sleep 0.2; echo '{\"route\": \"'$(echo \"$2\" | sed -n \"s/^main(\\\"\\([a-z-]*\\)\\\".*/\\1/p\")'\", "
            "\"state\": \"not-run\", \"reason\": \"cannot import it here\"}'"));
        QSignalSpy finished(&tab, &PythonTab::finished);
        QElapsedTimer timer;
        timer.start();
        tab.runRoutes();
        const qint64 started = timer.elapsed();
        QCOMPARE(finished.count(), 0); // answers come as queued signals
        QCOMPARE(tab.model()->rowCount(), 0);
        QVERIFY(!tab.runButton()->isEnabled());
        QVERIFY(finished.wait(60000));
        // Started, not run on this thread: run here, runRoutes() would have
        // returned only when the routes (0.2 s each at least) were done. Held
        // as a share of the whole, not in milliseconds: a busy machine
        // stretches both.
        QVERIFY2(started * 3 < timer.elapsed(),
                 qPrintable(QStringLiteral("runRoutes() took %1 ms of %2 ms").arg(started).arg(timer.elapsed())));
        QCOMPARE(tab.model()->rowCount(), int(pythonRoutes().size()));
        for (int row = 0; row < tab.model()->rowCount(); ++row) {
            const QString note = tab.model()->index(row, PythonModel::Note).data().toString();
            QVERIFY2(note == QStringLiteral("not run here: cannot import it here"), qPrintable(note));
        }
        QVERIFY(tab.runButton()->isEnabled());
        QVERIFY(!tab.compareButton()->isEnabled()); // nothing measured, nothing to compare
    }

    void stopEndsAHungRoutePromptly()
    {
        PythonTab tab;
        tab.setExperiment(spec(1 << 20));
        tab.interpreter()->setText(fake("hang", "exec sleep 600"));
        QSignalSpy finished(&tab, &PythonTab::finished);
        tab.runRoutes();
        QTest::qWait(300);
        QElapsedTimer timer;
        timer.start();
        tab.stop();
        QVERIFY(finished.wait(5000));
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(tab.status()->text().startsWith(QStringLiteral("Stopped")));
        QCOMPARE(tab.model()->rowCount(), 0); // the stopped route is not shown as a result
    }

    // A measured route beside ShareScope's run of its mode with the scale
    // kernel at the same size; another size or kernel is not its match.
    void setsShareScopeBesideTheRoutes()
    {
        PythonModel model;
        PythonRouteResult measured;
        measured.route = PythonRouteId::PyopenclUseHostPtr;
        measured.state = RouteState::Measured;
        measured.framework = "pyopencl 2022.3.1";
        measured.memory = "USE_HOST_PTR";
        measured.bytes = 1 << 20;
        measured.medianNs = 3'000'000;
        measured.samples = 2;
        measured.shared = true;
        model.setResults({measured});
        QCOMPARE(model.matchingModes(), std::vector{ModeId::ClUseHostPtr});
        QCOMPARE(model.index(0, PythonModel::ModeTime).data().toString(), QStringLiteral("—"));
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs.push_back(runOf(cpuOpenCl(), ModeId::ClUseHostPtr, KernelId::VectorAdd, 1 << 20,
                                 {{Phase::Kernel, 1'000'000}}, false));
        set.runs.push_back(
            runOf(cpuOpenCl(), ModeId::ClUseHostPtr, KernelId::Scale, 2 << 20, {{Phase::Kernel, 1'000'000}}, false));
        model.setShareScopeRuns(set);
        QCOMPARE(model.index(0, PythonModel::ModeTime).data().toString(), QStringLiteral("—"));
        set.runs.push_back(
            runOf(cpuOpenCl(), ModeId::ClUseHostPtr, KernelId::Scale, 1 << 20, {{Phase::Kernel, 2'000'000}}, false));
        model.setShareScopeRuns(set);
        QCOMPARE(model.index(0, PythonModel::ModeTime).data().toString(), QStringLiteral("2.00 ms"));
        QCOMPARE(model.index(0, PythonModel::Ratio).data().toString(), QStringLiteral("1.50×"));
        QCOMPARE(model.index(0, PythonModel::Shared).data().toString(), QStringLiteral("yes: one address"));
    }

    // A route that opens another process's memory moves no bytes: no
    // bandwidth; and its "shared" is the other process's writes, read here.
    void saysWhatAnOpeningInAnotherProcessShows()
    {
        PythonModel model;
        PythonRouteResult measured;
        measured.route = PythonRouteId::NumbaIpc;
        measured.state = RouteState::Measured;
        measured.framework = "numba 0.68.0";
        measured.memory = "cuda.device_array, get_ipc_handle() to a second process";
        measured.bytes = 1 << 20;
        measured.medianNs = 90'000;
        measured.samples = 5;
        measured.shared = true;
        PythonRouteResult copied = measured;
        copied.route = PythonRouteId::CupyDevice;
        model.setResults({measured, copied});
        QCOMPARE(model.index(0, PythonModel::Step).data().toString(), QStringLiteral("ipc-open"));
        QCOMPARE(model.index(0, PythonModel::Bandwidth).data().toString(), QStringLiteral("—"));
        QCOMPARE(model.index(0, PythonModel::Shared).data().toString(),
                 QStringLiteral("yes: the other process's writes, read here"));
        QVERIFY(model.index(1, PythonModel::Bandwidth).data().toString() != QStringLiteral("—"));
        QCOMPARE(model.index(1, PythonModel::Shared).data().toString(), QStringLiteral("yes: one address"));
    }

    // The hand-offs: a row per producer and memory, a column per consumer,
    // the consumer's message as the cell's tooltip; a broken line says so.
    void showsTheHandOffMatrix()
    {
        PythonTab tab;
        tab.setExperiment(spec(1 << 20));
        tab.interpreter()->setText(
            fake("matrix",
                 "echo '{\"route\": \"dlpack-matrix\", \"versions\": {\"cupy\": \"14.2.0\"}, \"cells\": ["
                 "{\"producer\": \"cupy\", \"memory\": \"managed\", \"consumer\": \"torch\", \"interface\": "
                 "\"dlpack\", \"outcome\": \"refused\", \"message\": \"BufferError: Unsupported device_type: 13\"},"
                 "{\"producer\": \"cupy\", \"memory\": \"device\", \"consumer\": \"cupy\", \"interface\": "
                 "\"dlpack\", \"outcome\": \"shared\"}]}'"));
        QSignalSpy finished(&tab, &PythonTab::finished);
        tab.runMatrix();
        QVERIFY(!tab.matrixButton()->isEnabled());
        QVERIFY(finished.wait(30000));
        QTableWidget *table = tab.matrixTable();
        QVERIFY(table->isVisibleTo(&tab));
        QCOMPARE(table->rowCount(), 12);
        QCOMPARE(table->columnCount(), 4);
        QCOMPARE(table->verticalHeaderItem(2)->text(), QStringLiteral("cupy managed"));
        QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("to torch"));
        QCOMPARE(table->item(2, 1)->text(), QStringLiteral("refused"));
        QCOMPARE(table->item(2, 1)->toolTip(), QStringLiteral("BufferError: Unsupported device_type: 13"));
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("shared"));
        QCOMPARE(table->item(5, 3)->text(), QStringLiteral("—")); // a cell the line did not give
        QVERIFY2(tab.status()->text().contains(QStringLiteral("cupy 14.2.0")), qPrintable(tab.status()->text()));
        QVERIFY(tab.matrixButton()->isEnabled());

        tab.interpreter()->setText(fake("broken", "echo '{\"route\": \"dlpack-matrix\", \"cells\": 7}'"));
        tab.runMatrix();
        QVERIFY(finished.wait(30000));
        QVERIFY2(tab.status()->text().startsWith(
                     QStringLiteral("The hand-offs did not run: its result could not be read: no \"cells\" list")),
                 qPrintable(tab.status()->text()));
        QCOMPARE(tab.matrixTable()->rowCount(), 0);
    }

    // The window: a Python tab, --tab python, and the comparison its button
    // asks for is one of the scale kernel at the routes' size.
    void theWindowHasAPythonTab()
    {
        MainWindow window(false);
        QCOMPARE(window.centralWidget()->findChild<QTabWidget *>()->tabText(int(WindowTab::Python)),
                 QStringLiteral("Python"));
        QCOMPARE(windowTabFromName(QStringLiteral("python")), std::optional(WindowTab::Python));
        window.showTab(WindowTab::Python);
        QCOMPARE(window.currentTab(), WindowTab::Python);
    }

    // The real pyopencl routes, where /usr/bin/python3 has pyopencl: both
    // measured on the OpenCL device, one address on both sides.
    void runsThePyopenclRoutesForReal()
    {
        if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
            QSKIP("no /usr/bin/python3 here");
        PythonTab tab;
        tab.setExperiment(spec(1 << 20));
        tab.interpreter()->setText(QStringLiteral("/usr/bin/python3"));
        QSignalSpy finished(&tab, &PythonTab::finished);
        tab.runRoutes();
        QVERIFY(finished.wait(300000));
        int measured = 0;
        for (const PythonRouteResult &r : tab.model()->results()) {
            if (pythonRouteInfo(r.route).framework != "pyopencl")
                continue;
            if (r.state == RouteState::NotRun)
                QSKIP(qPrintable(QString::fromStdString(r.reason)));
            QVERIFY2(r.state == RouteState::Measured, (r.reason + r.detail).c_str());
            ++measured;
        }
        QCOMPARE(measured, 2);
        QVERIFY(tab.compareButton()->isEnabled());
        QSignalSpy asked(&tab, &PythonTab::compareRequested);
        tab.compareButton()->click();
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked[0][1].toULongLong(), quint64(1 << 20));
    }
};

QTEST_MAIN(TestPythonTab)
#include "tst_pythontab.moc"
