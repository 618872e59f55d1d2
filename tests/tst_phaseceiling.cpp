// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/phaseceiling.h"
#include "report/reportconsistency.h"
#include "report/reportjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace sharescope;

namespace {

constexpr std::uint64_t mib = 1 << 20;
constexpr double gen5x16 = 32e9 * 16 * 128.0 / 130.0 / 8.0; // 63.0 GB/s per direction
constexpr double hbm = 4.8e12;

DeviceInfo discreteGpu()
{
    DeviceInfo d;
    d.id = "cuda:0";
    d.backend = BackendKind::Cuda;
    d.cacheBytes = 50 * mib;
    return d;
}

DeviceInfo cpuDevice()
{
    DeviceInfo d;
    d.id = "opencl:0";
    d.cpuDevice = true;
    return d;
}

ExperimentSpec spec(ModeId mode, std::uint64_t bytes = 256 * mib, KernelId kernel = KernelId::VectorAdd)
{
    ExperimentSpec s;
    s.mode = mode;
    s.kernel = kernel;
    s.bytes = bytes;
    return s;
}

PhaseResult phase(Phase which, std::uint64_t ns, std::uint64_t accessed, std::uint64_t toDevice = 0,
                  std::uint64_t toHost = 0)
{
    PhaseResult p;
    p.phase = which;
    p.hostNs = ns;
    p.deviceNs = ns;
    p.bytesAccessed = accessed;
    p.bytesToDevice = toDevice;
    p.bytesToHost = toHost;
    return p;
}

// An H200-like ceiling: PCIe 5 x16 each way, HBM at 4.8 TB/s, calibrated
// copies at 55 GB/s and 4.2 TB/s, one host thread at 10 GB/s.
Ceilings h200()
{
    Ceilings c;
    const auto at = [](Path p) { return static_cast<std::size_t>(p); };
    c.specification[at(Path::HostToDevice)].bytesPerSecond = gen5x16;
    c.specification[at(Path::DeviceToHost)].bytesPerSecond = gen5x16;
    c.specification[at(Path::DeviceMemory)].bytesPerSecond = hbm;
    c.measured[at(Path::HostToDevice)].bytesPerSecond = 55e9;
    c.measured[at(Path::DeviceToHost)].bytesPerSecond = 55e9;
    c.measured[at(Path::DeviceMemory)].bytesPerSecond = 4.2e12;
    c.measured[at(Path::HostMemory)].bytesPerSecond = 80e9;
    c.hostOneThreadBytesPerSecond = 10e9;
    c.deviceCacheBytes = 50 * mib;
    return c;
}

// The time that moves `bytes` at `rate`.
std::uint64_t nsFor(std::uint64_t bytes, double rate)
{
    return static_cast<std::uint64_t>(static_cast<double>(bytes) * 1e9 / rate);
}

const PathLoad *loadOn(const std::vector<PathLoad> &loads, Path path)
{
    const auto it = std::ranges::find(loads, path, &PathLoad::path);
    return it == loads.end() ? nullptr : &*it;
}

} // namespace

class TestPhaseCeiling : public QObject
{
    Q_OBJECT

private slots:
    void readSharesFollowTheBuffers()
    {
        QCOMPARE(readShare(kernelInfo(KernelId::VectorAdd)), 2.0 / 3.0);
        QCOMPARE(readShare(kernelInfo(KernelId::Scale)), 0.5);
        QCOMPARE(readShare(kernelInfo(KernelId::Gather)), 2.0 / 3.0);
        QCOMPARE(readShare(kernelInfo(KernelId::PingPong)), 0.5);
        QCOMPARE(readShare(kernelInfo(KernelId::FirstTouch)), 1.0 / 3.0); // cpu-only is no access of the kernel's
        // Each buffer's accesses add up to the catalogue's count per item.
        for (const KernelInfo &kernel : kernels()) {
            int accesses = 0;
            for (const BufferSpec &buffer : kernel.buffers)
                accesses += (kernelReads(buffer.role) ? 1 : 0) + (kernelWrites(buffer.role) ? 1 : 0);
            QCOMPARE(accesses, int(kernel.accessesPerItem));
        }
    }

    void copiesLoadTheBusAndKernelsDeviceMemory()
    {
        const ExperimentSpec s = spec(ModeId::Pinned);
        const DeviceInfo d = discreteGpu();
        auto loads = pathLoads(phase(Phase::ToDevice, 1000, 512 * mib, 512 * mib), s, d);
        QCOMPARE(loads.size(), std::size_t(1));
        QCOMPARE(loads[0].path, Path::HostToDevice);
        QCOMPARE(loads[0].bytes, 512 * mib);
        QVERIFY(loads[0].certain);
        loads = pathLoads(phase(Phase::Kernel, 1000, 768 * mib), s, d);
        QCOMPARE(loads.size(), std::size_t(1));
        QCOMPARE(loads[0].path, Path::DeviceMemory);
        QCOMPARE(loads[0].footprint, 768 * mib);
        loads = pathLoads(phase(Phase::HostInit, 1000, 512 * mib), s, d);
        QCOMPARE(loads[0].path, Path::HostMemory);
        QVERIFY(pathLoads(phase(Phase::Alloc, 1000, 0), s, d).empty());
    }

    void zeroCopyKernelsLoadEachDirection()
    {
        const auto loads = pathLoads(phase(Phase::Kernel, 1000, 768 * mib), spec(ModeId::ZeroCopy), discreteGpu());
        QCOMPARE(loads.size(), std::size_t(2));
        QCOMPARE(loadOn(loads, Path::HostToDevice)->bytes, 512 * mib); // x and y read over the bus
        QCOMPARE(loadOn(loads, Path::DeviceToHost)->bytes, 256 * mib); // out written over it
        QVERIFY(!loadOn(loads, Path::DeviceMemory));
    }

    void managedMigrationsAreCertainOnlyWhereCounted()
    {
        const ExperimentSpec s = spec(ModeId::ManagedPrefetch);
        PhaseResult prefetch = phase(Phase::ToDevice, 1000, 768 * mib, 768 * mib);
        auto loads = pathLoads(prefetch, s, discreteGpu());
        QCOMPARE(loads[0].path, Path::HostToDevice);
        QVERIFY(!loads[0].certain); // what was asked for, not what moved
        Counters counters;
        counters.bytesHostToDevice = 512 * mib;
        counters.bytesDeviceToHost = 0;
        prefetch.counters = counters;
        loads = pathLoads(prefetch, s, discreteGpu());
        QCOMPARE(loads[0].bytes, 512 * mib);
        QVERIFY(loads[0].certain);
        // The kernel of managed: device memory, and the pages it faulted over.
        PhaseResult kernel = phase(Phase::Kernel, 1000, 768 * mib);
        kernel.counters = counters;
        loads = pathLoads(kernel, spec(ModeId::Managed), discreteGpu());
        QCOMPARE(loadOn(loads, Path::DeviceMemory)->bytes, 768 * mib);
        QCOMPARE(loadOn(loads, Path::HostToDevice)->bytes, 512 * mib);
    }

    void aCpuDeviceLoadsHostMemoryOnly()
    {
        const auto loads = pathLoads(phase(Phase::ToDevice, 1000, 128 * mib, 128 * mib), spec(ModeId::ClCopy, 64 * mib),
                                     cpuDevice());
        QCOMPARE(loads.size(), std::size_t(1));
        QCOMPARE(loads[0].path, Path::HostMemory);
        QCOMPARE(loads[0].bytes, 256 * mib); // a copy in memory reads and writes it
        const auto kernel
            = pathLoads(phase(Phase::Kernel, 1000, 192 * mib), spec(ModeId::ClUseHostPtr, 64 * mib), cpuDevice());
        QCOMPARE(kernel[0].path, Path::HostMemory);
        QCOMPARE(kernel[0].bytes, 192 * mib);
        // An OpenCL map's copy is the driver's business: not certain.
        const auto mapped = pathLoads(phase(Phase::ToDevice, 1000, 64 * mib, 64 * mib),
                                      spec(ModeId::ClAllocHostPtr, 64 * mib), discreteGpu());
        QVERIFY(!mapped[0].certain);
    }

    void flagsAPhaseAboveItsSpecification()
    {
        // 512 MiB "copied" over PCIe 5 x16 at 89 GB/s: impossible.
        const PhaseResult fast = phase(Phase::ToDevice, nsFor(512 * mib, 89e9), 512 * mib, 512 * mib);
        const ExperimentSpec s = spec(ModeId::Pinned);
        const auto problem = checkPhysics(fast, pathLoads(fast, s, discreteGpu()), h200());
        QVERIFY(problem);
        QCOMPARE(problem->path, Path::HostToDevice);
        QCOMPARE(problem->ceilingBytesPerSecond, gen5x16);
        QVERIFY(problem->excess() > 0.4 && problem->excess() < 0.42);
        // Never shown as a result: no percentages.
        const PhaseCeiling ceiling = phaseCeiling(fast, s, discreteGpu(), h200());
        QVERIFY(ceiling.problem);
        QVERIFY(!ceiling.percentOfMeasured && !ceiling.percentOfSpecification);
        // Within the tolerance (2 % above): not a problem.
        const PhaseResult close = phase(Phase::ToDevice, nsFor(512 * mib, gen5x16 * 1.02), 512 * mib, 512 * mib);
        QVERIFY(!checkPhysics(close, pathLoads(close, s, discreteGpu()), h200()));
    }

    void holdsZeroCopyDirectionsApart()
    {
        // 69 GB/s in all, 46 read and 23 written: above one direction's
        // ceiling, within each direction's own.
        const PhaseResult kernel = phase(Phase::Kernel, nsFor(768 * mib, 69e9), 768 * mib);
        const PhaseCeiling ceiling = phaseCeiling(kernel, spec(ModeId::ZeroCopy), discreteGpu(), h200());
        QVERIFY(!ceiling.problem);
        QCOMPARE(ceiling.path, std::optional<Path>(Path::HostToDevice));
        QVERIFY(qAbs(*ceiling.percentOfSpecification - 100.0 * 46e9 / gen5x16) < 0.5);
        QVERIFY(qAbs(*ceiling.percentOfMeasured - 100.0 * 46e9 / 55e9) < 0.5);
    }

    void leavesCachedWorkingSetsUnjudged()
    {
        // 3 x 8 MiB fits in the 50 MiB L2: faster than HBM is possible.
        const PhaseResult small = phase(Phase::Kernel, nsFor(24 * mib, 6e12), 24 * mib);
        const PhaseCeiling cached = phaseCeiling(small, spec(ModeId::Device, 8 * mib), discreteGpu(), h200());
        QVERIFY(!cached.problem);
        QVERIFY(cached.cached);
        // 3 x 256 MiB does not: the same rate is a measurement problem.
        const PhaseResult large = phase(Phase::Kernel, nsFor(768 * mib, 6e12), 768 * mib);
        const PhaseCeiling flagged = phaseCeiling(large, spec(ModeId::Device), discreteGpu(), h200());
        QVERIFY(flagged.problem);
        QCOMPARE(flagged.problem->path, Path::DeviceMemory);
    }

    void givesPercentagesOfBothCeilings()
    {
        const PhaseResult copy = phase(Phase::ToHost, nsFor(256 * mib, 54.8e9), 256 * mib, 0, 256 * mib);
        const PhaseCeiling c = phaseCeiling(copy, spec(ModeId::Pinned), discreteGpu(), h200());
        QCOMPARE(c.path, std::optional<Path>(Path::DeviceToHost));
        QVERIFY(qAbs(*c.percentOfMeasured - 100.0 * 54.8 / 55.0) < 0.1);
        QVERIFY(qAbs(*c.percentOfSpecification - 100.0 * 54.8e9 / gen5x16) < 0.1);
        QVERIFY(!c.verificationBound);
        // host-read at a tenth of one thread's copy: the check sets its pace.
        const PhaseResult read = phase(Phase::HostRead, nsFor(256 * mib, 1e9), 256 * mib);
        QVERIFY(phaseCeiling(read, spec(ModeId::Pinned), discreteGpu(), h200()).verificationBound);
        const PhaseResult quick = phase(Phase::HostRead, nsFor(256 * mib, 8e9), 256 * mib);
        QVERIFY(!phaseCeiling(quick, spec(ModeId::Pinned), discreteGpu(), h200()).verificationBound);
    }

    // The peer modes load the link between the GPUs: peer-copy's copies one
    // way in to-device and back in to-host, the peer-access kernel's reads
    // and writes each way, managed-peer-prefetch's prefetches.
    void peerModesLoadTheLinkBetweenTheGpus()
    {
        DeviceInfo d = discreteGpu();
        d.name = "H200";
        d.peers.push_back(PeerLink{.peerId = "cuda:1", .peerIndex = 1, .peerName = "H200"});
        ExperimentSpec copy = spec(ModeId::PeerCopy);
        copy.peerId = "cuda:1";
        PhaseResult out = phase(Phase::ToDevice, 1000, 0);
        out.bytesBetweenDevices = 512 * mib;
        auto loads = pathLoads(out, copy, d);
        QCOMPARE(loads.size(), std::size_t(1));
        QCOMPARE(loads[0].path, Path::DeviceToPeer);
        QCOMPARE(loads[0].bytes, 512 * mib);
        QVERIFY(loads[0].certain);
        PhaseResult back = phase(Phase::ToHost, 1000, 0);
        back.bytesBetweenDevices = 256 * mib;
        loads = pathLoads(back, copy, d);
        QCOMPARE(loads.size(), std::size_t(1));
        QCOMPARE(loads[0].path, Path::PeerToDevice);
        // Its kernel works in the peer's own memory, of the same model.
        loads = pathLoads(phase(Phase::Kernel, 1000, 768 * mib), copy, d);
        QCOMPARE(loads.size(), std::size_t(1));
        QCOMPARE(loads[0].path, Path::DeviceMemory);

        ExperimentSpec access = spec(ModeId::PeerAccess);
        access.peerId = "cuda:1";
        loads = pathLoads(phase(Phase::Kernel, 1000, 768 * mib), access, d);
        QCOMPARE(loads.size(), std::size_t(2));
        QCOMPARE(loadOn(loads, Path::DeviceToPeer)->bytes, 512 * mib); // x and y read across the link
        QCOMPARE(loadOn(loads, Path::PeerToDevice)->bytes, 256 * mib); // out written back across it
        QVERIFY(!loadOn(loads, Path::DeviceMemory));

        ExperimentSpec prefetch = spec(ModeId::ManagedPeerPrefetch);
        prefetch.peerId = "cuda:1";
        PhaseResult moved = phase(Phase::ToDevice, 1000, 0);
        moved.bytesBetweenDevices = 768 * mib;
        loads = pathLoads(moved, prefetch, d);
        QCOMPARE(loadOn(loads, Path::DeviceToPeer)->bytes, 768 * mib);
        QVERIFY(!loadOn(loads, Path::DeviceToPeer)->certain); // asked for, not counted
        Counters counters;
        counters.bytesHostToDevice = 0;
        counters.bytesDeviceToHost = 0;
        counters.bytesDeviceToDevice = 512 * mib;
        moved.counters = counters;
        loads = pathLoads(moved, prefetch, d);
        QCOMPARE(loadOn(loads, Path::DeviceToPeer)->bytes, 512 * mib);
        QVERIFY(loadOn(loads, Path::DeviceToPeer)->certain);
        // managed-peer's faults: no direction, no load on the link.
        ExperimentSpec faults = spec(ModeId::ManagedPeer);
        faults.peerId = "cuda:1";
        PhaseResult kernel = phase(Phase::Kernel, 1000, 768 * mib);
        kernel.counters = counters;
        loads = pathLoads(kernel, faults, d);
        QVERIFY(!loadOn(loads, Path::DeviceToPeer) && !loadOn(loads, Path::PeerToDevice));
    }

    // Shown as a share of the link's specification and of its calibration;
    // a copy faster than the links allow is a measurement problem.
    void givesPeerCopiesAShareOfTheLink()
    {
        DeviceInfo d = discreteGpu();
        d.peers.push_back(PeerLink{.peerId = "cuda:1", .peerIndex = 1, .peerName = "H200"});
        Ceilings c = h200();
        const auto at = [](Path p) { return static_cast<std::size_t>(p); };
        c.specification[at(Path::DeviceToPeer)].bytesPerSecond = 450e9;
        c.specification[at(Path::PeerToDevice)].bytesPerSecond = 450e9;
        c.measured[at(Path::DeviceToPeer)].bytesPerSecond = 375e9;
        ExperimentSpec copy = spec(ModeId::PeerCopy);
        copy.peerId = "cuda:1";
        PhaseResult out = phase(Phase::ToDevice, nsFor(512 * mib, 340e9), 0);
        out.bytesBetweenDevices = 512 * mib;
        const PhaseCeiling share = phaseCeiling(out, copy, d, c);
        QCOMPARE(share.path, std::optional<Path>(Path::DeviceToPeer));
        QVERIFY(!share.problem);
        QVERIFY(qAbs(*share.percentOfSpecification - 100.0 * 340 / 450) < 0.1);
        QVERIFY(qAbs(*share.percentOfMeasured - 100.0 * 340 / 375) < 0.1);
        PhaseResult back = phase(Phase::ToHost, nsFor(512 * mib, 340e9), 0);
        back.bytesBetweenDevices = 512 * mib;
        QVERIFY(!phaseCeiling(back, copy, d, c).percentOfMeasured); // not calibrated that way
        PhaseResult impossible = phase(Phase::ToDevice, nsFor(512 * mib, 500e9), 0);
        impossible.bytesBetweenDevices = 512 * mib;
        const auto problem = phaseCeiling(impossible, copy, d, c).problem;
        QVERIFY(problem);
        QCOMPARE(problem->path, Path::DeviceToPeer);
    }

    // A pinned run of one iteration, consistent in every count, as a
    // report reader accepts it.
    static RunReport pinnedReport()
    {
        RunReport report;
        report.device = discreteGpu();
        report.spec = spec(ModeId::Pinned);
        report.spec.iterations = 1;
        report.spec.warmup = 0;
        report.alloc = phase(Phase::Alloc, 1000, 0);
        IterationResult iteration{0, false, {}};
        for (const Phase p : iterationPhases)
            iteration.phases.push_back(phase(p, nsFor(512 * mib, 50e9), 512 * mib, 512 * mib));
        report.iterations.push_back(iteration);
        for (const BufferSpec &buffer : report.spec.kernelInfo().buffers) { // a report lists the kernel's buffers
            report.buffers.push_back({std::string(buffer.name), buffer.type, buffer.role, report.spec.bytes,
                                      "device buffer", std::nullopt, false, 0});
        }
        report.verification.checked = expectedChecked(report).value();
        return report;
    }

    void reportsCarryCeilingsAndPercentages()
    {
        RunReport report = pinnedReport();
        report.device.memoryClockKHz = 3201000;
        report.device.memoryBusWidthBits = 6144;
        report.ceilings = h200();
        report.ceilings->specification[0].source = MessageTemplate("no specification");

        const std::string json = toJson(report);
        const auto read = readReports(json);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        const RunReport &back = read->runs.front();
        QVERIFY(back.ceilings);
        QCOMPARE(back.ceilings->specificationOf(Path::DeviceMemory).bytesPerSecond, std::optional<double>(hbm));
        QCOMPARE(back.ceilings->specification[0].source.english(), std::string("no specification"));
        QCOMPARE(back.device.memoryClockKHz, 3201000u);
        QCOMPARE(QString::fromStdString(toJson(back)), QString::fromStdString(json));

        // A report from before the link between GPUs had a ceiling: its
        // paths read, the link's say why they have none.
        QJsonObject older = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
        QJsonObject oldCeilings = older["ceilings"].toObject();
        QJsonArray fourPaths;
        for (const QJsonValue &path : oldCeilings["paths"].toArray()) {
            if (!path["path"].toString().contains(QLatin1String("peer")))
                fourPaths.append(path);
        }
        QCOMPARE(fourPaths.size(), 4);
        // and one of a newer ShareScope, which this one leaves out
        fourPaths.append(QJsonObject{{"path", "warp-link"},
                                     {"specification", QJsonObject{{"bytesPerSecond", 1e15}, {"source", "w"}}},
                                     {"measured", QJsonObject{{"bytesPerSecond", 1e15}, {"source", "w"}}}});
        oldCeilings["paths"] = fourPaths;
        older["ceilings"] = oldCeilings;
        const auto oldRead = readReports(QJsonDocument(older).toJson().toStdString());
        QVERIFY2(oldRead.ok(), oldRead.ok() ? "" : oldRead.error().message.c_str());
        const Ceilings &oldOnes = *oldRead->runs.front().ceilings;
        QCOMPARE(oldOnes.specificationOf(Path::DeviceMemory).bytesPerSecond, std::optional<double>(hbm));
        QVERIFY(!oldOnes.specificationOf(Path::DeviceToPeer).bytesPerSecond);
        QVERIFY(oldOnes.measuredOf(Path::PeerToDevice).source.english().find("not in this report") == 0);

        const QJsonObject document = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
        const QJsonArray summary = document["summary"].toArray();
        const auto entry
            = std::ranges::find_if(summary, [](const QJsonValue &v) { return v["phase"].toString() == "to-device"; });
        QVERIFY(entry != summary.end());
        const QJsonObject ceiling = entry->toObject()["ceiling"].toObject();
        QCOMPARE(ceiling["path"].toString(), "host-to-device");
        QVERIFY(qAbs(ceiling["percentOfMeasured"].toDouble() - 100.0 * 50 / 55) < 0.1);
        QVERIFY(ceiling["measurementProblem"].isNull());
    }

    void readsReportsWrittenBeforeCeilings()
    {
        const RunReport report = pinnedReport();
        QJsonObject document = QJsonDocument::fromJson(QByteArray::fromStdString(toJson(report))).object();
        QJsonObject device = document["device"].toObject();
        for (const char *field : {"memoryClockKHz", "memoryBusWidthBits", "cacheBytes"})
            device.remove(field);
        document["device"] = device;
        document.remove("ceilings");
        const auto read = readReports(QJsonDocument(document).toJson().toStdString());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(!read->runs.front().ceilings);
        QCOMPARE(read->runs.front().device.cacheBytes, std::uint64_t(0));
        // The fields it had before are still required.
        device.remove("computeUnits");
        document["device"] = device;
        QVERIFY(!readReports(QJsonDocument(document).toJson().toStdString()).ok());
    }
};

QTEST_GUILESS_MAIN(TestPhaseCeiling)
#include "tst_phaseceiling.moc"
