// SPDX-License-Identifier: GPL-3.0-or-later
#include "peers.h"
#include "peertext.h"
#include "preflight.h"
#include "report/reportjson.h"
#include "reportsamples.h"
#include "reporttables.h"
#include "run/devices.h"
#include "run/experimentset.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace sharescope;

namespace {

// A CUDA device as the CUDA backend lists it, with the capabilities every
// mode needs.
DeviceInfo cudaDevice(int index)
{
    DeviceInfo device;
    device.id = "cuda:" + std::to_string(index);
    device.index = index;
    device.backend = BackendKind::Cuda;
    device.name = "a GPU";
    device.managedMemory = true;
    device.concurrentManagedAccess = true;
    device.managedBatchOperations = true;
    device.canMapHostMemory = true;
    device.unifiedAddressing = true;
    device.vmmFileDescriptors = true;
    device.poolFileDescriptors = true;
    device.globalMemoryBytes = 80ULL << 30;
    device.maxAllocationBytes = 80ULL << 30;
    return device;
}

PeerLink linkTo(int index, std::optional<bool> access)
{
    PeerLink link;
    link.peerId = "cuda:" + std::to_string(index);
    link.peerIndex = index;
    link.peerName = "a GPU";
    link.canAccessPeer = access;
    link.peerCanAccess = access;
    link.performanceRank = 0;
    link.accessSupported = access;
    link.nativeAtomics = access;
    link.partialAtomics = false;
    link.cudaArrayAccess = access;
    link.accessEnabled = false;
    link.peerManagedMemory = true;
    link.peerConcurrentManagedAccess = true;
    link.peerMemoryBytes = 80ULL << 30;
    return link;
}

// cuda:0 with a second GPU; access: what cudaDeviceCanAccessPeer says each way.
DeviceInfo pair(std::optional<bool> access = true)
{
    DeviceInfo device = cudaDevice(0);
    device.peers.push_back(linkTo(1, access));
    return device;
}

ExperimentSpec specIn(ModeId mode)
{
    ExperimentSpec spec;
    spec.deviceId = "cuda:0";
    spec.bytes = 1 << 20;
    return inMode(spec, mode);
}

constexpr std::array peerModes{ModeId::PeerCopy, ModeId::PeerAccess, ModeId::ManagedPeer, ModeId::ManagedPeerPrefetch};

} // namespace

class TestPeers : public QObject
{
    Q_OBJECT

private slots:
    void knowsWhichModesNeedAPeer()
    {
        for (const ModeInfo &mode : modes()) {
            const bool peer = std::ranges::find(peerModes, mode.id) != peerModes.end();
            QCOMPARE(mode.needsPeer(), peer);
            QVERIFY(mode.backend == BackendKind::Cuda || !peer);
        }
        QCOMPARE(peerModeNameList(), std::string("peer-copy, peer-access, managed-peer, managed-peer-prefetch"));
        QCOMPARE(modeInfo(ModeId::PeerCopy).family, ModeFamily::Peer);
        QCOMPARE(modeInfo(ModeId::ManagedPeer).family, ModeFamily::Managed);
    }

    // One GPU: every mode that needs a second is refused, with the reason.
    void refusesPeerModesOnOneGpu()
    {
        const DeviceInfo one = cudaDevice(0);
        for (const ModeId mode : peerModes) {
            const Support support = supportOf(one, mode);
            QVERIFY(!support.supported);
            QVERIFY2(QString::fromStdString(support.reason).contains("and cuda:0 is the only one here"),
                     support.reason.c_str());
            QVERIFY(!support.translatable.empty());
            QVERIFY(!supportOf(one, specIn(mode)).supported);
        }
        QVERIFY(supportOf(one, ModeId::Managed).supported);
        QVERIFY(defaultPeer(one, ModeId::PeerCopy).empty());
    }

    // Two GPUs that reach each other: every peer mode, with the other as peer.
    void runsPeerModesOnTwoGpus()
    {
        const DeviceInfo two = pair();
        for (const ModeId mode : peerModes) {
            QVERIFY2(supportOf(two, mode).supported, supportOf(two, mode).reason.c_str());
            QCOMPARE(defaultPeer(two, mode), std::string("cuda:1"));
            const ExperimentSpec spec = withPeer(specIn(mode), two);
            QCOMPARE(spec.peerId, std::string("cuda:1"));
            QCOMPARE(spec.peerAccess.has_value(), mode == ModeId::PeerCopy);
            QVERIFY(supportOf(two, spec).supported);
        }
        QCOMPARE(withPeer(specIn(ModeId::PeerCopy), two).peerAccess, std::optional(true));
        ExperimentSpec off = specIn(ModeId::PeerCopy);
        off.peerAccess = false;
        QCOMPARE(withPeer(off, two).peerAccess, std::optional(false)); // the user's choice stays
        QVERIFY(withPeer(specIn(ModeId::Device), two).peerId.empty());
    }

    // Two GPUs without peer access: copies go through the host; a kernel
    // cannot reach the other's memory.
    void decidesWhatAPairWithoutPeerAccessCanDo()
    {
        const DeviceInfo two = pair(false);
        QVERIFY(supportOf(two, ModeId::PeerCopy).supported);
        QCOMPARE(withPeer(specIn(ModeId::PeerCopy), two).peerAccess, std::optional(false));
        ExperimentSpec on = specIn(ModeId::PeerCopy);
        on.peerAccess = true;
        const Support refused = supportOf(two, on);
        QVERIFY(!refused.supported);
        QVERIFY2(QString::fromStdString(refused.reason).contains("run peer-copy with --peer-access off"),
                 refused.reason.c_str());
        const Support direct = supportOf(two, ModeId::PeerAccess);
        QVERIFY(!direct.supported);
        QVERIFY2(QString::fromStdString(direct.reason).contains("cuda:1 cannot access the memory of cuda:0"),
                 direct.reason.c_str());
        QVERIFY(supportOf(two, ModeId::ManagedPeer).supported);
        // Not reported is not "no" either: it is not supported, and says so.
        const Support unknown = supportOf(pair(std::nullopt), ModeId::PeerAccess);
        QVERIFY(!unknown.supported);
        QVERIFY2(QString::fromStdString(unknown.reason).contains("is not reported"), unknown.reason.c_str());
    }

    void needsConcurrentManagedAccessOnBoth()
    {
        DeviceInfo two = pair();
        two.peers[0].peerConcurrentManagedAccess = false;
        for (const ModeId mode : {ModeId::ManagedPeer, ModeId::ManagedPeerPrefetch}) {
            const Support support = supportOf(two, mode);
            QVERIFY(!support.supported);
            QVERIFY2(QString::fromStdString(support.reason).startsWith("cuda:1 lacks concurrent managed access"),
                     support.reason.c_str());
        }
        QVERIFY(supportOf(two, ModeId::PeerAccess).supported);
        two = pair();
        two.concurrentManagedAccess = false;
        QVERIFY(QString::fromStdString(supportOf(two, ModeId::ManagedPeer).reason).startsWith("cuda:0 lacks"));
    }

    // Three GPUs: the default peer is the first with which the mode can run.
    void choosesTheFirstPeerThatCan()
    {
        DeviceInfo three = cudaDevice(0);
        three.peers = {linkTo(1, false), linkTo(2, true)};
        QCOMPARE(defaultPeer(three, ModeId::PeerAccess), std::string("cuda:2"));
        QCOMPARE(defaultPeer(three, ModeId::PeerCopy), std::string("cuda:1"));
        ExperimentSpec named = specIn(ModeId::PeerAccess);
        named.peerId = "cuda:1";
        QVERIFY(!supportOf(three, named).supported); // the one named, not the default
    }

    void refusesABadPeer_data()
    {
        QTest::addColumn<QString>("peer");
        QTest::addColumn<QString>("message");
        QTest::addRow("itself") << "cuda:0"
                                << "--peer cuda:0 is the device itself; name another CUDA device (peers of cuda:0: "
                                   "cuda:1)";
        QTest::addRow("not there") << "cuda:7"
                                   << "--peer cuda:7: no such CUDA device beside cuda:0; accepted: cuda:1";
    }
    void refusesABadPeer()
    {
        QFETCH(QString, peer);
        QFETCH(QString, message);
        ExperimentSpec spec = specIn(ModeId::PeerCopy);
        spec.peerId = peer.toStdString();
        const Status checked = checkPeerArgument(spec, pair());
        QVERIFY(!checked.ok());
        QCOMPARE(checked.error().kind, ErrorKind::BadArgument);
        QCOMPARE(QString::fromStdString(checked.error().message), message);
        // The same in a request: a refusal before anything runs (exit 2).
        RunRequest request;
        request.base = spec;
        request.mode = ModeId::PeerCopy;
        const PlannedRuns plan = planRuns(request, pair());
        QVERIFY(plan.refusal);
        QCOMPARE(plan.refusal->kind, ErrorKind::BadArgument);
    }

    // On one GPU, a named peer is no bad argument: the mode is not supported
    // (exit 3), and says why.
    void leavesTheRefusalToTheModeOnOneGpu()
    {
        ExperimentSpec spec = specIn(ModeId::PeerCopy);
        spec.peerId = "cuda:1";
        QVERIFY(checkPeerArgument(spec, cudaDevice(0)).ok());
        const Support support = supportOf(cudaDevice(0), spec);
        QVERIFY(!support.supported);
        QCOMPARE(supportError(support).kind, ErrorKind::Unsupported);
    }

    void validatesPeerOptions()
    {
        ExperimentSpec spec = specIn(ModeId::Managed);
        spec.peerId = "cuda:1";
        QVERIFY(QString::fromStdString(validate(spec).error().message).contains("--peer applies only"));
        spec = specIn(ModeId::PeerAccess);
        spec.peerAccess = false;
        QVERIFY(QString::fromStdString(validate(spec).error().message).contains("--peer-access applies only"));
        spec = specIn(ModeId::PeerCopy);
        spec.peerId = "gpu1";
        QVERIFY(QString::fromStdString(validate(spec).error().message).contains("invalid --peer 'gpu1'"));
        spec.peerId = "cuda:1";
        spec.peerAccess = false;
        QVERIFY(validate(spec).ok());
        // Another mode drops what only the peer modes take.
        const ExperimentSpec device = inMode(spec, ModeId::Device);
        QVERIFY(device.peerId.empty());
        QVERIFY(!device.peerAccess);
        QVERIFY(validPeerId("cuda:12"));
        QVERIFY(!validPeerId("cuda:"));
        QVERIFY(!validPeerId("cuda:1x"));
        QVERIFY(!validPeerId("opencl:1"));
    }

    // Compare all modes: the peer modes with the peer where there is one,
    // listed as skipped with the reason where there is none.
    void comparesPeerModesWhereThereIsAPeer()
    {
        RunRequest request;
        request.kind = ReportSet::Kind::Compare;
        request.allModes = true;
        request.base = specIn(ModeId::Device);
        const PlannedRuns two = planRuns(request, pair());
        QVERIFY(two.skipped.empty());
        std::vector<ModeId> planned;
        for (const ExperimentSpec &spec : two.runs) {
            planned.push_back(spec.mode);
            QCOMPARE(spec.peerId, spec.modeInfo().needsPeer() ? std::string("cuda:1") : std::string());
        }
        for (const ModeId mode : peerModes)
            QVERIFY(std::ranges::find(planned, mode) != planned.end());
        const PlannedRuns one = planRuns(request, cudaDevice(0));
        QCOMPARE(one.skipped.size(), peerModes.size());
        for (const SkippedRun &skipped : one.skipped) {
            QVERIFY(modeInfo(skipped.mode).needsPeer());
            QCOMPARE(skipped.reason.kind, ErrorKind::Unsupported);
        }
        QCOMPARE(one.runs.size(), two.runs.size() - peerModes.size());
    }

    // The demo: peer-copy without and with peer access, then the others.
    void plansThePeerAccessDemo()
    {
        RunRequest request;
        request.kind = ReportSet::Kind::Compare;
        request.demo = DemoId::PeerAccess;
        const PlannedRuns two = planRuns(request, pair());
        QVERIFY(!two.refusal);
        QCOMPARE(two.runs.size(), std::size_t(5));
        QCOMPARE(two.runs[0].mode, ModeId::PeerCopy);
        QCOMPARE(two.runs[0].peerAccess, std::optional(false));
        QCOMPARE(two.runs[1].peerAccess, std::optional(true));
        QCOMPARE(two.runs[2].mode, ModeId::PeerAccess);
        QCOMPARE(two.runs[4].mode, ModeId::ManagedPeerPrefetch);
        QCOMPARE(two.runs[0].bytes, 256ULL << 20);
        // Without peer access, the run with it is skipped, and says why.
        const PlannedRuns apart = planRuns(request, pair(false));
        QCOMPARE(apart.runs.size(), std::size_t(3)); // peer-copy off, managed-peer, managed-peer-prefetch
        QCOMPARE(apart.skipped.size(), std::size_t(2));
        const PlannedRuns one = planRuns(request, cudaDevice(0));
        QVERIFY(one.refusal);
        QCOMPARE(one.refusal->kind, ErrorKind::Unsupported);
    }

    void notesWhatTheRunDidToPeerAccess()
    {
        DeviceInfo two = pair();
        ExperimentSpec spec = withPeer(specIn(ModeId::PeerCopy), two);
        spec.peerAccess = false;
        notePeerAccess(two, spec);
        QCOMPARE(two.peers[0].accessEnabled, std::optional(false));
        notePeerAccess(two, withPeer(specIn(ModeId::PeerAccess), two));
        QCOMPARE(two.peers[0].accessEnabled, std::optional(true));
        DeviceInfo managed = pair();
        managed.peers[0].accessEnabled.reset();
        notePeerAccess(managed, withPeer(specIn(ModeId::ManagedPeer), managed));
        QVERIFY(!managed.peers[0].accessEnabled); // left as it was: unsaid
    }

    // The topology and the peer fields travel in reports and in `devices
    // --json`, and reports written before them still open.
    void roundTripsTopologyAndPeerFields()
    {
        RunReport report = sampleRun(1, 0); // consistent in every count
        report.device = pair();
        report.device.peers[0].performanceRank = 3;
        report.device.peers[0].partialAtomics = std::nullopt; // not reported
        report.spec = withPeer(inMode(report.spec, ModeId::PeerCopy), report.device);
        report.spec.peerAccess = false;
        for (PhaseResult &phase : report.iterations.front().phases) {
            if (phase.phase == Phase::ToDevice)
                phase.bytesBetweenDevices = 3 << 20;
        }
        MigrationEvent event;
        event.kind = CounterKind::BytesDeviceToDevice;
        event.sourceDevice = 0;
        event.destinationDevice = 1;
        report.counted.migrations.push_back(event);
        const std::string text = toJson(report);
        const auto read = readReports(text);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        const RunReport &back = read->runs.front();
        QCOMPARE(back.spec.peerId, std::string("cuda:1"));
        QCOMPARE(back.spec.peerAccess, std::optional(false));
        QCOMPARE(back.device.peers.size(), std::size_t(1));
        const PeerLink &link = back.device.peers[0];
        QCOMPARE(link.peerId, std::string("cuda:1"));
        QCOMPARE(link.performanceRank, std::optional(3));
        QCOMPARE(link.canAccessPeer, std::optional(true));
        QVERIFY(!link.partialAtomics);
        QCOMPARE(link.accessEnabled, std::optional(false));
        QCOMPARE(link.peerMemoryBytes, 80ULL << 30);
        for (const PhaseResult &phase : back.iterations[0].phases) {
            const std::uint64_t between = phase.phase == Phase::ToDevice ? 3 << 20 : 0;
            QCOMPARE(phase.bytesBetweenDevices, between);
        }
        QCOMPARE(back.counted.migrations.back().sourceDevice, 0);
        QCOMPARE(back.counted.migrations.back().destinationDevice, 1);
        QCOMPARE(toJson(back), text);
        // The counted pass's request carries the peer too.
        const auto spec = specFromJson(specToJson(report.spec));
        QVERIFY(spec.ok());
        QCOMPARE(spec->peerId, std::string("cuda:1"));
        QCOMPARE(spec->peerAccess, std::optional(false));
        // A report from before the peer modes: none of these fields.
        RunReport before = sampleRun(1, 0);
        before.device = cudaDevice(0);
        nlohmann::json old = nlohmann::json::parse(toJson(before));
        old["device"].erase("peers");
        old["spec"].erase("peer");
        old["spec"].erase("peerAccess");
        old["alloc"].erase("bytesBetweenDevices");
        const auto older = readReports(old.dump());
        QVERIFY2(older.ok(), older.ok() ? "" : older.error().message.c_str());
        QVERIFY(older->runs.front().device.peers.empty());
        QVERIFY(older->runs.front().spec.peerId.empty());
        // `devices --json` lists the links of every device.
        DeviceList list;
        list.devices = {pair()};
        const nlohmann::json devices = nlohmann::json::parse(devicesToJson(list));
        QVERIFY(devices["devices"][0]["peers"][0]["device"] == "cuda:1");
        QVERIFY(devices["devices"][0]["peers"][0]["peerCanAccess"] == true);
    }

    void refusesAMalformedPeer()
    {
        RunReport report;
        report.device = pair();
        report.spec = specIn(ModeId::Managed);
        nlohmann::json document = nlohmann::json::parse(toJson(report));
        document["device"]["peers"][0]["device"] = "opencl:0";
        const auto read = readReports(document.dump());
        QVERIFY(!read.ok());
        QVERIFY2(QString::fromStdString(read.error().message).contains("device.peers[0].device"),
                 read.error().message.c_str());
    }

    // How the front ends say it.
    void saysWhatThePairCanDo()
    {
        const DeviceInfo two = pair();
        const QString text = peerLinkText(two.peers[0]);
        QVERIFY2(text.startsWith("cuda:1 (a GPU): maps its memory yes, it maps this one's yes, performance rank 0"),
                 qPrintable(text));
        QVERIFY2(text.contains("only some atomics no"), qPrintable(text));
        QVERIFY2(text.contains("peer access enabled in this process no"), qPrintable(text));
        PeerLink unknown = two.peers[0];
        unknown.performanceRank.reset();
        unknown.nativeAtomics.reset();
        QVERIFY(peerLinkText(unknown).contains("performance rank not reported"));
        QVERIFY(peerLinkText(unknown).contains("native atomics not reported"));
        QCOMPARE(peerLinkSummary(two.peers[0]),
                 QStringLiteral("cuda:1 · peer access both ways · rank 0 · native atomics"));
        QVERIFY(peerLinkSummary(pair(false).peers[0]).contains("no peer access"));
        DeviceList list;
        list.devices = {two};
        const QString table = devicesTable(list);
        QVERIFY2(table.contains("cuda:0 → cuda:1 (a GPU): maps its memory yes"), qPrintable(table));
        ExperimentSpec off = withPeer(specIn(ModeId::PeerCopy), two);
        off.peerAccess = false;
        QCOMPARE(modeLabel(off), QStringLiteral("peer-copy (peer access off)"));
        QCOMPARE(modeLabel(specIn(ModeId::Managed)), QStringLiteral("managed"));
        QVERIFY(peerRunText(two, off).contains("with peer access off: the copies went through the host"));
        QVERIFY(peerRunText(two, specIn(ModeId::Pinned)).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPeers)
#include "tst_peers.moc"
