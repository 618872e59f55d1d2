// SPDX-License-Identifier: GPL-3.0-or-later
// --host-threads: the slices cover every element exactly once, the threads
// all run and the first failure is the one reported, and the
// modes that cannot split (their kernel runs elsewhere) are refused with the reason.
#include "backend/backend.h"
#include "experimentspec.h"
#include "hostthreads.h"

#include <QTest>

#include <atomic>
#include <stdexcept>
#include <thread>

using namespace sharescope;

class TestHostThreads : public QObject
{
    Q_OBJECT

private slots:
    void slicesCoverEveryElementOnce_data()
    {
        QTest::addColumn<quint64>("elements");
        QTest::addColumn<int>("threads");
        QTest::newRow("even") << quint64(1024) << 4;
        QTest::newRow("uneven") << quint64(10007) << 8;
        QTest::newRow("one each") << quint64(64) << 64;
        QTest::newRow("one thread") << quint64(5) << 1;
        QTest::newRow("large") << quint64(1) << 1;
        QTest::newRow("more than 2^32") << (quint64(1) << 33) + 3 << 7;
    }

    void slicesCoverEveryElementOnce()
    {
        QFETCH(quint64, elements);
        QFETCH(int, threads);
        const std::vector<Slice> slices = slicesOf(elements, threads);
        QCOMPARE(slices.size(), std::size_t(threads));
        std::uint64_t next = 0;
        std::uint64_t shortest = elements;
        std::uint64_t longest = 0;
        for (std::size_t t = 0; t < slices.size(); ++t) {
            QCOMPARE(slices[t].thread, int(t));
            QCOMPARE(slices[t].first, next); // contiguous: no gap, no overlap
            next += slices[t].count;
            shortest = std::min(shortest, slices[t].count);
            longest = std::max(longest, slices[t].count);
        }
        QCOMPARE(next, std::uint64_t(elements)); // and nothing past the end
        QVERIFY(longest - shortest <= 1);
        QVERIFY(slicesOf(elements, 0).empty());
    }

    // The stride kernel's slices: each starts on an element it touches (a
    // multiple of the stride), every element still in exactly one, the
    // touched elements shared out evenly.
    void stridedSlicesStartOnTouchedElements_data()
    {
        QTest::addColumn<quint64>("elements");
        QTest::addColumn<int>("threads");
        QTest::addColumn<quint64>("granule");
        QTest::newRow("even") << quint64(1024) << 4 << quint64(16);
        QTest::newRow("a partial last granule") << quint64(10007) << 7 << quint64(16);
        QTest::newRow("one granule each") << quint64(100) << 4 << quint64(25);
        QTest::newRow("granule of one") << quint64(10007) << 8 << quint64(1);
        QTest::newRow("64 KiB stride") << (quint64(1) << 20) << 5 << quint64(16384);
    }

    void stridedSlicesStartOnTouchedElements()
    {
        QFETCH(quint64, elements);
        QFETCH(int, threads);
        QFETCH(quint64, granule);
        const std::vector<Slice> slices = slicesOf(elements, threads, granule);
        QCOMPARE(slices.size(), std::size_t(threads));
        std::uint64_t next = 0;
        std::uint64_t fewest = elements;
        std::uint64_t most = 0;
        for (const Slice &slice : slices) {
            QCOMPARE(slice.first, next);
            QCOMPARE(slice.first % granule, std::uint64_t(0));
            QVERIFY(slice.count > 0);
            const std::uint64_t touched = (slice.count + granule - 1) / granule;
            fewest = std::min(fewest, touched);
            most = std::max(most, touched);
            next += slice.count;
        }
        QCOMPARE(next, std::uint64_t(elements));
        QVERIFY(most - fewest <= 1);
    }

    // Every thread runs, at once, and the failure reported is the first in
    // slice order, whichever failed first in time; an exception is its
    // thread's failure; the same threads serve round after round.
    void runsEveryThreadAndReportsTheFirstFailure()
    {
        auto pool = HostThreadPool::start(slicesOf(100, 4));
        QVERIFY(pool.ok());
        std::vector<std::thread::id> ids(4);
        for (int round = 0; round < 3; ++round) {
            std::atomic<int> ran = 0;
            std::atomic<int> waiting = 0;
            std::vector<ThreadSpan> spans;
            const auto origin = std::chrono::steady_clock::now();
            const Status status = (*pool)->run(
                [&](const Slice &slice) -> Status {
                    ++ran;
                    // All four meet here: they run at the same time.
                    ++waiting;
                    while (waiting.load() < 4)
                        std::this_thread::yield();
                    const auto t = static_cast<std::size_t>(slice.thread);
                    if (round == 0)
                        ids[t] = std::this_thread::get_id();
                    else if (ids[t] != std::this_thread::get_id())
                        return failed("a new thread");
                    if (round == 2)
                        return okStatus();
                    if (slice.thread == 3)
                        return failed("three");
                    if (slice.thread == 2 && round == 1)
                        throw std::runtime_error("thrown");
                    if (slice.thread == 1 && round == 0) {
                        std::this_thread::sleep_for(std::chrono::milliseconds(20));
                        return failed("one");
                    }
                    return okStatus();
                },
                origin, spans);
            QCOMPARE(ran.load(), 4);
            QCOMPARE(spans.size(), std::size_t(4));
            for (const ThreadSpan &span : spans)
                QVERIFY(span.startNs <= span.endNs);
            if (round == 0) {
                QVERIFY(!status);
                QCOMPARE(status.error().message, std::string("one"));
                QVERIFY(spans[1].endNs - spans[1].startNs >= 20'000'000);
            } else if (round == 1) {
                QVERIFY(!status);
                QCOMPARE(status.error().message, std::string("host thread 2: thrown"));
            } else {
                QVERIFY2(status.ok(), status.ok() ? "" : status.error().message.c_str());
            }
        }
        pool->reset(); // the threads end and are joined
    }

    void refusesWhatCannotSplit_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("kernel");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("stream");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("message"); // empty: accepted
        const auto row = [](const char *name, ModeId mode, KernelId kernel, int threads, DefaultStream stream,
                            quint64 bytes, const char *message) {
            QTest::newRow(name) << int(mode) << int(kernel) << threads << int(stream) << bytes
                                << QString::fromUtf8(message);
        };
        row("pinned vector-add", ModeId::Pinned, KernelId::VectorAdd, 8, DefaultStream::PerThread, 1 << 20, "");
        row("cl-svm-fine scale", ModeId::ClSvmFine, KernelId::Scale, 64, DefaultStream::Legacy, 1 << 20, "");
        row("one per-thread", ModeId::Managed, KernelId::Scale, 1, DefaultStream::PerThread, 4, "");
        row("gather", ModeId::Pinned, KernelId::Gather, 2, DefaultStream::Legacy, 1 << 20, "");
        row("ping-pong", ModeId::Managed, KernelId::PingPong, 2, DefaultStream::Legacy, 1 << 20, "");
        row("first-touch", ModeId::ClCopy, KernelId::FirstTouch, 8, DefaultStream::Legacy, 1 << 20, "");
        row("stride", ModeId::ZeroCopy, KernelId::Stride, 16, DefaultStream::Legacy, 1 << 20, "");
        row("stride, too few touched", ModeId::ZeroCopy, KernelId::Stride, 17, DefaultStream::Legacy, 1 << 20,
            "--host-threads 17 needs at least 17 elements the stride kernel touches; --size 1048576 with --stride "
            "65536 gives 16");
        row("ipc", ModeId::Ipc, KernelId::Scale, 2, DefaultStream::Legacy, 1 << 20,
            "needs the kernel on this device in this process; ipc runs it elsewhere");
        row("peer", ModeId::PeerAccess, KernelId::Scale, 2, DefaultStream::Legacy, 1 << 20,
            "peer-access runs it elsewhere");
        row("discard", ModeId::ManagedDiscard, KernelId::Scale, 2, DefaultStream::Legacy, 1 << 20, "");
        row("discard-prefetch", ModeId::ManagedDiscardPrefetch, KernelId::VectorAdd, 2, DefaultStream::PerThread,
            1 << 20, "");
        row("none", ModeId::Pinned, KernelId::Scale, 0, DefaultStream::Legacy, 1 << 20,
            "invalid --host-threads 0; accepted: 1 to 64");
        row("too many", ModeId::Pinned, KernelId::Scale, 65, DefaultStream::Legacy, 1 << 20, "accepted: 1 to 64");
        row("too few elements", ModeId::Pinned, KernelId::Scale, 8, DefaultStream::Legacy, 16,
            "--host-threads 8 needs at least 8 elements per buffer; --size 16 holds 4");
        row("per-thread on OpenCL", ModeId::ClCopy, KernelId::Scale, 2, DefaultStream::PerThread, 1 << 20,
            "--default-stream applies only to CUDA modes, not to cl-copy");
    }

    void refusesWhatCannotSplit()
    {
        QFETCH(int, mode);
        QFETCH(int, kernel);
        QFETCH(int, threads);
        QFETCH(int, stream);
        QFETCH(quint64, bytes);
        QFETCH(QString, message);
        ExperimentSpec spec = inMode(ExperimentSpec{}, static_cast<ModeId>(mode));
        if (spec.modeInfo().needsPeer())
            spec.peerId = "cuda:1";
        spec.kernel = static_cast<KernelId>(kernel);
        spec.hostThreads = threads;
        spec.defaultStream = static_cast<DefaultStream>(stream);
        spec.bytes = bytes;
        const Status status = validate(spec);
        if (message.isEmpty()) {
            QVERIFY2(status.ok(), status.ok() ? "" : status.error().message.c_str());
            QVERIFY(spec.commandLine().find(" --host-threads " + std::to_string(threads)) != std::string::npos
                    || threads == 1);
            return;
        }
        QVERIFY(!status);
        QCOMPARE(status.error().kind, ErrorKind::BadArgument);
        QVERIFY2(QString::fromStdString(status.error().message).contains(message), status.error().message.c_str());
    }

    // A phase that hands the threads work twice (ping-pong's rounds) keeps
    // each thread's first start and last end, and every byte of both.
    void aPhaseKeepsEachThreadsWholeSpan()
    {
        PhaseMeter phase;
        std::vector<PhaseMeter> first(2);
        first[0].addToDevice(10);
        first[1].addToHost(20);
        phase.addThreads(first, {{5, 50}, {7, 40}});
        std::vector<PhaseMeter> second(2);
        second[1].addToDevice(1);
        phase.addThreads(second, {{60, 90}, {3, 30}});
        QCOMPARE(phase.threads(), (std::vector<ThreadSpan>{{5, 90}, {3, 40}}));
        QCOMPARE(phase.bytesToDevice(), std::uint64_t(11));
        QCOMPARE(phase.bytesToHost(), std::uint64_t(20));
        QVERIFY(!phase.deviceNs()); // the threads' times never become the phase's device time
    }

    void namesTheDefaultStreams()
    {
        for (const DefaultStream stream : {DefaultStream::Legacy, DefaultStream::PerThread})
            QCOMPARE(defaultStreamFromName(defaultStreamName(stream)), std::optional(stream));
        QVERIFY(!defaultStreamFromName("Legacy"));
        QVERIFY(!defaultStreamFromName(""));
    }
};

QTEST_APPLESS_MAIN(TestHostThreads)
#include "tst_hostthreads.moc"
