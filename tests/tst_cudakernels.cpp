// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudakernels.h"
#include "cuda/launchgate.h"
#include "reference.h"
#include "run/devices.h"
#include "run/engine.h"

#include <cuda_runtime_api.h>

#include <QElapsedTimer>
#include <QTest>

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

using namespace sharescope;

// The CUDA kernels' edges: sizes that are not a whole number of 16-byte
// vectors, pointers that are not 16-byte aligned (the scalar path), and the
// launch gate that times them. Needs an NVIDIA GPU; skips itself elsewhere.
class TestCudaKernels : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<Engine> m_engine;
    int m_multiprocessors = 1;

    // What each elementwise kernel leaves in its output buffer, on the CPU.
    static std::vector<std::uint32_t> expected(KernelId kernel, const std::vector<std::vector<std::uint32_t>> &in)
    {
        std::vector<std::uint32_t> out = in[0];
        const auto asFloat = [](std::uint32_t bits) {
            float f;
            std::memcpy(&f, &bits, sizeof f);
            return f;
        };
        const auto bitsOf = [](float f) {
            std::uint32_t bits;
            std::memcpy(&bits, &f, sizeof bits);
            return bits;
        };
        for (std::size_t i = 0; i < out.size(); ++i) {
            if (kernel == KernelId::VectorAdd)
                out[i] = bitsOf(asFloat(in[0][i]) + asFloat(in[1][i]));
            else if (kernel == KernelId::Scale)
                out[i] = bitsOf(asFloat(in[0][i]) * 2.0f);
            else if (kernel == KernelId::Gather)
                out[i] = in[0][in[1][i]];
            else
                out[i] = in[0][i] + 1;
        }
        return out;
    }

private slots:
    void initTestCase()
    {
        const DeviceList list = listDevices();
        const auto cuda = std::ranges::find(list.devices, BackendKind::Cuda, &DeviceInfo::backend);
        if (cuda == list.devices.end())
            QSKIP("no CUDA device");
        auto backend = openBackend(*cuda);
        QVERIFY2(backend.ok(), backend.ok() ? "" : backend.error().message.c_str());
        m_engine = std::make_unique<Engine>(std::move(*backend));
        m_multiprocessors = static_cast<int>(cuda->computeUnits);
    }

    // Through the engine, so the CPU reference checks every element.
    void oddSizesVerify_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<qulonglong>("bytes");
        for (const char *kernel : {"vector-add", "scale", "gather", "ping-pong", "stride"}) {
            for (const qulonglong bytes : {4ULL, 12ULL, 16ULL, 20ULL, 4100ULL, (1ULL << 20) + 12, (16ULL << 20) + 4})
                QTest::addRow("%s %llu bytes", kernel, bytes) << QString::fromLatin1(kernel) << bytes;
        }
    }
    void oddSizesVerify()
    {
        QFETCH(QString, kernel);
        QFETCH(qulonglong, bytes);
        ExperimentSpec spec;
        spec.mode = ModeId::Device;
        spec.kernel = *kernelFromName(kernel.toStdString());
        spec.bytes = bytes;
        spec.iterations = 1;
        spec.warmup = 0;
        spec.rounds = 2;
        spec.strideBytes = 8;
        spec.counters = false;
        auto report = m_engine->run(spec);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY2(report->verification.passed(), "the GPU's results differ from the CPU reference");
    }

    // Pointers one element past a 16-byte boundary take the scalar kernels.
    void unalignedPointersVerify_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<qulonglong>("count");
        for (const char *kernel : {"vector-add", "scale", "gather", "ping-pong"}) {
            for (const qulonglong count : {1ULL, 3ULL, 1025ULL, (1ULL << 20) + 3})
                QTest::addRow("%s %llu elements", kernel, count) << QString::fromLatin1(kernel) << count;
        }
    }
    void unalignedPointersVerify()
    {
        QFETCH(QString, kernel);
        QFETCH(qulonglong, count);
        ExperimentSpec spec;
        spec.mode = ModeId::Device;
        spec.kernel = *kernelFromName(kernel.toStdString());
        spec.bytes = count * elementBytes;
        const Reference reference(spec);
        const KernelInfo &info = spec.kernelInfo();
        std::vector<std::vector<std::uint32_t>> host(info.buffers.size(), std::vector<std::uint32_t>(count));
        std::vector<void *> allocations(host.size(), nullptr);
        std::vector<void *> pointers(host.size(), nullptr);
        for (std::size_t b = 0; b < host.size(); ++b) {
            reference.fill(b, host[b].data());
            QCOMPARE(cudaMalloc(&allocations[b], spec.bytes + 16), cudaSuccess);
            pointers[b] = static_cast<std::uint32_t *>(allocations[b]) + 1;
            QCOMPARE(cudaMemcpy(pointers[b], host[b].data(), spec.bytes, cudaMemcpyHostToDevice), cudaSuccess);
        }
        QCOMPARE(cuda::launchKernel(spec.kernel, pointers.data(), count, 1, m_multiprocessors, nullptr), cudaSuccess);
        std::vector<std::uint32_t> result(count);
        QCOMPARE(cudaMemcpy(result.data(), pointers.back(), spec.bytes, cudaMemcpyDeviceToHost), cudaSuccess);
        for (void *allocation : allocations)
            QCOMPARE(cudaFree(allocation), cudaSuccess);
        QVERIFY(result == expected(spec.kernel, host));
    }

    void gateReleasedLetsTheQueueGo()
    {
        cuda::LaunchGate gate;
        gate.open();
        QVERIFY(gate.isOn());
        for (int i = 0; i < 3; ++i) {
            QVERIFY(gate.hold(nullptr));
            gate.release();
            QElapsedTimer timer;
            timer.start();
            QCOMPARE(cudaStreamSynchronize(nullptr), cudaSuccess);
            QVERIFY(timer.elapsed() < 100); // far below the spin timeout
        }
        QVERIFY(gate.isOn());
    }

    // What the gate is for: host time between the start event and the
    // launch stays out of the measurement; without it, it is counted.
    void gateKeepsHostTimeOutOfEvents()
    {
        cudaEvent_t start = nullptr, stop = nullptr;
        QCOMPARE(cudaEventCreate(&start), cudaSuccess);
        QCOMPARE(cudaEventCreate(&stop), cudaSuccess);
        cuda::LaunchGate gate;
        gate.open();
        float gated = 0, ungated = 0;
        for (float *ms : {&gated, &ungated}) {
            if (ms == &gated)
                QVERIFY(gate.hold(nullptr));
            QCOMPARE(cudaEventRecord(start, nullptr), cudaSuccess);
            std::this_thread::sleep_for(std::chrono::milliseconds(50)); // a slow launch
            QCOMPARE(cudaEventRecord(stop, nullptr), cudaSuccess);
            gate.release();
            QCOMPARE(cudaEventSynchronize(stop), cudaSuccess);
            QCOMPARE(cudaEventElapsedTime(ms, start, stop), cudaSuccess);
        }
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
        QVERIFY2(gated < 5 && ungated > 40,
                 qPrintable(QStringLiteral("gated %1 ms, ungated %2 ms").arg(gated).arg(ungated)));
    }

    void gateNeverReleasedDoesNotHang()
    {
        cuda::LaunchGate gate;
        gate.open();
        QVERIFY(gate.hold(nullptr));
        QElapsedTimer timer;
        timer.start();
        // Waiting on a held queue, as a tool that runs launches to completion
        // does: the spinning kernel gives up by itself.
        QCOMPARE(cudaStreamSynchronize(nullptr), cudaSuccess);
        QVERIFY2(timer.elapsed() > 100 && timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
        gate.release();
        // A host that slow would only lose the next launches the same way.
        QVERIFY(!gate.hold(nullptr));
        QVERIFY(!gate.isOn());
    }
};

QTEST_APPLESS_MAIN(TestCudaKernels)
#include "tst_cudakernels.moc"
