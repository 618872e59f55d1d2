// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilinglines.h"
#include "sweepplot.h"

#include <QTest>

using namespace sharescope;

namespace {

// A sweep of pinned's to-device copies at 55 GB/s, with an H200-like link.
ReportSet sweep(bool withCeilings)
{
    ReportSet set;
    set.kind = ReportSet::Kind::Sweep;
    for (const std::uint64_t bytes : {1ULL << 20, 16ULL << 20, 256ULL << 20}) {
        RunReport run;
        run.device.id = "cuda:0";
        run.device.backend = BackendKind::Cuda;
        run.spec.mode = ModeId::Pinned;
        run.spec.bytes = bytes;
        run.spec.iterations = 1;
        run.spec.warmup = 0;
        PhaseResult copy;
        copy.phase = Phase::ToDevice;
        copy.hostNs = copy.deviceNs.emplace(static_cast<std::uint64_t>(2.0 * bytes * 1e9 / 55e9));
        copy.bytesToDevice = copy.bytesAccessed = 2 * bytes;
        run.iterations.push_back({0, false, {copy}});
        if (withCeilings) {
            Ceilings ceilings;
            ceilings.specification[static_cast<std::size_t>(Path::HostToDevice)].bytesPerSecond = 63e9;
            ceilings.measured[static_cast<std::size_t>(Path::HostToDevice)].bytesPerSecond = 56e9;
            run.ceilings = ceilings;
        }
        set.runs.push_back(run);
    }
    return set;
}

} // namespace

class TestCeilingLines : public QObject
{
    Q_OBJECT

private slots:
    void drawsBothCeilingsOfThePhasesPath()
    {
        SweepPlot plot;
        plot.setPhase(Phase::ToDevice);
        plot.setReports(sweep(true));
        QCOMPARE(plot.graphCount(), 3); // pinned, then the specification and the measured ceiling
        QVERIFY2(plot.graph(1)->name().contains("PCIe host→device, specification"), qPrintable(plot.graph(1)->name()));
        QVERIFY(plot.graph(1)->name().contains("63.0 GB/s"));
        QCOMPARE(plot.graph(1)->pen().style(), Qt::DashLine);
        QCOMPARE(plot.graph(1)->data()->begin()->value, 63.0);
        QCOMPARE(plot.graph(2)->data()->begin()->value, 56.0);
        QVERIFY(plot.yAxis->range().upper > 63.0); // the lines are in view
    }

    void drawsNothingWithoutCeilings()
    {
        SweepPlot plot;
        plot.setPhase(Phase::ToDevice);
        plot.setReports(sweep(false));
        QCOMPARE(plot.graphCount(), 1);
        plot.setPhase(Phase::Kernel); // a phase that moved nothing: no line either
        QCOMPARE(plot.graphCount(), 0);
    }
};

QTEST_MAIN(TestCeilingLines)
#include "tst_ceilinglines.moc"
