// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/calibration.h"
#include "ceilings/ceilings.h"
#include "ceilings/pcielink.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace sharescope;

namespace {

// A sysfs tree with one PCI device, as Linux shows it.
struct FakeSysfs
{
    QTemporaryDir dir;

    std::filesystem::path root() const { return dir.path().toStdString(); }
    void device(const std::string &busId, const std::string &current, const std::string &currentWidth,
                const std::string &max, const std::string &maxWidth) const
    {
        const auto path = root() / "bus" / "pci" / "devices" / busId;
        std::filesystem::create_directories(path);
        const auto write
            = [&](const char *name, const std::string &text) { std::ofstream(path / name) << text << "\n"; };
        write("current_link_speed", current);
        write("current_link_width", currentWidth);
        write("max_link_speed", max);
        write("max_link_width", maxWidth);
    }
};

DeviceInfo gpu(const std::string &busId = "0000:17:00.0")
{
    DeviceInfo d;
    d.id = "cuda:0";
    d.backend = BackendKind::Cuda;
    d.name = "A GPU";
    d.driverVersion = "13.0";
    d.pciBusId = busId;
    d.memoryClockKHz = 3201000;
    d.memoryBusWidthBits = 6144;
    d.cacheBytes = 50ULL << 20;
    return d;
}

constexpr double gen5x16 = 32e9 * 16 * 128.0 / 130.0 / 8.0; // 63.0 GB/s

} // namespace

class TestCeilings : public QObject
{
    Q_OBJECT

private slots:
    void parsesLinkSpeeds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("expected"); // 0: not a PCIe rate
        QTest::addRow("gen5 with suffix") << "32.0 GT/s PCIe" << 32.0;
        QTest::addRow("gen3 old kernel") << "8 GT/s" << 8.0;
        QTest::addRow("gen1") << "2.5 GT/s" << 2.5;
        QTest::addRow("gen4 newline") << "16.0 GT/s PCIe\n" << 16.0;
        QTest::addRow("gen6") << "64.0 GT/s PCIe" << 64.0;
        QTest::addRow("unknown") << "Unknown" << 0.0;
        QTest::addRow("unknown speed") << "Unknown speed" << 0.0;
        QTest::addRow("empty") << "" << 0.0;
        QTest::addRow("not a generation") << "7.5 GT/s" << 0.0;
        QTest::addRow("other unit") << "32.0 MT/s" << 0.0;
    }
    void parsesLinkSpeeds()
    {
        QFETCH(QString, text);
        QFETCH(double, expected);
        QCOMPARE(parseLinkSpeed(text.toStdString()).value_or(0.0), expected);
    }

    void parsesLinkWidths_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("expected"); // 0: not a PCIe width
        QTest::addRow("16") << "16" << 16;
        QTest::addRow("x8") << "x8" << 8;
        QTest::addRow("1 with newline") << "1\n" << 1;
        QTest::addRow("zero, as some VMs say") << "0" << 0;
        QTest::addRow("255") << "255" << 0;
        QTest::addRow("3") << "3" << 0;
        QTest::addRow("text") << "sixteen" << 0;
    }
    void parsesLinkWidths()
    {
        QFETCH(QString, text);
        QFETCH(int, expected);
        QCOMPARE(parseLinkWidth(text.toStdString()).value_or(0), expected);
    }

    void normalizesBusIds_data()
    {
        QTest::addColumn<QString>("busId");
        QTest::addColumn<QString>("expected"); // empty: not a PCI address
        QTest::addRow("CUDA, upper case") << "0000:1A:00.0"
                                          << "0000:1a:00.0";
        QTest::addRow("NVML, 8-digit domain") << "00000000:17:00.0"
                                              << "0000:17:00.0";
        QTest::addRow("short fields") << "1:2:3.4"
                                      << "0001:02:03.4";
        QTest::addRow("VMD domain") << "10000:e1:00.0"
                                    << "10000:e1:00.0";
        QTest::addRow("no function") << "0000:17:00"
                                     << "";
        QTest::addRow("not hex") << "0000:zz:00.0"
                                 << "";
        QTest::addRow("empty") << ""
                               << "";
    }
    void normalizesBusIds()
    {
        QFETCH(QString, busId);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(normalizeBusId(busId.toStdString()).value_or("")), expected);
    }

    void convertsLinksWithTheirEncoding()
    {
        QCOMPARE(linkBytesPerSecond(32.0, 16), gen5x16);
        QCOMPARE(linkBytesPerSecond(8.0, 16), 8e9 * 16 * 128.0 / 130.0 / 8.0); // 15.75 GB/s
        QCOMPARE(linkBytesPerSecond(2.5, 1), 250e6); // 8b/10b
        QCOMPARE(linkBytesPerSecond(5.0, 8), 4e9);
        QCOMPARE(QString::fromLatin1(linkEncoding(16.0).data()), "128b/130b");
        QCOMPARE(QString::fromLatin1(linkEncoding(5.0).data()), "8b/10b");
    }

    void readsTheLinkOfADevice()
    {
        FakeSysfs sysfs;
        QVERIFY(sysfs.dir.isValid());
        sysfs.device("0000:1a:00.0", "2.5 GT/s PCIe", "16", "32.0 GT/s PCIe", "16");
        const Ceilings ceilings = ceilingsFor(gpu("0000:1A:00.0"), nullptr, sysfs.root());
        const PathCeiling &in = ceilings.specificationOf(Path::HostToDevice);
        QCOMPARE(in.bytesPerSecond.value_or(0), gen5x16);
        // An idle GPU slows its link: the ceiling is what the link can do,
        // and the source says what it ran at.
        QVERIFY2(in.source.english().find("ran at 2.5 GT/s x16") != std::string::npos, in.source.english().c_str());
        QCOMPARE(ceilings.specificationOf(Path::DeviceToHost).bytesPerSecond, in.bytesPerSecond);
    }

    void saysWhyALinkIsUnknown()
    {
        FakeSysfs sysfs;
        sysfs.device("0000:17:00.0", "Unknown", "0", "Unknown", "255");
        const Ceilings odd = ceilingsFor(gpu(), nullptr, sysfs.root());
        QVERIFY(!odd.specificationOf(Path::HostToDevice).bytesPerSecond);
        QVERIFY(odd.specificationOf(Path::HostToDevice).source.english().find("'Unknown'") != std::string::npos);

        const Ceilings missing = ceilingsFor(gpu("0000:18:00.0"), nullptr, sysfs.root());
        QVERIFY(!missing.specificationOf(Path::HostToDevice).bytesPerSecond);
        QVERIFY(missing.specificationOf(Path::HostToDevice).source.english().find("current_link_speed")
                != std::string::npos);

        DeviceInfo noBus = gpu("");
        QVERIFY(!ceilingsFor(noBus, nullptr, sysfs.root()).specificationOf(Path::HostToDevice).bytesPerSecond);
    }

    void takesDeviceMemoryFromItsAttributes()
    {
        QCOMPARE(deviceMemoryPeak(3201000, 6144).value_or(0), 3201e6 * 2 * 768); // 4.92 TB/s
        QVERIFY(!deviceMemoryPeak(0, 6144));
        QVERIFY(!deviceMemoryPeak(3201000, 0));
        const Ceilings ceilings = ceilingsFor(gpu(), nullptr, "/nonexistent");
        QCOMPARE(ceilings.specificationOf(Path::DeviceMemory).bytesPerSecond.value_or(0), 3201e6 * 2 * 768);
        QCOMPARE(ceilings.deviceCacheBytes, 50ULL << 20);
        // The host's memory has no specification ShareScope can read.
        QVERIFY(!ceilings.specificationOf(Path::HostMemory).bytesPerSecond);
        QVERIFY(!ceilings.measuredOf(Path::DeviceMemory).bytesPerSecond); // not calibrated
    }

    void aCpuDeviceHasNoBus()
    {
        DeviceInfo cpu;
        cpu.id = "opencl:0";
        cpu.cpuDevice = true;
        cpu.hostUnifiedMemory = true;
        const Ceilings ceilings = ceilingsFor(cpu, nullptr, "/nonexistent");
        for (const Path path : allPaths)
            QVERIFY(!ceilings.specificationOf(path).bytesPerSecond);
        QVERIFY(ceilings.specificationOf(Path::HostToDevice).source.english().find("no bus") != std::string::npos);
    }

    void measuredCeilingsAreTheBestOfACalibration()
    {
        Calibration calibration;
        calibration.createdUtc = "2026-12-01T10:00:00Z";
        calibration.results = {{CalibrationStep::HostToDeviceCopy, Path::HostToDevice, 1 << 28, 1 << 28, 5, 55e9},
                               {CalibrationStep::MappedRead, Path::HostToDevice, 1 << 28, 1 << 28, 5, 46e9},
                               {CalibrationStep::DeviceCopy, Path::DeviceMemory, 1 << 28, 1 << 29, 5, 4.2e12},
                               {CalibrationStep::HostCopyOneThread, Path::HostMemory, 1 << 28, 1 << 29, 5, 9e9},
                               {CalibrationStep::HostCopy, Path::HostMemory, 1 << 28, 1 << 29, 5, 80e9}};
        const Ceilings ceilings = ceilingsFor(gpu(), &calibration, "/nonexistent");
        QCOMPARE(ceilings.measuredOf(Path::HostToDevice).bytesPerSecond.value_or(0), 55e9);
        QCOMPARE(ceilings.measuredOf(Path::HostMemory).bytesPerSecond.value_or(0), 80e9);
        QCOMPARE(ceilings.hostOneThreadBytesPerSecond.value_or(0), 9e9);
        QVERIFY(!ceilings.measuredOf(Path::DeviceToHost).bytesPerSecond); // no step measured it
        QCOMPARE(ceilings.calibratedUtc, calibration.createdUtc);
    }

    // The link between two GPUs, each way: NVLink's links by the
    // architecture's specification, PCIe where no link is active, and no
    // number with the reason where either is unknown.
    void holdsPeerPathsAgainstTheLinkBetweenTheGpus()
    {
        FakeSysfs sysfs;
        QVERIFY(sysfs.dir.isValid());
        sysfs.device("0000:17:00.0", "32.0 GT/s PCIe", "16", "32.0 GT/s PCIe", "16");
        DeviceInfo h200 = gpu();
        h200.versionMajor = 9;
        h200.versionMinor = 0;
        h200.peers.push_back(PeerLink{.peerId = "cuda:1", .peerIndex = 1, .peerName = "A GPU"});
        h200.nvlinkActiveLinks = 18;
        h200.nvlinkVersion = 4;
        Ceilings ceilings = ceilingsFor(h200, nullptr, sysfs.root());
        for (const Path path : {Path::DeviceToPeer, Path::PeerToDevice}) {
            QCOMPARE(ceilings.specificationOf(path).bytesPerSecond, std::optional<double>(18 * 25e9));
            const std::string source = ceilings.specificationOf(path).source.english();
            QVERIFY2(source.find("the larger of NVLink, 18 links active × 25 GB/s each way (sm_90's specification)")
                         == 0,
                     source.c_str());
            QVERIFY2(source.find("PCIe link for a peer reached over PCIe, 63.0 GB/s (PCIe 32 GT/s x16")
                         != std::string::npos,
                     source.c_str());
            QVERIFY(!ceilings.measuredOf(path).bytesPerSecond); // not calibrated
        }

        // One link, 25 GB/s: a peer reached over PCIe instead may go faster.
        h200.nvlinkActiveLinks = 1;
        ceilings = ceilingsFor(h200, nullptr, sysfs.root());
        QCOMPARE(ceilings.specificationOf(Path::DeviceToPeer).bytesPerSecond.value_or(0), gen5x16);
        ceilings = ceilingsFor(h200, nullptr, "/nonexistent"); // PCIe unreadable: NVLink's, and why not PCIe's
        QCOMPARE(ceilings.specificationOf(Path::DeviceToPeer).bytesPerSecond, std::optional<double>(25e9));
        QVERIFY(ceilings.specificationOf(Path::DeviceToPeer)
                    .source.english()
                    .find("is not known: the PCIe link is "
                          "not readable")
                != std::string::npos);

        h200.nvlinkActiveLinks = 0; // over PCIe: the device's own link bounds it
        ceilings = ceilingsFor(h200, nullptr, sysfs.root());
        QCOMPARE(ceilings.specificationOf(Path::DeviceToPeer).bytesPerSecond.value_or(0), gen5x16);
        QVERIFY(ceilings.specificationOf(Path::PeerToDevice).source.english().find("no NVLink active")
                != std::string::npos);
        ceilings = ceilingsFor(h200, nullptr, "/nonexistent"); // and the link unreadable too
        QVERIFY(!ceilings.specificationOf(Path::DeviceToPeer).bytesPerSecond);
        QVERIFY(ceilings.specificationOf(Path::DeviceToPeer).source.english().find("PCIe link is not readable")
                != std::string::npos);

        h200.nvlinkActiveLinks.reset();
        h200.nvlinkNote = "NVML not found";
        ceilings = ceilingsFor(h200, nullptr, sysfs.root());
        QVERIFY(!ceilings.specificationOf(Path::DeviceToPeer).bytesPerSecond);
        QCOMPARE(ceilings.specificationOf(Path::DeviceToPeer).source.english(),
                 std::string("NVLink not reported (NVML not found)"));

        h200.nvlinkActiveLinks = 4;
        h200.versionMajor = 8;
        h200.versionMinor = 6; // a consumer part: no specification known
        ceilings = ceilingsFor(h200, nullptr, sysfs.root());
        QVERIFY(!ceilings.specificationOf(Path::PeerToDevice).bytesPerSecond);
        QVERIFY(ceilings.specificationOf(Path::PeerToDevice).source.english().find("4 NVLink links active")
                != std::string::npos);

        h200.peers.clear();
        ceilings = ceilingsFor(h200, nullptr, sysfs.root());
        QVERIFY(!ceilings.specificationOf(Path::DeviceToPeer).bytesPerSecond);
        QCOMPARE(ceilings.specificationOf(Path::DeviceToPeer).source.english(),
                 std::string("no other CUDA device visible to this process"));

        Calibration calibration;
        calibration.results = {{CalibrationStep::ToPeerCopy, Path::DeviceToPeer, 1 << 28, 1 << 28, 5, 370e9},
                               {CalibrationStep::FromPeerCopy, Path::PeerToDevice, 1 << 28, 1 << 28, 5, 360e9}};
        ceilings = ceilingsFor(h200, &calibration, sysfs.root());
        QCOMPARE(ceilings.measuredOf(Path::DeviceToPeer).bytesPerSecond.value_or(0), 370e9);
        QCOMPARE(ceilings.measuredOf(Path::PeerToDevice).bytesPerSecond.value_or(0), 360e9);
    }
};

QTEST_GUILESS_MAIN(TestCeilings)
#include "tst_ceilings.moc"
