// SPDX-License-Identifier: GPL-3.0-or-later
#include "peers.h"
#include "preflight.h"
#include "run/devices.h"
#include "run/engine.h"

#include <cuda_runtime_api.h>

#include <QTest>

#include <algorithm>

using namespace sharescope;

// The modes that use two GPUs, on two GPUs: every mode with every kernel,
// the bytes peer-copy moves, what peer access is worth, and managed pages
// moving from GPU to GPU. Needs two CUDA devices; skips itself elsewhere.
class TestCudaPeer : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Engine> m_engine;
    DeviceInfo m_device;
    std::string m_peer;
    static constexpr std::uint64_t size = 64ULL << 20;
    static constexpr std::uint64_t countedSize = 16ULL << 20; // CUPTI keeps up at this size

    static QString binary() { return qEnvironmentVariable("SHARESCOPE_BINARY", QStringLiteral(SHARESCOPE_BINARY)); }

    ExperimentSpec spec(ModeId mode, KernelId kernel = KernelId::VectorAdd, std::uint64_t bytes = size) const
    {
        ExperimentSpec s;
        s.kernel = kernel;
        s.bytes = bytes;
        s.iterations = 2;
        s.warmup = 1;
        s.rounds = 2;
        s.counters = false;
        s.peerId = m_peer;
        return inMode(s, mode);
    }

    RunReport run(const ExperimentSpec &s)
    {
        auto report = m_engine->run(s);
        if (!report)
            qFatal("%s", report.error().message.c_str()); // a test helper: the test cannot go on
        return std::move(*report);
    }

    static const PhaseResult &phase(const RunReport &report, int iteration, Phase which)
    {
        const auto &phases = report.iterations[static_cast<std::size_t>(iteration)].phases;
        return *std::ranges::find(phases, which, &PhaseResult::phase);
    }

    static std::uint64_t medianDeviceNs(const RunReport &report, Phase which)
    {
        const auto summaries = summarize(report);
        const auto at = std::ranges::find(summaries, which, &PhaseSummary::phase);
        return at != summaries.end() && at->deviceNs ? at->deviceNs->median : 0;
    }

    static const ResidencySnapshot *snapshot(const RunReport &report, int iteration, Phase which)
    {
        const auto at = std::ranges::find_if(report.counted.residency.snapshots, [&](const ResidencySnapshot &s) {
            return s.iteration == iteration && s.phase == which;
        });
        return at == report.counted.residency.snapshots.end() ? nullptr : &*at;
    }

    static std::size_t freeOn(int device)
    {
        std::size_t free = 0;
        std::size_t total = 0;
        cudaSetDevice(device);
        cudaMemGetInfo(&free, &total);
        return free;
    }

private slots:
    void initTestCase()
    {
        const DeviceList list = listDevices();
        const auto count = std::ranges::count(list.devices, BackendKind::Cuda, &DeviceInfo::backend);
        if (count < 2) {
            std::string why = "fewer than two CUDA devices (" + std::to_string(count) + "); the peer modes need two";
            for (const MessageTemplate &problem : list.problems)
                why += "; " + problem.english();
            QSKIP(why.c_str());
        }
        // Counted passes run in the sharescope binary, not in this program.
        if (qEnvironmentVariableIsEmpty("SHARESCOPE_SELF_BINARY"))
            qputenv("SHARESCOPE_SELF_BINARY", binary().toUtf8());
        m_device = *std::ranges::find(list.devices, BackendKind::Cuda, &DeviceInfo::backend);
        QVERIFY2(!m_device.peers.empty(), "the first CUDA device lists no peer");
        m_peer = m_device.peers.front().peerId;
        auto backend = openBackend(m_device);
        QVERIFY2(backend.ok(), backend.ok() ? "" : backend.error().message.c_str());
        m_engine = std::make_unique<Engine>(std::move(*backend));
        const PeerLink &link = m_device.peers.front();
        qInfo("%s (%s) -> %s (%s): can access %s, peer can access %s, rank %s", m_device.id.c_str(),
              m_device.name.c_str(), link.peerId.c_str(), link.peerName.c_str(),
              link.canAccessPeer ? (*link.canAccessPeer ? "yes" : "no") : "not reported",
              link.peerCanAccess ? (*link.peerCanAccess ? "yes" : "no") : "not reported",
              link.performanceRank ? std::to_string(*link.performanceRank).c_str() : "not reported");
    }

    // The driver answers for every pair, both ways.
    void listsTheTopology()
    {
        for (const PeerLink &link : m_device.peers) {
            QVERIFY(link.canAccessPeer.has_value());
            QVERIFY(link.peerCanAccess.has_value());
            QVERIFY(link.performanceRank.has_value());
            QCOMPARE(link.accessEnabled, std::optional(false)); // a listing enables nothing
            QVERIFY(link.peerId != m_device.id);
        }
    }

    void runsEveryPeerModeAndKernel_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("kernel");
        QTest::addColumn<int>("access"); // peer-copy: -1 as the pair allows, 0 off, 1 on
        for (const ModeId mode :
             {ModeId::PeerCopy, ModeId::PeerAccess, ModeId::ManagedPeer, ModeId::ManagedPeerPrefetch}) {
            for (const KernelInfo &kernel : kernels()) {
                for (const int access : mode == ModeId::PeerCopy ? std::vector{0, 1} : std::vector{-1}) {
                    QTest::addRow("%s%s %s", std::string(modeName(mode)).c_str(),
                                  access < 0   ? ""
                                      : access ? " (access on)"
                                               : " (access off)",
                                  std::string(kernel.name).c_str())
                        << static_cast<int>(mode) << static_cast<int>(kernel.id) << access;
                }
            }
        }
    }
    void runsEveryPeerModeAndKernel()
    {
        QFETCH(int, mode);
        QFETCH(int, kernel);
        QFETCH(int, access);
        ExperimentSpec s = spec(static_cast<ModeId>(mode), static_cast<KernelId>(kernel));
        if (access >= 0)
            s.peerAccess = access == 1;
        const Support support = supportOf(m_device, s);
        if (!support.supported)
            QSKIP(support.reason.c_str());
        const RunReport report = run(s);
        QVERIFY2(report.verification.passed(), "the peer's results differ from the CPU reference");
        QCOMPARE(report.verification.checked, 3 * (size / 4)); // every element, in each of 3 iterations
        QCOMPARE(report.spec.peerId, m_peer);
        for (const IterationResult &iteration : report.iterations) {
            QVERIFY(iteration.phases[2].deviceNs.value_or(0) > 0); // the peer's kernel, timed with its events
        }
        const bool managed = modeInfo(s.mode).family == ModeFamily::Managed;
        for (const BufferReport &buffer : report.buffers) {
            QCOMPARE(buffer.managed, managed);
            QVERIFY(!buffer.placement.empty());
        }
    }

    // Every byte accounted for: the host's writes go up to the device in
    // host-init, the inputs to the peer in to-device, the results back in
    // to-host, and down to the host in host-read.
    void peerCopyMovesExactlyTheBytesExpected()
    {
        ExperimentSpec s = spec(ModeId::PeerCopy, KernelId::VectorAdd, countedSize);
        s.peerAccess = false;
        for (const bool access : {false, true}) {
            s.peerAccess = access;
            if (!supportOf(m_device, s).supported)
                continue;
            const RunReport report = run(s);
            for (int i = 0; i < 3; ++i) {
                QCOMPARE(phase(report, i, Phase::HostInit).bytesToDevice, 2 * countedSize);
                QCOMPARE(phase(report, i, Phase::ToDevice).bytesBetweenDevices, 2 * countedSize);
                QCOMPARE(phase(report, i, Phase::ToDevice).bytesToDevice, std::uint64_t(0));
                QCOMPARE(phase(report, i, Phase::Kernel).bytesMoved(), std::uint64_t(0));
                QCOMPARE(phase(report, i, Phase::ToHost).bytesBetweenDevices, countedSize);
                QCOMPARE(phase(report, i, Phase::HostRead).bytesToHost, countedSize);
            }
            QCOMPARE(report.device.peers.front().accessEnabled, std::optional(access));
        }
        // scale: one buffer, in place, each way once.
        const RunReport scale = run(spec(ModeId::PeerCopy, KernelId::Scale, countedSize));
        QCOMPARE(phase(scale, 1, Phase::ToDevice).bytesBetweenDevices, countedSize);
        QCOMPARE(phase(scale, 1, Phase::ToHost).bytesBetweenDevices, countedSize);
    }

    // One call, a tenfold lesson: at 256 MiB the copy to the peer is at
    // least 5x faster with peer access than staged through the host.
    void peerAccessMakesCopiesFiveTimesFaster()
    {
        ExperimentSpec s = spec(ModeId::PeerCopy, KernelId::Scale, 256ULL << 20);
        s.iterations = 5;
        s.peerAccess = true;
        if (const Support support = supportOf(m_device, s); !support.supported)
            QSKIP(support.reason.c_str());
        const std::uint64_t on = medianDeviceNs(run(s), Phase::ToDevice);
        s.peerAccess = false;
        const std::uint64_t off = medianDeviceNs(run(s), Phase::ToDevice);
        qInfo("256 MiB to the peer: %.2f ms with peer access, %.2f ms without (%.1fx)", on / 1e6, off / 1e6,
              static_cast<double>(off) / static_cast<double>(on));
        QVERIFY(on > 0 && off > 0);
        QVERIFY2(off >= 5 * on, qPrintable(QStringLiteral("on %1 ns, off %2 ns").arg(on).arg(off)));
    }

    // peer-access copies nothing between the GPUs: the kernel reaches across.
    void peerAccessShowsNoCopies()
    {
        const ExperimentSpec s = spec(ModeId::PeerAccess);
        if (const Support support = supportOf(m_device, s); !support.supported)
            QSKIP(support.reason.c_str());
        const RunReport report = run(s);
        for (int i = 0; i < 3; ++i) {
            for (const Phase which : {Phase::ToDevice, Phase::Kernel, Phase::ToHost})
                QCOMPARE(phase(report, i, which).bytesMoved(), std::uint64_t(0));
        }
        QCOMPARE(report.device.peers.front().accessEnabled, std::optional(true));
    }

    // managed-peer: the pages start on the device and the peer's faults move
    // them GPU to GPU: none comes from the host during the kernel, the map
    // has them on the peer, and CUPTI records device-to-device bytes.
    void managedPeerMovesPagesBetweenGpus()
    {
        ExperimentSpec s = spec(ModeId::ManagedPeer, KernelId::VectorAdd, countedSize);
        s.counters = true;
        if (const Support support = supportOf(m_device, s); !support.supported)
            QSKIP(support.reason.c_str());
        const RunReport report = run(s);
        QVERIFY2(report.counted.enabled, report.counted.note.english().c_str());
        const Counters &kernel = *phase(report, 2, Phase::Kernel).counters;
        if (report.counted.totals == CounterTotals::Driver)
            QVERIFY2(kernel.bytesHostToDevice.value_or(1) <= countedSize / 100,
                     qPrintable(QString::number(kernel.bytesHostToDevice.value_or(0))));
        qInfo("kernel: device-to-device %s bytes (CUPTI), GPU fault groups %s",
              kernel.bytesDeviceToDevice ? std::to_string(*kernel.bytesDeviceToDevice).c_str() : "not reported",
              kernel.gpuPageFaultGroups ? std::to_string(*kernel.gpuPageFaultGroups).c_str() : "not reported");
        QVERIFY2(kernel.bytesDeviceToDevice.value_or(0) > 0, "no device-to-device migration recorded");
        const ResidencySnapshot *afterInit = snapshot(report, 2, Phase::HostInit);
        const ResidencySnapshot *afterKernel = snapshot(report, 2, Phase::Kernel);
        QVERIFY(afterInit && afterKernel);
        const auto share = [](const std::string &chunks, char where) {
            return static_cast<double>(std::ranges::count(chunks, where)) / static_cast<double>(chunks.size());
        };
        QVERIFY2(share(afterInit->chunks[0], 'd') > 0.9, afterInit->chunks[0].substr(0, 64).c_str());
        QVERIFY2(share(afterKernel->chunks[0], 'e') > 0.9, afterKernel->chunks[0].substr(0, 64).c_str());
    }

    void managedPeerPrefetchMovesBeforeTheKernel()
    {
        ExperimentSpec s = spec(ModeId::ManagedPeerPrefetch, KernelId::VectorAdd, countedSize);
        s.counters = true;
        if (const Support support = supportOf(m_device, s); !support.supported)
            QSKIP(support.reason.c_str());
        const RunReport report = run(s);
        QCOMPARE(phase(report, 2, Phase::ToDevice).bytesBetweenDevices, 3 * countedSize);
        QCOMPARE(phase(report, 2, Phase::ToHost).bytesBetweenDevices, 3 * countedSize);
        const Counters &toDevice = *phase(report, 2, Phase::ToDevice).counters;
        const Counters &kernel = *phase(report, 2, Phase::Kernel).counters;
        QVERIFY2(toDevice.bytesDeviceToDevice.value_or(0) > 0, "the prefetch to the peer recorded nothing");
        QVERIFY2(kernel.bytesDeviceToDevice.value_or(0) <= countedSize / 100,
                 qPrintable(QString::number(kernel.bytesDeviceToDevice.value_or(0))));
        const ResidencySnapshot *afterToDevice = snapshot(report, 2, Phase::ToDevice);
        QVERIFY(afterToDevice);
        QVERIFY(std::ranges::all_of(afterToDevice->chunks[0], [](char c) { return c == 'e'; }));
    }

    void refusesABadPeer()
    {
        ExperimentSpec s = spec(ModeId::PeerCopy);
        s.peerId = m_device.id;
        auto report = m_engine->run(s);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, ErrorKind::BadArgument);
        s.peerId = "cuda:99";
        report = m_engine->run(s);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, ErrorKind::BadArgument);
    }

    // Both GPUs get their memory back, and run again.
    void freesOnBothDevices()
    {
        const int peer = m_device.peers.front().peerIndex;
        run(spec(ModeId::PeerCopy)); // settles each context's own allocations
        const std::size_t deviceBefore = freeOn(m_device.index);
        const std::size_t peerBefore = freeOn(peer);
        run(spec(ModeId::PeerCopy, KernelId::VectorAdd, 256ULL << 20));
        QVERIFY2(freeOn(m_device.index) + (4 << 20) >= deviceBefore, "device memory leaked");
        QVERIFY2(freeOn(peer) + (4 << 20) >= peerBefore, "peer memory leaked");
        QVERIFY(run(spec(ModeId::Device)).verification.passed()); // the device alone still works
    }
};

QTEST_APPLESS_MAIN(TestCudaPeer)
#include "tst_cudapeer.moc"
