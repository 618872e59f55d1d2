// SPDX-License-Identifier: GPL-3.0-or-later
#include "backend/backend.h"
#include "catalogue.h"
#include "experimentspec.h"
#include "preflight.h"
#include "report/bytebudget.h"
#include "run/experimentset.h"
#include "safetylimits.h"

#include <QTest>

#include <set>

using namespace sharescope;

namespace {

DeviceInfo openClDevice(int major, int minor)
{
    DeviceInfo device;
    device.id = "opencl:0";
    device.backend = BackendKind::OpenCL;
    device.versionMajor = major;
    device.versionMinor = minor;
    device.globalMemoryBytes = 8ULL << 30;
    device.maxAllocationBytes = 2ULL << 30;
    return device;
}

} // namespace

class TestCatalogue : public QObject
{
    Q_OBJECT

private slots:
    void listsEveryModeAndKernelOnce()
    {
        std::set<std::string_view> names;
        for (const ModeInfo &mode : modes()) {
            QVERIFY(names.insert(mode.name).second);
            QVERIFY(!mode.summary.empty());
            QCOMPARE(&modeInfo(mode.id), &mode); // the table is in ModeId order
            QCOMPARE(modeFromName(mode.name), std::optional(mode.id));
        }
        QCOMPARE(modes().size(), std::size_t(22));
        for (const char *name : {"cl-copy", "cl-use-host-ptr", "cl-alloc-host-ptr", "cl-svm-coarse", "cl-svm-fine"})
            QCOMPARE(modeInfo(*modeFromName(name)).backend, BackendKind::OpenCL);
        for (const char *name :
             {"device", "pinned", "pinned-registered", "zero-copy", "registered", "managed", "managed-prefetch",
              "managed-advise", "ipc", "ipc-vmm", "ipc-pool", "peer-copy", "peer-access", "managed-peer",
              "managed-peer-prefetch", "managed-discard", "managed-discard-prefetch"})
            QCOMPARE(modeInfo(*modeFromName(name)).backend, BackendKind::Cuda);
        QCOMPARE(kernels().size(), std::size_t(6));
        for (const KernelInfo &kernel : kernels()) {
            QCOMPARE(&kernelInfo(kernel.id), &kernel);
            QCOMPARE(kernelFromName(kernel.name), std::optional(kernel.id));
            QVERIFY(!kernel.buffers.empty());
            QVERIFY(!kernel.openclFunction.empty());
        }
        for (const Advice advice : adviceValues())
            QCOMPARE(adviceFromName(adviceName(advice)), std::optional(advice));
        QVERIFY(!modeFromName("managd"));
        QVERIFY(!kernelFromName("vectoradd"));
        QVERIFY(!adviceFromName("sideways"));
    }

    void refusesUnknownNames_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        QTest::addRow("mode") << "mode"
                              << "nope"
                              << "unknown mode 'nope'; accepted: device, pinned, pinned-registered, zero-copy";
        QTest::addRow("kernel")
            << "kernel"
            << "nope"
            << "unknown kernel 'nope'; accepted: vector-add, scale, stride, gather, ping-pong, first-touch";
        QTest::addRow("advice") << "advice"
                                << "sideways"
                                << "invalid advice 'sideways'; accepted: preferred-device, preferred-host";
        QTest::addRow("empty mode") << "mode"
                                    << ""
                                    << "unknown mode ''";
    }
    void refusesUnknownNames()
    {
        QFETCH(QString, what);
        QFETCH(QString, name);
        QFETCH(QString, message);
        const std::string text = name.toStdString();
        const Error error = what == "mode" ? parseMode(text).error()
            : what == "kernel"             ? parseKernel(text).error()
                                           : parseAdvice(text).error();
        QCOMPARE(error.kind, ErrorKind::BadArgument);
        QVERIFY2(QString::fromStdString(error.message).contains(message), error.message.c_str());
        QVERIFY(!error.translatable.empty());
    }

    // What the kernel phase reads and writes, from the kernel's traits.
    void countsTheKernelsBytes_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<quint64>("bytes");
        constexpr quint64 size = 1 << 20; // per buffer
        QTest::addRow("vector-add: two reads, one write") << "vector-add" << 3 * size;
        QTest::addRow("scale: one read, one write") << "scale" << 2 * size;
        QTest::addRow("stride: every 64 KiB, read and written") << "stride" << 2 * (size / 65536) * 4;
        QTest::addRow("gather: x, perm and out") << "gather" << 3 * size;
        QTest::addRow("ping-pong: every round") << "ping-pong" << 2 * size * 3;
        QTest::addRow("first-touch: one read, two writes") << "first-touch" << 3 * size;
    }
    void countsTheKernelsBytes()
    {
        QFETCH(QString, kernel);
        QFETCH(quint64, bytes);
        ExperimentSpec spec;
        spec.kernel = *kernelFromName(kernel.toStdString());
        spec.bytes = 1 << 20;
        spec.rounds = 3;
        QCOMPARE(spec.kernelBytes(), bytes);
    }

    // first-touch's four buffers are the four ways a buffer is touched: the
    // host writes what the kernel reads, reads what it wrote, and each side
    // has one buffer the other never sees. Copies move only what crosses.
    void firstTouchTouchesEachBufferItsOwnWay()
    {
        const KernelInfo &kernel = kernelInfo(KernelId::FirstTouch);
        QCOMPARE(kernel.buffers.size(), std::size_t(4));
        const auto names = [&](const std::vector<std::size_t> &indices) {
            QStringList list;
            for (const std::size_t b : indices)
                list << QString::fromUtf8(kernel.buffers[b].name.data(),
                                          static_cast<qsizetype>(kernel.buffers[b].name.size()));
            return list.join(',');
        };
        QCOMPARE(names(buffersFor(kernel, HostAccess::Write)), QStringLiteral("cpu-then-gpu,cpu-only"));
        QCOMPARE(names(buffersFor(kernel, HostAccess::Read)), QStringLiteral("gpu-then-cpu,cpu-only"));
        QCOMPARE(names(buffersCopied(kernel, HostAccess::Write)), QStringLiteral("cpu-then-gpu"));
        QCOMPARE(names(buffersCopied(kernel, HostAccess::Read)), QStringLiteral("gpu-then-cpu"));
        for (const BufferSpec &buffer : kernel.buffers) {
            const bool gpu = kernelTouches(buffer.role);
            const bool cpu = hostTouches(buffer.role);
            QCOMPARE(gpu, buffer.name != "cpu-only");
            QCOMPARE(cpu, buffer.name != "gpu-only");
        }
        // Every other kernel: what the host writes goes over, what it reads comes back.
        for (const KernelInfo &other : kernels()) {
            if (other.id == KernelId::FirstTouch)
                continue;
            QCOMPARE(buffersCopied(other, HostAccess::Write), buffersFor(other, HostAccess::Write));
            QCOMPARE(buffersCopied(other, HostAccess::Read), buffersFor(other, HostAccess::Read));
        }
    }

    // The byte budgets follow who touches: per 1 MiB buffer, in the steady
    // state (after the warm-up).
    void budgetsFollowWhoTouches_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QList<quint64>>("toDevice"); // host-init, to-device, kernel, to-host, host-read
        QTest::addColumn<QList<quint64>>("toHost");
        // Copies: cpu-then-gpu over, gpu-then-cpu back; the other two never travel.
        QTest::addRow("pinned") << "pinned" << QList<quint64>{0, 1, 0, 0, 0} << QList<quint64>{0, 0, 0, 1, 0};
        // Faults: cpu-then-gpu back to be written again, both shared buffers
        // to the kernel, gpu-then-cpu back to be read.
        QTest::addRow("managed") << "managed" << QList<quint64>{0, 0, 2, 0, 0} << QList<quint64>{1, 0, 0, 0, 1};
        // Prefetches: the two shared buffers each way; gpu-only stays on the
        // GPU, cpu-only on the host.
        QTest::addRow("managed-prefetch")
            << "managed-prefetch" << QList<quint64>{0, 2, 0, 0, 0} << QList<quint64>{0, 0, 0, 2, 0};
        QTest::addRow("managed-discard") << "managed-discard" << QList<quint64>{0, 0, 1, 0, 0}
                                         << QList<quint64>{0, 0, 0, 0, 1};
        QTest::addRow("zero-copy") << "zero-copy" << QList<quint64>{0, 0, 0, 0, 0} << QList<quint64>{0, 0, 0, 0, 0};
        // An OpenCL map may copy whatever the host maps: cpu-only too.
        QTest::addRow("cl-use-host-ptr") << "cl-use-host-ptr" << QList<quint64>{0, 2, 0, 0, 0}
                                         << QList<quint64>{0, 0, 0, 2, 0};
    }
    void budgetsFollowWhoTouches()
    {
        QFETCH(QString, mode);
        QFETCH(QList<quint64>, toDevice);
        QFETCH(QList<quint64>, toHost);
        ExperimentSpec spec;
        spec.mode = *modeFromName(mode.toStdString());
        spec.kernel = KernelId::FirstTouch;
        spec.bytes = 1 << 20;
        const auto budget = byteBudget(spec);
        QVERIFY(budget);
        QCOMPARE(budget->phases.size(), std::size_t(5));
        for (std::size_t p = 0; p < 5; ++p) {
            const PhaseBudget &phase = budget->phases[p];
            QVERIFY2(phase.toDevice == toDevice[static_cast<qsizetype>(p)] * spec.bytes
                         && phase.toHost == toHost[static_cast<qsizetype>(p)] * spec.bytes,
                     qPrintable(QStringLiteral("%1: %2 over, %3 back")
                                    .arg(QString::fromStdString(std::string(phaseName(phase.phase))))
                                    .arg(phase.toDevice)
                                    .arg(phase.toHost)));
        }
    }

    void decidesOpenClSupport_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<int>("major");
        QTest::addColumn<bool>("coarse");
        QTest::addColumn<bool>("fine");
        QTest::addColumn<bool>("supported");
        QTest::addColumn<QString>("reason");
        QTest::addRow("copy on 1.2") << "cl-copy" << 1 << false << false << true << "";
        QTest::addRow("use-host-ptr on 1.2") << "cl-use-host-ptr" << 1 << false << false << true << "";
        QTest::addRow("svm on 1.2") << "cl-svm-coarse" << 1 << false << false << false << "SVM needs OpenCL 2.0";
        QTest::addRow("coarse missing on 3.0")
            << "cl-svm-coarse" << 3 << false << false << false << "no coarse-grained buffer SVM";
        QTest::addRow("coarse present") << "cl-svm-coarse" << 2 << true << false << true << "";
        QTest::addRow("fine missing") << "cl-svm-fine" << 3 << true << false << false << "no fine-grained buffer SVM";
        QTest::addRow("fine present") << "cl-svm-fine" << 3 << true << true << true << "";
        QTest::addRow("cuda mode on opencl")
            << "managed" << 3 << true << true << false << "managed is a CUDA mode and opencl:0 is an OpenCL device";
    }
    void decidesOpenClSupport()
    {
        QFETCH(QString, mode);
        QFETCH(int, major);
        QFETCH(bool, coarse);
        QFETCH(bool, fine);
        QFETCH(bool, supported);
        QFETCH(QString, reason);
        DeviceInfo device = openClDevice(major, major == 1 ? 2 : 0);
        device.svmCoarseBuffer = coarse;
        device.svmFineBuffer = fine;
        const Support support = supportOf(device, *modeFromName(mode.toStdString()));
        QCOMPARE(support.supported, supported);
        QVERIFY2(QString::fromStdString(support.reason).contains(reason), support.reason.c_str());
        QCOMPARE(support.reason.empty(), supported);
        QCOMPARE(support.translatable.empty(), supported); // every reason can be translated
    }

    void decidesCudaSupport()
    {
        DeviceInfo device;
        device.id = "cuda:0";
        device.backend = BackendKind::Cuda;
        QVERIFY(supportOf(device, ModeId::Device).supported);
        QVERIFY(!supportOf(device, ModeId::Managed).supported);
        QVERIFY(!supportOf(device, ModeId::ZeroCopy).supported);
        QVERIFY(!supportOf(device, ModeId::ClCopy).supported);
        QVERIFY(!supportOf(device, ModeId::Ipc).supported);
        device.managedMemory = true;
        device.canMapHostMemory = true;
        QVERIFY(supportOf(device, ModeId::Managed).supported);
        const Support prefetch = supportOf(device, ModeId::ManagedPrefetch);
        QVERIFY(!prefetch.supported);
        QVERIFY(QString::fromStdString(prefetch.reason).contains("concurrent managed access"));
        device.concurrentManagedAccess = true;
        device.unifiedAddressing = true;
        QVERIFY(supportOf(device, ModeId::ManagedPrefetch).supported);
        QVERIFY(supportOf(device, ModeId::Registered).supported);
        QVERIFY(supportOf(device, ModeId::Ipc).supported);
        // The descriptor routes: each needs its handle type, and says which it lacks.
        const Support vmm = supportOf(device, ModeId::IpcVmm);
        QVERIFY(!vmm.supported);
        QVERIFY2(QString::fromStdString(vmm.reason).contains("cannot export cuMemCreate memory as a file descriptor"),
                 vmm.reason.c_str());
        const Support pool = supportOf(device, ModeId::IpcPool);
        QVERIFY(!pool.supported);
        QVERIFY2(QString::fromStdString(pool.reason).contains("cannot export a memory pool as a file descriptor"),
                 pool.reason.c_str());
        device.vmmFileDescriptors = true;
        QVERIFY(supportOf(device, ModeId::IpcVmm).supported);
        QVERIFY(!supportOf(device, ModeId::IpcPool).supported);
        device.poolFileDescriptors = true;
        QVERIFY(supportOf(device, ModeId::IpcPool).supported);
        // Discard: CUDA 13.0 in both the runtime and the driver, which the reason names.
        device.runtimeVersion = "12.9";
        device.driverVersion = "13.0";
        for (const ModeId mode : {ModeId::ManagedDiscard, ModeId::ManagedDiscardPrefetch}) {
            const Support discard = supportOf(device, mode);
            QVERIFY(!discard.supported);
            QVERIFY2(QString::fromStdString(discard.reason)
                         .contains("cudaMemDiscardBatchAsync, which CUDA 13.0 added: "
                                   "this runtime is 12.9 and this driver 13.0"),
                     discard.reason.c_str());
        }
        device.managedBatchOperations = true;
        QVERIFY(supportOf(device, ModeId::ManagedDiscard).supported);
        device.concurrentManagedAccess = false;
        QVERIFY(!supportOf(device, ModeId::ManagedDiscard).supported);
    }

    // What code asks of a mode, in the catalogue's words: each trait that
    // used to be a comparison of ids.
    void describesEveryModeByItsTraits()
    {
        const auto info = [](const char *name) { return modeInfo(*modeFromName(name)); };
        QCOMPARE(info("pinned").hostMemory, HostMemory::PageLocked);
        QCOMPARE(info("registered").hostMemory, HostMemory::Registered);
        QCOMPARE(info("cl-use-host-ptr").hostMemory, HostMemory::HostArray);
        QCOMPARE(info("cl-svm-fine").hostMemory, HostMemory::SvmFine);
        QCOMPARE(info("managed-prefetch").prefetch, Prefetch::ToDevice);
        QCOMPARE(info("managed-peer-prefetch").prefetch, Prefetch::ToPeer);
        QCOMPARE(info("managed-discard-prefetch").prefetch, Prefetch::ToDevice);
        QCOMPARE(info("managed-discard").discard, Discard::BeforeWrites);
        QCOMPARE(info("managed-discard-prefetch").discard, Discard::AndPrefetch);
        QCOMPARE(info("peer-copy").peerAccess, PeerAccessUse::Optional);
        QCOMPARE(info("peer-access").peerAccess, PeerAccessUse::Required);
        QCOMPARE(info("ipc").kernelPlace, KernelPlace::OtherProcess);
        QVERIFY(info("managed-peer").needsPeer());
        QVERIFY(info("managed-advise").takesAdvice);
        int discarding = 0;
        for (const ModeInfo &mode : modes()) {
            discarding += mode.discard != Discard::None ? 1 : 0;
            QCOMPARE(takesOption(mode, ModeOption::Peer), mode.kernelPlace == KernelPlace::Peer);
            QCOMPARE(takesOption(mode, ModeOption::PeerAccess), mode.name == "peer-copy");
            QCOMPARE(takesOption(mode, ModeOption::Advice), mode.name == "managed-advise");
        }
        QCOMPARE(discarding, 2);
    }

    void validatesSpecs_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::addRow("size") << "size"
                              << "invalid size 6 bytes";
        QTest::addRow("iterations") << "iterations"
                                    << "invalid iteration count 0; accepted: 1 to 10000";
        QTest::addRow("warmup") << "warmup"
                                << "invalid warm-up count -1";
        QTest::addRow("stride") << "stride"
                                << "invalid stride 6 bytes";
        QTest::addRow("rounds") << "rounds"
                                << "invalid round count 0";
        QTest::addRow("advice missing") << "advice-missing"
                                        << "managed-advise needs --advice";
        QTest::addRow("advice elsewhere") << "advice-elsewhere"
                                          << "--advice applies only to the managed-advise mode, not to cl-copy";
    }
    void validatesSpecs()
    {
        QFETCH(QString, field);
        QFETCH(QString, message);
        ExperimentSpec spec;
        spec.mode = ModeId::ClCopy;
        QVERIFY(validate(spec).ok());
        if (field == "size")
            spec.bytes = 6;
        else if (field == "iterations")
            spec.iterations = 0;
        else if (field == "warmup")
            spec.warmup = -1;
        else if (field == "stride") {
            spec.kernel = KernelId::Stride;
            spec.strideBytes = 6;
        } else if (field == "rounds") {
            spec.kernel = KernelId::PingPong;
            spec.rounds = 0;
        } else if (field == "advice-missing") {
            spec.mode = ModeId::ManagedAdvise;
        } else {
            spec.advice = Advice::ReadMostly;
        }
        const Status status = validate(spec);
        QVERIFY(!status.ok());
        QCOMPARE(status.error().kind, ErrorKind::BadArgument);
        QVERIFY2(QString::fromStdString(status.error().message).contains(message), status.error().message.c_str());
    }

    // One place decides the advice: the mode that takes it gets the one
    // given or the default, every other mode none.
    void decidesAdviceInOnePlace()
    {
        ExperimentSpec base;
        QCOMPARE(inMode(base, ModeId::ManagedAdvise).advice, std::optional(defaultAdvice));
        base.advice = Advice::ReadMostly;
        QCOMPARE(inMode(base, ModeId::ManagedAdvise).advice, std::optional(Advice::ReadMostly));
        QVERIFY(!inMode(base, ModeId::Managed).advice);
        QVERIFY(validate(inMode(base, ModeId::Managed)).ok());
    }

    void validatesRequests_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("modes");
        QTest::addColumn<bool>("valid");
        QTest::addRow("run in managed-advise") << int(ReportSet::Kind::Run) << "managed-advise" << true;
        QTest::addRow("run in managed") << int(ReportSet::Kind::Run) << "managed" << false;
        QTest::addRow("run in the default mode") << int(ReportSet::Kind::Run) << "" << false;
        QTest::addRow("compare all") << int(ReportSet::Kind::Compare) << "" << true;
        QTest::addRow("compare with managed-advise")
            << int(ReportSet::Kind::Compare) << "device,managed-advise" << true;
        QTest::addRow("compare without it") << int(ReportSet::Kind::Compare) << "device,managed" << false;
    }
    void validatesRequests()
    {
        QFETCH(int, kind);
        QFETCH(QString, modes);
        QFETCH(bool, valid);
        RunRequest request;
        request.kind = static_cast<ReportSet::Kind>(kind);
        request.base.advice = Advice::PreferredHost;
        for (const QString &name : modes.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const ModeId mode = *modeFromName(name.toStdString());
            if (request.kind == ReportSet::Kind::Run)
                request.mode = mode;
            else
                request.modes.push_back(mode);
        }
        const Status status = validateRequest(request);
        QCOMPARE(status.ok(), valid);
        if (!valid)
            QVERIFY(QString::fromStdString(status.error().message).contains("--advice applies only"));
        request.base.iterations = 0; // the experiment's own ranges are checked too
        QVERIFY(!validateRequest(request).ok());
    }

    void refusesExperimentsBeyondTheLimits()
    {
        const DeviceInfo device = openClDevice(3, 0); // 8 GiB, 2 GiB per buffer
        ExperimentSpec spec;
        spec.mode = ModeId::ClCopy;
        spec.bytes = 1ULL << 30; // 3 buffers: 3 GiB
        QVERIFY(checkLimits(spec, device, 64ULL << 30).ok());

        spec.bytes = 3ULL << 30; // beyond the largest allocation
        Status status = checkLimits(spec, device, 64ULL << 30);
        QVERIFY(!status.ok());
        QVERIFY(QString::fromStdString(status.error().message).contains("at most 2 GiB"));

        DeviceInfo small = device;
        small.maxAllocationBytes = 8ULL << 30;
        spec.bytes = 4ULL << 30; // 3 x 4 GiB = 12 GiB > 80% of 8 GiB
        status = checkLimits(spec, small, 64ULL << 30);
        QVERIFY(!status.ok());
        QVERIFY2(QString::fromStdString(status.error().message).contains("80%"), status.error().message.c_str());

        spec.bytes = 1ULL << 30; // 3 GiB of host copies, with 4 GiB available: over half
        status = checkLimits(spec, device, 4ULL << 30);
        QVERIFY(!status.ok());
        QVERIFY2(QString::fromStdString(status.error().message).contains("half of the 4 GiB available"),
                 status.error().message.c_str());

        // gather's reference keeps its permutation besides the three
        // buffers, and its indices are 32-bit.
        spec.kernel = KernelId::Gather;
        spec.bytes = 512ULL << 20; // 3 x 512 MiB + 512 MiB = 2 GiB of host memory
        QVERIFY(checkLimits(spec, device, 4ULL << 30).ok());
        QVERIFY(!checkLimits(spec, device, (4ULL << 30) - 4096).ok());
        DeviceInfo huge = device;
        huge.globalMemoryBytes = 1ULL << 40;
        huge.maxAllocationBytes = 1ULL << 40;
        spec.bytes = 20ULL << 30;
        status = checkLimits(spec, huge, 1ULL << 40);
        QVERIFY(!status.ok());
        QVERIFY2(QString::fromStdString(status.error().message).contains("at most 16 GiB per buffer"),
                 status.error().message.c_str());
    }

    // CUDA's device memory is judged by what is free when the run starts
    // (cudaMemGetInfo, in CudaBackend::check), not by the whole memory: a
    // GPU that other programs fill refuses what would fit an idle one.
    void judgesCudaMemoryByWhatIsFree()
    {
        DeviceInfo gpu;
        gpu.id = "cuda:1";
        gpu.backend = BackendKind::Cuda;
        gpu.globalMemoryBytes = 80ULL << 30;
        gpu.maxAllocationBytes = 80ULL << 30;
        ExperimentSpec spec;
        spec.mode = ModeId::Device;
        spec.bytes = 10ULL << 30; // 3 buffers: 30 GiB, within 80% of 80 GiB
        QVERIFY(checkLimits(spec, gpu, 1ULL << 40).ok());
        ExperimentSpec most = spec;
        most.bytes = 25ULL << 30; // 75 GiB: beyond 80% of the whole, but what is free is not known here
        QVERIFY(checkLimits(most, gpu, 1ULL << 40).ok());
        QVERIFY(!checkDeviceMemory(most, gpu, 80ULL << 30).ok()); // and when it is: all 80 GiB free is not enough
        QVERIFY(checkDeviceMemory(spec, gpu, 40ULL << 30).ok()); // 30 GiB <= 80% of 40 GiB
        const Status status = checkDeviceMemory(spec, gpu, 32ULL << 30); // > 80% of 32 GiB (25.6 GiB)
        QVERIFY(!status.ok());
        QCOMPARE(status.error().kind, ErrorKind::BadArgument);
        const QString message = QString::fromStdString(status.error().message);
        QVERIFY2(message.contains("too large for cuda:1 now"), qPrintable(message));
        QVERIFY2(message.contains("at most 25.6 GiB, 80% of the 32 GiB it has free of its 80 GiB"),
                 qPrintable(message));
        // Beyond the whole memory as well: the same rule, the same message.
        spec.bytes = 30ULL << 30;
        QVERIFY(QString::fromStdString(checkDeviceMemory(spec, gpu, 32ULL << 30).error().message).contains("free"));
    }

    void reproducesTheCommandLine()
    {
        ExperimentSpec spec;
        spec.deviceId = "opencl:0";
        spec.mode = ModeId::ClUseHostPtr;
        spec.kernel = KernelId::Stride;
        spec.bytes = 256ULL << 20;
        spec.strideBytes = 4096;
        QCOMPARE(QString::fromStdString(spec.commandLine()),
                 QStringLiteral("sharescope run --device opencl:0 --mode cl-use-host-ptr --kernel stride --size 256MiB "
                                "--iterations 5 --warmup 1 --stride 4KiB"));

        // The window's requests, as commands that ask for the same.
        RunRequest request;
        request.base = spec;
        request.kind = ReportSet::Kind::Compare;
        request.allModes = true;
        QCOMPARE(QString::fromStdString(reproduceCommand(request)),
                 QStringLiteral("sharescope compare --device opencl:0 --modes all --kernel stride --size 256MiB "
                                "--iterations 5 --warmup 1 --stride 4KiB"));
        request.kind = ReportSet::Kind::Sweep;
        request.allModes = false;
        request.modes = {ModeId::ClCopy};
        request.sizes = {4096, 1 << 20};
        request.base.kernel = KernelId::VectorAdd;
        request.base.counters = false;
        QCOMPARE(QString::fromStdString(reproduceCommand(request)),
                 QStringLiteral("sharescope sweep --device opencl:0 --modes cl-copy --sizes 4KiB,1MiB --kernel "
                                "vector-add --iterations 5 --warmup 1 --no-counters"));
    }
};

QTEST_APPLESS_MAIN(TestCatalogue)
#include "tst_catalogue.moc"
