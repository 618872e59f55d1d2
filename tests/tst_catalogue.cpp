#include "catalogue.h"
#include "experimentspec.h"
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
        std::set<std::string_view> ids;
        for (const ModeInfo &mode : modes()) {
            QVERIFY(ids.insert(mode.id).second);
            QVERIFY(!mode.summary.empty());
            QCOMPARE(findMode(mode.id), &mode);
        }
        QCOMPARE(modes().size(), std::size_t(13));
        for (const char *id : {"cl-copy", "cl-use-host-ptr", "cl-alloc-host-ptr", "cl-svm-coarse", "cl-svm-fine"})
            QCOMPARE(findMode(id)->backend, BackendKind::OpenCL);
        for (const char *id :
             {"device", "pinned", "zero-copy", "registered", "managed", "managed-prefetch", "managed-advise", "ipc"})
            QCOMPARE(findMode(id)->backend, BackendKind::Cuda);
        QCOMPARE(kernels().size(), std::size_t(5));
        for (const char *id : {"vector-add", "scale", "stride", "gather", "ping-pong"}) {
            QVERIFY(findKernel(id));
            QVERIFY(!findKernel(id)->buffers.empty());
        }
        QVERIFY(!findMode("managd"));
        QVERIFY(!findKernel("vectoradd"));
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
        const Support support = supportOf(device, *findMode(mode.toStdString()));
        QCOMPARE(support.supported, supported);
        QVERIFY2(QString::fromStdString(support.reason).contains(reason), support.reason.c_str());
        QCOMPARE(support.reason.empty(), supported);
    }

    void decidesCudaSupport()
    {
        DeviceInfo device;
        device.id = "cuda:0";
        device.backend = BackendKind::Cuda;
        QVERIFY(supportOf(device, *findMode("device")).supported);
        QVERIFY(!supportOf(device, *findMode("managed")).supported);
        QVERIFY(!supportOf(device, *findMode("zero-copy")).supported);
        QVERIFY(!supportOf(device, *findMode("cl-copy")).supported);
        device.managedMemory = true;
        device.canMapHostMemory = true;
        QVERIFY(supportOf(device, *findMode("managed")).supported);
        const Support prefetch = supportOf(device, *findMode("managed-prefetch"));
        QVERIFY(!prefetch.supported);
        QVERIFY(QString::fromStdString(prefetch.reason).contains("concurrent managed access"));
        device.concurrentManagedAccess = true;
        QVERIFY(supportOf(device, *findMode("managed-prefetch")).supported);
        QVERIFY(supportOf(device, *findMode("registered")).supported);
    }

    void validatesSpecs_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::addRow("mode") << "mode"
                              << "unknown mode 'nope'";
        QTest::addRow("kernel") << "kernel"
                                << "unknown kernel 'nope'";
        QTest::addRow("iterations") << "iterations"
                                    << "invalid iteration count 0";
        QTest::addRow("stride") << "stride"
                                << "invalid stride 6 bytes";
        QTest::addRow("rounds") << "rounds"
                                << "invalid round count 0";
        QTest::addRow("advice value") << "advice"
                                      << "invalid advice 'sideways'";
        QTest::addRow("advice elsewhere") << "advice-elsewhere"
                                          << "--advice applies only to the managed-advise mode";
    }
    void validatesSpecs()
    {
        QFETCH(QString, field);
        QFETCH(QString, message);
        ExperimentSpec spec;
        spec.mode = "cl-copy";
        QVERIFY(validate(spec).ok());
        if (field == "mode")
            spec.mode = "nope";
        else if (field == "kernel")
            spec.kernel = "nope";
        else if (field == "iterations")
            spec.iterations = 0;
        else if (field == "stride") {
            spec.kernel = "stride";
            spec.strideBytes = 6;
        } else if (field == "rounds") {
            spec.kernel = "ping-pong";
            spec.rounds = 0;
        } else if (field == "advice") {
            spec.mode = "managed-advise";
            spec.advice = "sideways";
        } else {
            spec.advice = "read-mostly";
        }
        const Status status = validate(spec);
        QVERIFY(!status.ok());
        QCOMPARE(status.error().kind, ErrorKind::BadArgument);
        QVERIFY2(QString::fromStdString(status.error().message).contains(message), status.error().message.c_str());
    }

    void refusesExperimentsBeyondTheLimits()
    {
        const DeviceInfo device = openClDevice(3, 0); // 8 GiB, 2 GiB per buffer
        ExperimentSpec spec;
        spec.mode = "cl-copy";
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
    }

    void reproducesTheCommandLine()
    {
        ExperimentSpec spec;
        spec.deviceId = "opencl:0";
        spec.mode = "cl-use-host-ptr";
        spec.kernel = "stride";
        spec.bytes = 256ULL << 20;
        spec.strideBytes = 4096;
        QCOMPARE(QString::fromStdString(spec.commandLine()),
                 QStringLiteral("sharescope run --device opencl:0 --mode cl-use-host-ptr --kernel stride --size 256MiB "
                                "--iterations 5 --warmup 1 --stride 4KiB"));
    }
};

QTEST_APPLESS_MAIN(TestCatalogue)
#include "tst_catalogue.moc"
