// SPDX-License-Identifier: GPL-3.0-or-later
#include "backend/backend.h"
#include "reference.h"

#include <QTest>

#include <algorithm>
#include <cstring>
#include <vector>

using namespace sharescope;

namespace {

// What each kernel does, on the CPU, buffer by buffer: the stand-in for a
// device in these tests.
void runKernelOnCpu(const ExperimentSpec &spec, std::vector<std::vector<std::uint32_t>> &buffers,
                    const Reference &reference)
{
    const std::uint64_t n = spec.elementCount();
    auto asFloat = [](std::vector<std::uint32_t> &b) { return reinterpret_cast<float *>(b.data()); };
    switch (spec.kernel) {
    case KernelId::VectorAdd:
        for (std::uint64_t i = 0; i < n; ++i)
            asFloat(buffers[2])[i] = asFloat(buffers[0])[i] + asFloat(buffers[1])[i];
        break;
    case KernelId::Scale:
        for (std::uint64_t i = 0; i < n; ++i)
            asFloat(buffers[0])[i] *= 2.0f;
        break;
    case KernelId::Stride:
        for (std::uint64_t i = 0; i < n; i += spec.strideElements())
            buffers[0][i] += 1;
        break;
    case KernelId::Gather:
        for (std::uint64_t i = 0; i < n; ++i)
            buffers[2][i] = buffers[0][buffers[1][i]];
        break;
    case KernelId::FirstTouch:
        for (std::uint64_t i = 0; i < n; ++i) {
            buffers[1][i] = buffers[0][i] + 1;
            buffers[2][i] = buffers[0][i] + 2;
        }
        break;
    case KernelId::PingPong:
        for (int round = 0; round < spec.rounds; ++round) {
            for (std::uint64_t i = 0; i < n; ++i)
                buffers[0][i] += 1;
            reference.cpuRound(buffers[0].data());
        }
        break;
    }
}

// A size that crosses the tables' periods and ends in a part block, and a
// stride that is not a power of two.
ExperimentSpec oddSized(KernelId kernel)
{
    ExperimentSpec spec;
    spec.mode = ModeId::ClCopy;
    spec.kernel = kernel;
    spec.bytes = (3 * 65536 + 4096 + 5) * 4;
    spec.strideBytes = 4 * 1000;
    spec.rounds = 2;
    return spec;
}

// The buffer the kernel wrote and the host reads back (first-touch: gpu-then-cpu).
std::size_t kernelOutput(const KernelInfo &info)
{
    const auto copied = buffersCopied(info, HostAccess::Read);
    return copied.empty() ? info.buffers.size() - 1 : copied.back();
}

// A clean buffer passes; one wrong element in it is found, where it is.
void plantedErrorIsFound(const ExperimentSpec &spec, const Reference &reference,
                         std::vector<std::vector<std::uint32_t>> buffers, std::size_t out)
{
    const KernelInfo &info = spec.kernelInfo();
    Verification clean;
    reference.verify(out, buffers[out].data(), clean);
    QCOMPARE(clean.checked, spec.elementCount());
    QCOMPARE(clean.mismatches, std::uint64_t(0));
    QVERIFY(clean.passed());

    // One wrong element, as a faulty transfer or kernel would leave it.
    const std::uint64_t planted = spec.elementCount() - 3;
    const double expected = reference.expectedValue(out, planted);
    buffers[out][planted] ^= 0x00400000; // flips a bit of a float's mantissa or of an integer
    Verification dirty;
    reference.verify(out, buffers[out].data(), dirty);
    QCOMPARE(dirty.mismatches, std::uint64_t(1));
    QVERIFY(!dirty.passed());
    QCOMPARE(dirty.first.size(), std::size_t(1));
    QCOMPARE(dirty.first[0].index, planted);
    QCOMPARE(dirty.first[0].buffer, std::string(info.buffers[out].name));
    QCOMPARE(dirty.first[0].expected, expected);
    QVERIFY(dirty.first[0].actual != expected);
}

} // namespace

class TestReference : public QObject
{
    Q_OBJECT

private slots:
    void verifiesAndFindsAPlantedError_data()
    {
        QTest::addColumn<int>("kernel");
        for (const KernelInfo &kernel : kernels())
            QTest::addRow("%s", std::string(kernel.name).c_str()) << static_cast<int>(kernel.id);
    }
    void verifiesAndFindsAPlantedError()
    {
        QFETCH(int, kernel);
        ExperimentSpec spec;
        spec.mode = ModeId::ClCopy;
        spec.kernel = static_cast<KernelId>(kernel);
        spec.bytes = 1 << 20;
        spec.strideBytes = 4096;
        spec.rounds = 3;
        const Reference reference(spec);
        const KernelInfo &info = spec.kernelInfo();
        std::vector<std::vector<std::uint32_t>> buffers(info.buffers.size(),
                                                        std::vector<std::uint32_t>(spec.elementCount()));
        for (std::size_t b = 0; b < info.buffers.size(); ++b) {
            if (hostWrites(info.buffers[b].role))
                reference.fill(b, buffers[b].data());
        }
        runKernelOnCpu(spec, buffers, reference);

        // Every buffer the host reads back (first-touch's gpu-then-cpu and cpu-only).
        for (const std::size_t out : buffersFor(info, HostAccess::Read))
            plantedErrorIsFound(spec, reference, buffers, out);
    }

    // fill() and verify() work a block at a time, from tables where values
    // repeat: every element, across the tables' periods and a last part
    // block, is what initialValue() and expectedValue() say.
    void fillsAndVerifiesEveryElementOfAnOddSize_data()
    {
        QTest::addColumn<int>("kernel");
        for (const KernelInfo &kernel : kernels())
            QTest::addRow("%s", std::string(kernel.name).c_str()) << static_cast<int>(kernel.id);
    }
    void fillsAndVerifiesEveryElementOfAnOddSize()
    {
        QFETCH(int, kernel);
        const ExperimentSpec spec = oddSized(static_cast<KernelId>(kernel));
        const Reference reference(spec);
        const KernelInfo &info = spec.kernelInfo();
        std::vector<std::vector<std::uint32_t>> buffers(info.buffers.size(),
                                                        std::vector<std::uint32_t>(spec.elementCount(), 0xDEADBEEF));
        for (std::size_t b = 0; b < info.buffers.size(); ++b) {
            if (!hostWrites(info.buffers[b].role))
                continue;
            reference.fill(b, buffers[b].data());
            for (std::uint64_t i = 0; i < spec.elementCount(); ++i) {
                float asFloat = 0;
                std::memcpy(&asFloat, &buffers[b][i], sizeof asFloat);
                const double value = info.buffers[b].type == ElementType::Float32 ? static_cast<double>(asFloat)
                                                                                  : static_cast<double>(buffers[b][i]);
                if (value != reference.initialValue(b, i))
                    QFAIL(qPrintable(QStringLiteral("buffer %1, element %2").arg(b).arg(i)));
            }
        }
        runKernelOnCpu(spec, buffers, reference);
        // The kernel's output (first-touch: gpu-then-cpu, which the kernel wrote).
        const std::size_t out = kernelOutput(info);
        Verification clean;
        reference.verify(out, buffers[out].data(), clean);
        QCOMPARE(clean.mismatches, std::uint64_t(0));
        QCOMPARE(clean.checked, spec.elementCount());
        // Wrong elements in two blocks, the last a part block: found, in order.
        buffers[out][70000] ^= 1;
        buffers[out][spec.elementCount() - 1] ^= 1;
        Verification dirty;
        reference.verify(out, buffers[out].data(), dirty);
        QCOMPARE(dirty.mismatches, std::uint64_t(2));
        QCOMPARE(dirty.first[0].index, std::uint64_t(70000));
        QCOMPARE(dirty.first[1].index, spec.elementCount() - 1);
        QCOMPARE(dirty.first[1].expected, reference.expectedValue(out, spec.elementCount() - 1));
    }

    // --host-threads: each thread fills and checks its range of every
    // buffer. Ranges that start and end inside blocks and tables' periods
    // give, together, what one thread gives for the whole buffer, and a
    // wrong element is found at its index in the buffer.
    void fillsAndVerifiesByRanges_data()
    {
        QTest::addColumn<int>("kernel");
        for (const KernelInfo &kernel : kernels())
            QTest::addRow("%s", std::string(kernel.name).c_str()) << static_cast<int>(kernel.id);
    }
    void fillsAndVerifiesByRanges()
    {
        QFETCH(int, kernel);
        const ExperimentSpec spec = oddSized(static_cast<KernelId>(kernel));
        const Reference reference(spec);
        const KernelInfo &info = spec.kernelInfo();
        const std::uint64_t n = spec.elementCount();
        const std::vector<ElementRange> ranges{{0, 70001}, {70001, 1}, {70002, 4093}, {74095, n - 74095}};
        std::vector<std::vector<std::uint32_t>> whole(info.buffers.size(), std::vector<std::uint32_t>(n, 0xDEADBEEF));
        std::vector<std::vector<std::uint32_t>> sliced = whole;
        for (std::size_t b = 0; b < info.buffers.size(); ++b) {
            if (!hostWrites(info.buffers[b].role))
                continue;
            reference.fill(b, whole[b].data());
            for (const ElementRange &range : ranges)
                reference.fill(b, sliced[b].data(), range);
            QVERIFY2(whole[b] == sliced[b], qPrintable(QStringLiteral("buffer %1").arg(b)));
        }
        runKernelOnCpu(spec, sliced, reference);
        const std::size_t out = kernelOutput(info);
        sliced[out][70001] ^= 1; // the one-element range's
        Verification found;
        for (const ElementRange &range : ranges)
            reference.verify(out, sliced[out].data(), range, found);
        QCOMPARE(found.checked, n);
        QCOMPARE(found.mismatches, std::uint64_t(1));
        QCOMPARE(found.first[0].index, std::uint64_t(70001));
        QCOMPARE(found.first[0].expected, reference.expectedValue(out, 70001));
    }

    void keepsOnlyTheFirstMismatches()
    {
        ExperimentSpec spec;
        spec.mode = ModeId::ClCopy;
        spec.kernel = KernelId::Scale;
        spec.bytes = 4096;
        const Reference reference(spec);
        std::vector<float> wrong(spec.elementCount(), -1.0f);
        Verification verification;
        reference.verify(0, wrong.data(), verification);
        QCOMPARE(verification.mismatches, spec.elementCount());
        QCOMPARE(verification.first.size(), maxRecordedMismatches);
        QCOMPARE(verification.first[1].index, std::uint64_t(1));
    }

    void permutationIsAFixedBijection_data()
    {
        QTest::addColumn<quint64>("count");
        for (const quint64 count : {1ULL, 2ULL, 3ULL, 1000ULL, 4096ULL, 65537ULL, 1ULL << 20})
            QTest::addRow("%llu", count) << count;
    }
    void permutationIsAFixedBijection()
    {
        QFETCH(quint64, count);
        const auto permutation = fixedPermutation(count);
        QCOMPARE(permutation.size(), std::size_t(count));
        std::vector<bool> seen(count, false);
        for (const std::uint32_t value : permutation) {
            QVERIFY(value < count);
            QVERIFY(!seen[value]);
            seen[value] = true;
        }
        QCOMPARE(fixedPermutation(count), permutation); // the same every time
        if (count >= 1000) {
            const auto fixedPoints
                = std::ranges::count_if(permutation, [i = 0u](std::uint32_t v) mutable { return v == i++; });
            QVERIFY2(fixedPoints < std::ptrdiff_t(count / 100), "a random permutation moves almost every index");
        }
    }
};

QTEST_APPLESS_MAIN(TestReference)
#include "tst_reference.moc"
