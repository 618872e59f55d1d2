// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilingreports.h"

#include "bytesize.h"
#include "report/reportcsv.h"
#include "reporttables.h"

#include <QStringList>
#include <QTest>

using namespace sharescope;
using namespace sharescope::testing;

namespace {

// The row of a text table that starts with `name` and a column gap.
QString rowOf(const QString &table, const QString &name)
{
    const QStringList lines = table.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.startsWith(name + QStringLiteral("  ")))
            return line;
    }
    return {};
}

// The CSV row of a run's phase in its first measured iteration.
QString csvRow(const QString &csv, const QString &mode, const QString &phase)
{
    for (const QString &line : csv.split(QLatin1Char('\n'))) {
        const QStringList cells = line.split(QLatin1Char(','));
        if (cells.size() > 6 && cells[1] == mode && cells[4] == QStringLiteral("1") && cells[6] == phase)
            return line;
    }
    return {};
}

// pinned with ceilings; device with a kernel above its specification;
// managed from a report written before ceilings.
ReportSet compareSet()
{
    ReportSet set;
    set.kind = ReportSet::Kind::Compare;
    set.runs.push_back(gpuReport(ModeId::Pinned, true));
    set.runs.push_back(gpuReport(ModeId::Device, true, impossibleKernelRate));
    set.runs.push_back(gpuReport(ModeId::Managed, false));
    return set;
}

} // namespace

// compare, sweep and their CSV hold every bandwidth against its ceilings:
// a share of the measured ceiling and of the specification, "no ceiling"
// where there is none, and a measurement problem as such, never as a result.
class TestCeilingTables : public QObject
{
    Q_OBJECT

private slots:
    // NVLink's specification by architecture, never by NVML's version
    // value, and the devices listing's line, in each case NVML leaves.
    void listsTheNvlinkOfEachCudaDevice()
    {
        DeviceInfo h200;
        h200.id = "cuda:0";
        h200.backend = BackendKind::Cuda;
        h200.versionMajor = 9;
        h200.versionMinor = 0;
        h200.nvlinkActiveLinks = 18;
        h200.nvlinkVersion = 7;
        QCOMPARE(nvlinkLinkBytesPerSecond(h200), std::optional<double>(25e9));
        QCOMPARE(nvlinkBytesPerSecond(h200), std::optional<double>(450e9));
        DeviceList list;
        list.devices = {h200};
        QString text = devicesTable(list);
        QVERIFY2(text.contains(QStringLiteral("  cuda:0 NVLink: 18 links active (NVML's version value 7); by sm_90's "
                                              "specification %1 a link each way, %2 each way in all\n")
                                   .arg(QString::fromStdString(formatBandwidth(25e9)),
                                        QString::fromStdString(formatBandwidth(450e9)))),
                 qPrintable(text));

        DeviceInfo consumer = h200; // sm_86's links are specified otherwise
        consumer.versionMinor = 6;
        QVERIFY(!nvlinkLinkBytesPerSecond(consumer));
        QVERIFY(!nvlinkBytesPerSecond(consumer));
        list.devices = {consumer};
        QVERIFY(devicesTable(list).contains(QStringLiteral("no specification known for this GPU's links")));

        DeviceInfo none = h200;
        none.nvlinkActiveLinks = 0;
        QVERIFY(!nvlinkBytesPerSecond(none));
        list.devices = {none};
        QVERIFY(devicesTable(list).contains(QStringLiteral("cuda:0 NVLink: no link active")));

        DeviceInfo unknown = h200;
        unknown.nvlinkActiveLinks.reset();
        unknown.nvlinkVersion.reset();
        unknown.nvlinkNote = "libnvidia-ml.so.1 could not be loaded";
        QVERIFY(!nvlinkBytesPerSecond(unknown));
        list.devices = {unknown};
        QVERIFY(devicesTable(list).contains(
            QStringLiteral("cuda:0 NVLink: not reported (libnvidia-ml.so.1 could not be loaded)")));

        DeviceInfo opencl;
        opencl.id = "opencl:0";
        list.devices = {opencl};
        QVERIFY(!devicesTable(list).contains(QStringLiteral("NVLink")));
    }

    void compareCarriesTheKernelsShares()
    {
        const QString table = compareTable(compareSet());
        QVERIFY2(table.contains(QStringLiteral("of measured")) && table.contains(QStringLiteral("of spec")),
                 qPrintable(table));
        const QString pinned = rowOf(table, QStringLiteral("pinned"));
        QVERIFY2(pinned.contains(QStringLiteral(" 80% ")) && pinned.contains(QStringLiteral(" 70% ")),
                 qPrintable(table));
        QVERIFY(!pinned.contains(QStringLiteral("no ceiling")));
    }

    // The peer-access kernel reads the device's memory across the link:
    // 768 MiB at 540 GB/s, two thirds of it read, is 360 GB/s device→peer,
    // 96% of a calibrated 375 and 80% of 18 NVLink 4 links' 450.
    void compareHoldsAPeerKernelAgainstTheLink()
    {
        RunReport run = gpuReport(ModeId::PeerAccess, true, 540e9);
        run.spec.peerId = "cuda:1";
        run.device.peers.push_back(PeerLink{.peerId = "cuda:1", .peerIndex = 1, .peerName = "test GPU"});
        const auto at = [](Path p) { return static_cast<std::size_t>(p); };
        run.ceilings->specification[at(Path::DeviceToPeer)].bytesPerSecond = 450e9;
        run.ceilings->specification[at(Path::PeerToDevice)].bytesPerSecond = 450e9;
        run.ceilings->measured[at(Path::DeviceToPeer)].bytesPerSecond = 375e9;
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs.push_back(run);
        const QString table = compareTable(set);
        const QString row = rowOf(table, QStringLiteral("peer-access"));
        QVERIFY2(row.contains(QStringLiteral(" 96% ")) && row.contains(QStringLiteral(" 80% ")), qPrintable(table));
        // Without the link's ceilings (one GPU, or a report from before).
        run.ceilings = gpuCeilings();
        set.runs = {run};
        const QString none = rowOf(compareTable(set), QStringLiteral("peer-access"));
        QVERIFY2(none.count(QStringLiteral("no ceiling")) == 2, qPrintable(none));
    }

    void compareSaysNoCeilingForAnOldReport()
    {
        const QString table = compareTable(compareSet());
        const QString managed = rowOf(table, QStringLiteral("managed"));
        QVERIFY2(!managed.isEmpty(), qPrintable(table));
        QCOMPARE(managed.count(QStringLiteral("no ceiling")), 2);
        QVERIFY(!managed.contains(QStringLiteral("0%")));
    }

    void compareShowsAProblemNotAResult()
    {
        const QString table = compareTable(compareSet());
        const QString device = rowOf(table, QStringLiteral("device"));
        QVERIFY2(!device.isEmpty(), qPrintable(table));
        QCOMPARE(device.count(QStringLiteral("PROBLEM")), 3); // kernel bw, of measured, of spec
        const RunReport run = gpuReport(ModeId::Device, true, impossibleKernelRate);
        const double figure = *summarize(run)[3].median.bandwidth(); // the kernel's
        QVERIFY2(!device.contains(QString::fromStdString(formatBandwidth(figure))), qPrintable(device));
        // and below the table, what is wrong, with the numbers
        QVERIFY2(table.contains(QStringLiteral("device: PROBLEM kernel:")), qPrintable(table));
        QVERIFY(table.contains(QStringLiteral("measurement problem")));
    }

    void sweepCarriesEveryBandwidthsShares()
    {
        ReportSet set;
        set.kind = ReportSet::Kind::Sweep;
        set.runs.push_back(gpuReport(ModeId::Pinned, true, 3.36e12, 256 * mib));
        set.runs.push_back(gpuReport(ModeId::Pinned, true, 3.36e12, 512 * mib));
        const QString table = sweepTable(set);
        const QStringList lines = table.split(QLatin1Char('\n'));
        const auto header
            = std::ranges::find_if(lines, [](const QString &line) { return line.startsWith(QStringLiteral("mode")); });
        QVERIFY2(header != lines.end(), qPrintable(table));
        QCOMPARE(header->count(QStringLiteral("of measured")), 3); // after to-device, kernel and to-host
        QCOMPARE(header->count(QStringLiteral("of spec")), 3);
        const QStringList rows = table.split(QLatin1Char('\n')).filter(QStringLiteral("pinned  "));
        QCOMPARE(rows.size(), 2);
        for (const QString &row : rows) {
            // to-device 91% and 79%, kernel 80% and 70%, to-host 80% and 70%
            QVERIFY2(row.contains(QStringLiteral(" 91% ")) && row.contains(QStringLiteral(" 79% ")), qPrintable(row));
            QCOMPARE(row.count(QStringLiteral(" 80% ")), 2);
            QCOMPARE(row.count(QStringLiteral(" 70% ")), 2);
        }
    }

    void sweepSaysNoCeilingAndProblems()
    {
        ReportSet set;
        set.kind = ReportSet::Kind::Sweep;
        set.runs.push_back(gpuReport(ModeId::Pinned, false, 3.36e12, 256 * mib));
        set.runs.push_back(gpuReport(ModeId::Pinned, true, impossibleKernelRate, 512 * mib));
        const QString table = sweepTable(set);
        const QStringList rows = table.split(QLatin1Char('\n')).filter(QStringLiteral("pinned  "));
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[0].count(QStringLiteral("no ceiling")), 6); // three bandwidths, two shares each
        QVERIFY(!rows[0].contains(QStringLiteral("PROBLEM")));
        QCOMPARE(rows[1].count(QStringLiteral("PROBLEM")), 3); // the kernel's three cells
        QVERIFY(rows[1].contains(QStringLiteral(" 91% "))); // to-device is still a result
        QVERIFY2(table.contains(QStringLiteral("pinned · 512 MiB: PROBLEM kernel:")), qPrintable(table));
    }

    // Issue 43: the two share columns hold numbers or nothing, so that a
    // spreadsheet reads them as numbers; why one is empty is in ceiling_note.
    void csvCarriesTheShares_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("ending");
        QTest::addRow("copy against the bus") << "pinned"
                                              << "to-device"
                                              << ",host-to-device,90.9,79.4,";
        QTest::addRow("kernel against device memory") << "pinned"
                                                      << "kernel"
                                                      << ",device-memory,80.0,70.0,";
        QTest::addRow("host memory has no specification") << "pinned"
                                                          << "host-init"
                                                          << ",host-memory,10.0,,no ceiling";
        QTest::addRow("above the specification") << "device"
                                                 << "kernel"
                                                 << ",device-memory,,,measurement problem";
        QTest::addRow("report without ceilings") << "managed"
                                                 << "to-device"
                                                 << ",,,,no ceiling";
    }

    void csvCarriesTheShares()
    {
        QFETCH(QString, mode);
        QFETCH(QString, phase);
        QFETCH(QString, ending);
        const QString csv = QString::fromStdString(toCsv(compareSet().runs));
        QVERIFY(csv.section(QLatin1Char('\n'), 0, 0)
                    .endsWith(QStringLiteral(
                        ",ceiling_path,percent_of_measured_ceiling,percent_of_specification,ceiling_note")));
        const QString row = csvRow(csv, mode, phase);
        QVERIFY2(row.endsWith(ending), qPrintable(row));
    }

    void csvLeavesPhasesThatMovedNothingEmpty()
    {
        const QString csv = QString::fromStdString(toCsv(compareSet().runs));
        const QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const qsizetype columns = lines.front().count(QLatin1Char(','));
        for (const QString &line : lines)
            QCOMPARE(line.count(QLatin1Char(',')), columns); // every row as wide as the header
        const auto alloc = std::ranges::find_if(
            lines, [](const QString &line) { return line.section(QLatin1Char(','), 6, 6) == QStringLiteral("alloc"); });
        QVERIFY(alloc != lines.end());
        QVERIFY2(alloc->endsWith(QStringLiteral(",,,,")),
                 qPrintable(*alloc)); // no bandwidth: not "0", not "no ceiling"
    }
};

QTEST_GUILESS_MAIN(TestCeilingTables)
#include "tst_ceilingtables.moc"
