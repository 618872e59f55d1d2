// SPDX-License-Identifier: GPL-3.0-or-later
#include "preflight.h"
#include "run/devices.h"
#include "run/engine.h"

#include <QTest>

#include <map>

using namespace sharescope;

// Every OpenCL mode with every kernel, on every OpenCL device of the machine
// (PoCL where there is no GPU): verified element by element.
class TestOpenCl : public QObject
{
    Q_OBJECT

private:
    std::map<std::string, std::unique_ptr<Engine>> m_engines; // one per device: kernels built once
    DeviceList m_devices;

    Engine *engineFor(const std::string &id)
    {
        auto &engine = m_engines[id];
        if (!engine) {
            auto device = m_devices.resolve(id);
            if (!device)
                return nullptr;
            auto backend = openBackend(*device);
            if (!backend)
                return nullptr;
            engine = std::make_unique<Engine>(std::move(*backend));
        }
        return engine.get();
    }

private slots:
    void initTestCase()
    {
        m_devices = listDevices();
        const bool anyOpenCl = std::ranges::any_of(
            m_devices.devices, [](const DeviceInfo &d) { return d.backend == BackendKind::OpenCL; });
        // scripts/setup.sh installs PoCL, so every machine has one: a missing
        // device is a broken set-up, not a reason to skip.
        QVERIFY2(anyOpenCl, "no OpenCL device; run scripts/setup.sh (it installs pocl-opencl-icd)");
    }

    void runsEveryModeAndKernel_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("kernel");
        for (const DeviceInfo &device : listDevices().devices) {
            if (device.backend != BackendKind::OpenCL)
                continue;
            for (const ModeInfo &mode : modes()) {
                if (mode.backend != BackendKind::OpenCL)
                    continue;
                for (const KernelInfo &kernel : kernels()) {
                    QTest::addRow("%s %s %s", device.id.c_str(), std::string(mode.name).c_str(),
                                  std::string(kernel.name).c_str())
                        << QString::fromStdString(device.id) << static_cast<int>(mode.id)
                        << static_cast<int>(kernel.id);
                }
            }
        }
    }
    void runsEveryModeAndKernel()
    {
        QFETCH(QString, device);
        QFETCH(int, mode);
        QFETCH(int, kernel);
        Engine *engine = engineFor(device.toStdString());
        QVERIFY(engine);
        const Support support = supportOf(engine->device(), static_cast<ModeId>(mode));
        ExperimentSpec spec;
        spec.mode = static_cast<ModeId>(mode);
        spec.kernel = static_cast<KernelId>(kernel);
        spec.bytes = 1 << 20;
        spec.iterations = 2;
        spec.warmup = 1;
        spec.strideBytes = 4096;
        spec.rounds = 2;
        const auto report = engine->run(spec);
        if (!support.supported) {
            // Not faked: the run is refused with the device's reason.
            QVERIFY(!report.ok());
            QCOMPARE(report.error().kind, ErrorKind::Unsupported);
            QVERIFY(QString::fromStdString(report.error().message).contains(QString::fromStdString(support.reason)));
            QSKIP(qPrintable("not supported here: " + QString::fromStdString(support.reason)));
        }
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY2(report->verification.passed(), "the device's results differ from the CPU reference");
        // Every buffer the host reads back, in each of the three iterations.
        const std::uint64_t readBack = buffersFor(spec.kernelInfo(), HostAccess::Read).size();
        QCOMPARE(report->verification.checked, 3 * readBack * spec.elementCount());
        QCOMPARE(report->iterations.size(), std::size_t(3));
        for (const IterationResult &iteration : report->iterations) {
            QCOMPARE(iteration.phases.size(), std::size_t(5));
            QVERIFY(iteration.phases[2].deviceNs.has_value()); // kernel time from a profiling event
            QVERIFY(*iteration.phases[2].deviceNs > 0);
            QVERIFY(!iteration.phases[2].counters); // OpenCL has none: not reported, not zero
        }
        QVERIFY(report->free.has_value());
        QCOMPARE(report->buffers.size(), spec.kernelInfo().buffers.size());
        for (const BufferReport &buffer : report->buffers)
            QVERIFY(!buffer.placement.empty());

        const PhaseResult &toDevice = report->iterations.back().phases[1];
        const PhaseResult &toHost = report->iterations.back().phases[3];
        const auto &buffers = spec.kernelInfo().buffers;
        const auto count = [&](bool (*role)(BufferRole)) {
            return static_cast<std::uint64_t>(
                std::ranges::count_if(buffers, [role](const BufferSpec &b) { return role(b.role); }));
        };
        if (spec.mode == ModeId::ClCopy) {
            // What the host wrote for the kernel, and what the kernel wrote
            // for the host: first-touch's GPU-only and CPU-only buffers stay.
            QCOMPARE(toDevice.bytesToDevice, count(copiedToDevice) * spec.bytes);
            QCOMPARE(toHost.bytesToHost, count(copiedToHost) * spec.bytes);
        }
        if (spec.mode == ModeId::ClUseHostPtr) {
            // Observed for every buffer the host maps (first-touch's gpu-only is never mapped).
            for (std::size_t b = 0; b < buffers.size(); ++b)
                QCOMPARE(report->buffers[b].zeroCopy.has_value(), hostTouches(buffers[b].role));
            if (mappedInPlace(report->buffers) == true) {
                QCOMPARE(toDevice.bytesMoved(), std::uint64_t(0));
                QCOMPARE(toHost.bytesMoved(), std::uint64_t(0));
            } else {
                QVERIFY(toDevice.bytesMoved() + toHost.bytesMoved() > 0); // a copy is counted as one
            }
        }
        if (spec.modeInfo().family == ModeFamily::ClSvm) {
            QCOMPARE(toDevice.bytesMoved(), std::uint64_t(0));
            QCOMPARE(toHost.bytesMoved(), std::uint64_t(0));
        }
    }

    // --host-threads on every OpenCL mode and kernel: each thread its
    // slice, on its own queue, at once. An element no thread covered, or one
    // two covered (scale doubles in place: twice is four times; stride and
    // ping-pong add 1), fails verification; 10,007 elements do not divide
    // evenly, and stride's slices start on an element it touches.
    void splitsEveryModeOverHostThreads_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("kernel");
        QTest::addColumn<int>("threads");
        for (const DeviceInfo &device : listDevices().devices) {
            if (device.backend != BackendKind::OpenCL)
                continue;
            for (const ModeInfo &mode : modes()) {
                if (mode.backend != BackendKind::OpenCL)
                    continue;
                for (const KernelInfo &kernel : kernels()) {
                    for (const int threads : {3, 8}) {
                        QTest::addRow("%s %s %s %d", device.id.c_str(), std::string(mode.name).c_str(),
                                      std::string(kernel.name).c_str(), threads)
                            << QString::fromStdString(device.id) << static_cast<int>(mode.id)
                            << static_cast<int>(kernel.id) << threads;
                    }
                }
            }
        }
    }

    void splitsEveryModeOverHostThreads()
    {
        QFETCH(QString, device);
        QFETCH(int, mode);
        QFETCH(int, kernel);
        QFETCH(int, threads);
        Engine *engine = engineFor(device.toStdString());
        QVERIFY(engine);
        const Support support = supportOf(engine->device(), static_cast<ModeId>(mode));
        if (!support.supported)
            QSKIP(qPrintable("not supported here: " + QString::fromStdString(support.reason)));
        ExperimentSpec spec;
        spec.mode = static_cast<ModeId>(mode);
        spec.kernel = static_cast<KernelId>(kernel);
        spec.bytes = 10007 * elementBytes;
        spec.strideBytes = 16 * elementBytes; // 626 touched elements: every thread has some
        spec.iterations = 2;
        spec.warmup = 1;
        spec.hostThreads = threads;
        const auto report = engine->run(spec);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY2(report->verification.passed(), "the device's results differ from the CPU reference");
        const std::uint64_t readBack = buffersFor(spec.kernelInfo(), HostAccess::Read).size();
        QCOMPARE(report->verification.checked, 3 * readBack * spec.elementCount());
        for (const IterationResult &iteration : report->iterations) {
            for (const PhaseResult &phase : iteration.phases) {
                // Every phase of the iteration splits: host-init and host-read
                // fill and check a range of every buffer per thread.
                QCOMPARE(phase.threads.size(), std::size_t(threads));
                for (const ThreadSpan &span : phase.threads)
                    QVERIFY(span.startNs <= span.endNs && span.endNs <= phase.hostNs);
                // Overlapping queues have no one device time; a map or unmap
                // on the owning thread (to-device, to-host) keeps its own.
                if (phase.phase == Phase::Kernel)
                    QVERIFY(!phase.deviceNs);
            }
            if (spec.mode == ModeId::ClCopy) {
                // The slices' copies add up to the buffers, each byte once.
                const auto &buffers = spec.kernelInfo().buffers;
                const auto count = [&](bool (*role)(BufferRole)) {
                    return static_cast<std::uint64_t>(
                        std::ranges::count_if(buffers, [role](const BufferSpec &b) { return role(b.role); }));
                };
                QCOMPARE(iteration.phases[1].bytesToDevice, count(copiedToDevice) * spec.bytes);
                QCOMPARE(iteration.phases[3].bytesToHost, count(copiedToHost) * spec.bytes);
            }
        }
    }

    void usesTheHostArrayInPlaceOnTheCpu()
    {
        // PoCL runs kernels on the CPU: USE_HOST_PTR must be true zero-copy.
        const auto cpu = std::ranges::find_if(m_devices.devices, [](const DeviceInfo &d) { return d.cpuDevice; });
        if (cpu == m_devices.devices.end())
            QSKIP("no CPU OpenCL device here");
        Engine *engine = engineFor(cpu->id);
        QVERIFY(engine);
        ExperimentSpec spec;
        spec.mode = ModeId::ClUseHostPtr;
        spec.bytes = 4 << 20;
        const auto report = engine->run(spec);
        QVERIFY(report.ok());
        for (const BufferReport &buffer : report->buffers)
            QCOMPARE(buffer.zeroCopy, std::optional<bool>(true));
    }

    // The Buffers tab's reads of first-touch's buffers, kept after the run:
    // each where it lives (cpu-only in the host array, the others where the
    // kernel left them), holding what the CPU reference says, in every mode.
    void readsEachFirstTouchBufferWhereItLives()
    {
        const auto first = std::ranges::find(m_devices.devices, BackendKind::OpenCL, &DeviceInfo::backend);
        Engine *engine = engineFor(first->id);
        QVERIFY(engine);
        for (const ModeInfo &mode : modes()) {
            if (mode.backend != BackendKind::OpenCL || !supportOf(engine->device(), mode.id).supported)
                continue;
            ExperimentSpec spec;
            spec.mode = mode.id;
            spec.kernel = KernelId::FirstTouch;
            spec.bytes = 1 << 20;
            spec.iterations = 1;
            const auto report = engine->run(spec, nullptr, nullptr, true);
            QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
            for (std::size_t b = 0; b < 4; ++b) {
                const std::uint64_t at = spec.elementCount() - 8;
                const auto values = engine->readBuffer(b, at, 8);
                QVERIFY(values.ok());
                for (std::size_t i = 0; i < 8; ++i) {
                    QVERIFY2(double((*values)[i]) == engine->expectedValue(b, at + i),
                             qPrintable(QStringLiteral("%1, buffer %2, element %3: %4")
                                            .arg(QString::fromUtf8(mode.name.data(), qsizetype(mode.name.size())))
                                            .arg(b)
                                            .arg(at + i)
                                            .arg((*values)[i])));
                }
            }
            engine->releaseBuffers();
        }
    }

    // Test builds: each fault through OpenCL's own API, in the phase asked
    // for; the device stays usable after the ordinary ones, and after the
    // lost context only a device opened again runs.
    void injectedFaultsFailTheirPhaseAndTheDeviceRecovers_data()
    {
        QTest::addColumn<QString>("plan");
        QTest::addColumn<QString>("error");
        QTest::addColumn<bool>("lost");
        QTest::addRow("alloc out-of-memory") << "alloc:out-of-memory"
                                             << "CL_INVALID_BUFFER_SIZE (-61)" << false;
        QTest::addRow("to-host invalid-value") << "to-host:invalid-value"
                                               << "CL_INVALID_VALUE (-30)" << false;
        QTest::addRow("kernel illegal-address") << "kernel:illegal-address:2"
                                                << "CL_OUT_OF_RESOURCES (-5)" << true;
    }
    void injectedFaultsFailTheirPhaseAndTheDeviceRecovers()
    {
        if (!faultInjectionBuilt())
            QSKIP("this build has no fault injection (-DSHARESCOPE_FAULT_INJECTION=ON)");
        QFETCH(QString, plan);
        QFETCH(QString, error);
        QFETCH(bool, lost);
        const auto first = std::ranges::find(m_devices.devices, BackendKind::OpenCL, &DeviceInfo::backend);
        auto backend = openBackend(*first);
        QVERIFY(backend.ok());
        auto engine = std::make_unique<Engine>(std::move(*backend));
        FaultSchedule faults(*parseFaultPlan(plan.toStdString()));
        engine->setFaultSchedule(&faults);
        ExperimentSpec spec;
        spec.mode = ModeId::ClCopy;
        spec.bytes = 1 << 20;
        spec.iterations = 2;
        spec.warmup = 0;
        const auto failedRun = engine->run(spec);
        QVERIFY(!failedRun.ok());
        const Error &fault = failedRun.error();
        const QString message = QString::fromStdString(describe(fault));
        QCOMPARE(fault.kind, ErrorKind::Failed);
        QCOMPARE(fault.phase, parseFaultPlan(plan.toStdString())->phase);
        QVERIFY2(message.contains(error), qPrintable(message));
        QVERIFY2(message.contains("injected"), qPrintable(message));
        QCOMPARE(fault.deviceLost, lost);
        // The next run: on the same engine where the device survived; where
        // it was lost, that engine fails at once, and one opened again runs.
        auto next = engine->run(spec);
        if (lost) {
            QVERIFY(!next.ok());
            QVERIFY(next.error().deviceLost);
            QVERIFY(QString::fromStdString(next.error().message).contains("until it is opened again"));
            engine.reset();
            auto reopened = openBackend(*first);
            QVERIFY(reopened.ok());
            engine = std::make_unique<Engine>(std::move(*reopened));
            next = engine->run(spec);
        }
        QVERIFY2(next.ok(), next.ok() ? "" : next.error().message.c_str());
        QVERIFY(next->verification.passed());
    }

    void refusesCudaModesWithTheReason()
    {
        const auto first = std::ranges::find(m_devices.devices, BackendKind::OpenCL, &DeviceInfo::backend);
        Engine *engine = engineFor(first->id);
        QVERIFY(engine);
        ExperimentSpec spec;
        spec.mode = ModeId::Managed;
        spec.bytes = 4096;
        const auto report = engine->run(spec);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().kind, ErrorKind::Unsupported);
        QVERIFY(QString::fromStdString(report.error().message).contains("managed is a CUDA mode"));
    }
};

QTEST_APPLESS_MAIN(TestOpenCl)
#include "tst_opencl.moc"
