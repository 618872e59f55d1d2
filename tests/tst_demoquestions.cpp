// SPDX-License-Identifier: GPL-3.0-or-later
#include "demoruns.h"
#include "examplereports.h"
#include "fakebackend.h"
#include "language.h"
#include "lessons/demoquestion.h"
#include "lessons/demos.h"
#include "lessons/examples.h"
#include "questiontext.h"
#include "run/engine.h"

#include <QSet>
#include <QTest>

using namespace sharescope;
using namespace sharescope::testing;

namespace {

constexpr std::uint64_t MiB = 1ULL << 20;

// The question a demo asks before running with its own sizes.
std::optional<DemoQuestion> askedOn(DemoId id, BackendKind backend, std::uint64_t bytes = 0)
{
    const DemoInfo &demo = demoInfo(id);
    ExperimentSpec base;
    base.bytes = bytes;
    const ExperimentSpec spec = demoSpec(demo, base, bytes != 0);
    return demoQuestion(demo, spec, backend, demoSizes(demo, bytes, bytes != 0));
}

ReportSet setOf(std::vector<RunReport> runs)
{
    ReportSet set;
    set.kind = ReportSet::Kind::Compare;
    set.runs = std::move(runs);
    return set;
}

Counters moved(std::uint64_t toDevice, std::uint64_t toHost)
{
    Counters c{0, 0, 0, 0, 0, 0, 0, 0};
    c.bytesHostToDevice = toDevice;
    c.bytesDeviceToHost = toHost;
    c.gpuPageFaults = 0;
    return c;
}

std::optional<std::size_t> choiceWithBytes(const DemoQuestion &q, std::uint64_t bytes)
{
    const auto at = std::ranges::find(q.choices, bytes, &QuestionChoice::bytes);
    return at == q.choices.end() ? std::nullopt : std::optional(static_cast<std::size_t>(at - q.choices.begin()));
}

std::optional<std::size_t> choiceWithMode(const DemoQuestion &q, std::optional<ModeId> mode)
{
    const auto at = std::ranges::find(q.choices, mode, &QuestionChoice::mode);
    return at == q.choices.end() ? std::nullopt : std::optional(static_cast<std::size_t>(at - q.choices.begin()));
}

} // namespace

class TestDemoQuestions : public QObject
{
    Q_OBJECT

private slots:
    // Every demo asks, wherever it runs, three or four distinct choices.
    void everyDemoAsksFirst()
    {
        for (const DemoInfo &demo : demos()) {
            for (const BackendKind backend : {BackendKind::Cuda, BackendKind::OpenCL}) {
                const auto q = askedOn(demo.id, backend);
                QCOMPARE(q.has_value(), !demoModes(demo, backend).empty());
                if (!q)
                    continue;
                QVERIFY2(q->choices.size() >= 3 && q->choices.size() <= 4, demo.name.data());
                const QuestionText text = questionText(*q);
                QVERIFY(!text.question.isEmpty());
                QCOMPARE(text.choices.size(), qsizetype(q->choices.size()));
                QCOMPARE(QSet<QString>(text.choices.begin(), text.choices.end()).size(), text.choices.size());
            }
        }
    }

    // Computed from the experiment: another size, other choices.
    void choicesFollowTheExperiment()
    {
        const auto at64 = askedOn(DemoId::Prefetch, BackendKind::Cuda);
        const auto at4 = askedOn(DemoId::Prefetch, BackendKind::Cuda, 4 * MiB);
        QVERIFY(at64 && at4);
        // managed's vector-add kernel faults x, y and out over: 3 × the size by design.
        QVERIFY(choiceWithBytes(*at64, 3 * 64 * MiB));
        QVERIFY(choiceWithBytes(*at4, 3 * 4 * MiB));
        QVERIFY(!choiceWithBytes(*at4, 3 * 64 * MiB));
        QVERIFY(questionText(*at4).question.contains("4 MiB"));
        // The stride kernel: the elements touched, their pages, the whole buffer.
        const auto pages = askedOn(DemoId::PagesMoveWhole, BackendKind::Cuda);
        QVERIFY(pages);
        QCOMPARE(pages->touched, 1024 * elementBytes); // 64 MiB / 64 KiB
        QVERIFY(choiceWithBytes(*pages, 1024 * 4096));
        QVERIFY(choiceWithBytes(*pages, 64 * MiB));
        // what-profilers-miss asks about its largest size.
        QCOMPARE(askedOn(DemoId::WhatProfilersMiss, BackendKind::Cuda)->bytes, 512 * MiB);
    }

    // The measured answer is what the run moved: other bytes, another answer.
    void bytesAnswerIsWhatMoved_data()
    {
        QTest::addColumn<quint64>("buffers");
        QTest::newRow("nothing") << quint64(0);
        QTest::newRow("one buffer") << quint64(1);
        QTest::newRow("the design") << quint64(3);
        QTest::newRow("twice") << quint64(6);
    }
    void bytesAnswerIsWhatMoved()
    {
        QFETCH(quint64, buffers);
        const std::uint64_t size = 64 * MiB;
        const auto q = askedOn(DemoId::Prefetch, BackendKind::Cuda);
        QVERIFY(q);
        const RunReport run = runOf(gpu(true), ModeId::Managed, KernelId::VectorAdd, size,
                                    {{Phase::Kernel, 5000, 0, 0, moved(buffers * size, 0)}}, true);
        const MeasuredAnswer answer = measuredAnswer(*q, setOf({run}));
        QCOMPARE(answer.choice, choiceWithBytes(*q, buffers * size));
        QCOMPARE(answer.value, double(buffers * size));
        // A little more than the design (a neighbour's block) is still the design.
        const RunReport near = runOf(gpu(true), ModeId::Managed, KernelId::VectorAdd, size,
                                     {{Phase::Kernel, 5000, 0, 0, moved(3 * size + 2 * MiB, 0)}}, true);
        QCOMPARE(measuredAnswer(*q, setOf({near})).choice, choiceWithBytes(*q, 3 * size));
    }

    void unreportedCountersLeaveTheAnswerUnknown()
    {
        const auto q = askedOn(DemoId::Prefetch, BackendKind::Cuda);
        const RunReport uncounted = runOf(gpu(true), ModeId::Managed, KernelId::VectorAdd, 64 * MiB, {}, false);
        const MeasuredAnswer answer = measuredAnswer(*q, setOf({uncounted}));
        QVERIFY(!answer.choice);
        QVERIFY(answerText(*q, answer, 1).contains("not known"));
        // The mode did not run at all (a set of the other mode only).
        const RunReport other = runOf(gpu(true), ModeId::ManagedPrefetch, KernelId::VectorAdd, 64 * MiB, {}, true);
        QVERIFY(!measuredAnswer(*q, setOf({other})).choice);
    }

    // OpenCL's copies move whole buffers, whatever a strided kernel touches.
    void stridedCopiesAnswerWithTheProgramsOwnBytes()
    {
        const auto q = askedOn(DemoId::PagesMoveWhole, BackendKind::OpenCL);
        QVERIFY(q);
        QCOMPARE(q->mode, ModeId::ClCopy);
        QCOMPARE(q->phase, std::optional(Phase::ToDevice));
        const std::uint64_t size = 64 * MiB;
        const RunReport whole
            = runOf(cpuOpenCl(), ModeId::ClCopy, KernelId::Stride, size, {{Phase::ToDevice, 9000, size, 0}}, false);
        QCOMPARE(measuredAnswer(*q, setOf({whole})).choice, choiceWithBytes(*q, size));
        const RunReport touched = runOf(cpuOpenCl(), ModeId::ClCopy, KernelId::Stride, size,
                                        {{Phase::ToDevice, 9000, 1024 * elementBytes, 0}}, false);
        QCOMPARE(measuredAnswer(*q, setOf({touched})).choice, choiceWithBytes(*q, 1024 * elementBytes));
    }

    void fastestIsTheQuickestMode()
    {
        const auto q = askedOn(DemoId::PingPong, BackendKind::Cuda);
        QVERIFY(q);
        QCOMPARE(q->kind, QuestionKind::Fastest);
        QCOMPARE(q->choices.size(), std::size_t(4)); // four modes: no "about the same"
        const auto runWith = [](ModeId mode, std::uint64_t ns) {
            return runOf(gpu(true), mode, KernelId::PingPong, 16 * MiB, {{Phase::Kernel, ns}}, false);
        };
        const ReportSet set = setOf({runWith(ModeId::Managed, 40'000'000), runWith(ModeId::ManagedAdvise, 10'000'000),
                                     runWith(ModeId::ZeroCopy, 15'000'000), runWith(ModeId::Device, 35'000'000)});
        const MeasuredAnswer answer = measuredAnswer(*q, set);
        QCOMPARE(answer.fastest, std::optional(ModeId::ManagedAdvise));
        QCOMPARE(answer.choice, choiceWithMode(*q, ModeId::ManagedAdvise));
        QCOMPARE(answer.value, 4.0);

        // OpenCL's three modes, all within 10 %: about the same.
        const auto cl = askedOn(DemoId::PingPong, BackendKind::OpenCL);
        QVERIFY(choiceWithMode(*cl, std::nullopt));
        const auto clRun = [](ModeId mode, std::uint64_t ns) {
            return runOf(cpuOpenCl(), mode, KernelId::PingPong, 16 * MiB, {{Phase::Kernel, ns}}, false);
        };
        const ReportSet close = setOf({clRun(ModeId::ClCopy, 1'000'000), clRun(ModeId::ClUseHostPtr, 1'050'000)});
        QCOMPARE(measuredAnswer(*cl, close).choice, choiceWithMode(*cl, std::nullopt));
        // Said in the unit of the choice: within 5 %, against "within 10 %".
        QVERIFY(answerText(*cl, measuredAnswer(*cl, close), std::nullopt).contains("all within 5% of one another"));
        QVERIFY(questionText(*cl).choices.contains("about the same: all within 10% of one another"));
        const ReportSet apart = setOf({clRun(ModeId::ClCopy, 1'000'000), clRun(ModeId::ClUseHostPtr, 2'000'000)});
        QCOMPARE(measuredAnswer(*cl, apart).choice, choiceWithMode(*cl, ModeId::ClCopy));
        // One mode measured: nothing to compare.
        QVERIFY(!measuredAnswer(*cl, setOf({clRun(ModeId::ClCopy, 1'000'000)})).choice);
    }

    // Pinning's break-even: the setup it costs beyond ordinary memory over
    // what its copies save per iteration; never where they save nothing.
    void pinningPaysAfterItsSetupIsSaved()
    {
        const auto q = askedOn(DemoId::WhenPinningPays, BackendKind::Cuda);
        QVERIFY(q);
        QCOMPARE(q->kind, QuestionKind::BreakEven);
        QCOMPARE(q->bytes, 64 * MiB); // the demo's own size, the third of four
        QCOMPARE(askedOn(DemoId::WhenPinningPays, BackendKind::Cuda, 4 * MiB)->bytes, 4 * MiB);
        const auto runWith = [](ModeId mode, std::uint64_t setupNs, std::uint64_t copyNs) {
            RunReport run = runOf(gpu(true), mode, KernelId::VectorAdd, 64 * MiB,
                                  {{Phase::ToDevice, copyNs}, {Phase::ToHost, copyNs / 2}}, false);
            run.alloc.phase = Phase::Alloc;
            run.alloc.hostNs = setupNs - 1'000'000;
            run.free = PhaseResult{};
            run.free->phase = Phase::Free;
            run.free->hostNs = 1'000'000;
            return run;
        };
        // 40 ms more to set up, 5 ms less per iteration (60 against 55): 8.0 iterations.
        const RunReport pageable = runWith(ModeId::Device, 11'000'000, 40'000'000);
        const RunReport pinned = runWith(ModeId::Pinned, 51'000'000, 36'666'668);
        const auto balance = pinningBalance(pageable, pinned);
        QVERIFY(balance);
        QCOMPARE(balance->pinnedSetupNs, std::uint64_t(51'000'000));
        QCOMPARE(balance->pageableCopiesNs, std::uint64_t(60'000'000));
        QVERIFY(balance->breakEven && std::abs(*balance->breakEven - 8.0) < 1e-5);
        const MeasuredAnswer paid = measuredAnswer(*q, setOf({pageable, pinned}));
        QCOMPARE(paid.choice, std::optional<std::size_t>(1)); // 5 to 50
        QVERIFY(answerText(*q, paid, std::nullopt).contains("after 8.0 iterations"));
        // Copies no faster: never, the last band.
        const RunReport slow = runWith(ModeId::Pinned, 51'000'000, 40'000'000);
        QVERIFY(!pinningBalance(pageable, slow)->breakEven);
        const MeasuredAnswer never = measuredAnswer(*q, setOf({pageable, slow}));
        QCOMPARE(never.choice, std::optional<std::size_t>(2));
        QVERIFY(answerText(*q, never, std::nullopt).contains("never paid"));
        // No dearer to set up: paid at once.
        QCOMPARE(pinningBalance(pageable, runWith(ModeId::Pinned, 9'000'000, 20'000'000))->breakEven,
                 std::optional(0.0));
        // Without a timed free (buffers kept for inspection): not measured.
        RunReport kept = pinned;
        kept.free.reset();
        QVERIFY(!pinningBalance(pageable, kept));
        QVERIFY(!measuredAnswer(*q, setOf({pageable, kept})).choice);
    }

    // threads-share-one-gpu: the kernel at the smallest size on 8 threads on
    // the legacy stream against one thread; the per-thread run is not asked
    // about; on OpenCL, the first OpenCL mode.
    void threadsAskAboutTheLegacyStreamAgainstOneThread()
    {
        const auto q = askedOn(DemoId::ThreadsShareOneGpu, BackendKind::Cuda);
        QVERIFY(q);
        QCOMPARE(q->kind, QuestionKind::ThreadsRatio);
        QCOMPARE(q->mode, ModeId::Pinned);
        QCOMPARE(q->phase, std::optional(Phase::Kernel));
        QCOMPARE(q->bytes, MiB);
        QCOMPARE(askedOn(DemoId::ThreadsShareOneGpu, BackendKind::OpenCL)->mode, ModeId::ClCopy);
        const auto run = [](int threads, DefaultStream stream, std::uint64_t kernelNs) {
            RunReport report
                = runOf(gpu(true), ModeId::Pinned, KernelId::VectorAdd, MiB, {{Phase::Kernel, kernelNs}}, false);
            report.spec.hostThreads = threads;
            report.spec.defaultStream = stream;
            return report;
        };
        const MeasuredAnswer answer
            = measuredAnswer(*q,
                             setOf({run(8, DefaultStream::PerThread, 30'000), run(1, DefaultStream::Legacy, 20'000),
                                    run(8, DefaultStream::Legacy, 200'000)}));
        QCOMPARE(answer.value, 10.0);
        QVERIFY(answer.choice);
        QVERIFY(q->choices[*answer.choice].band.contains(10.0));
        // Without the run on one thread: not measured.
        QVERIFY(!measuredAnswer(*q, setOf({run(8, DefaultStream::Legacy, 200'000)})).choice);
    }

    void ratioPrefersTheGpusOwnTime()
    {
        const auto q = askedOn(DemoId::OtherProcess, BackendKind::Cuda);
        QVERIFY(q);
        QCOMPARE(q->kind, QuestionKind::TimeRatio);
        // The ipc kernel's host time also holds asking the peer: 3 × by the
        // host, the same by the GPU's events.
        const std::uint64_t size = 64 * MiB;
        const RunReport local = runOf(gpu(true), ModeId::Device, KernelId::VectorAdd, size,
                                      {{Phase::Kernel, 100'000, 0, 0, {}, 95'000}}, false);
        const RunReport peer = runOf(gpu(true), ModeId::Ipc, KernelId::VectorAdd, size,
                                     {{Phase::Kernel, 300'000, 0, 0, {}, 96'000}}, false);
        const MeasuredAnswer answer = measuredAnswer(*q, setOf({local, peer}));
        QVERIFY(answer.choice);
        QVERIFY(q->choices[*answer.choice].band.contains(1.0));
        // Without the GPU's times, the host's.
        const RunReport localHost
            = runOf(gpu(true), ModeId::Device, KernelId::VectorAdd, size, {{Phase::Kernel, 100'000}}, false);
        const RunReport peerHost
            = runOf(gpu(true), ModeId::Ipc, KernelId::VectorAdd, size, {{Phase::Kernel, 300'000}}, false);
        const MeasuredAnswer byHost = measuredAnswer(*q, setOf({localHost, peerHost}));
        QCOMPARE(byHost.value, 3.0);
        QVERIFY(q->choices[*byHost.choice].band.contains(3.0));
    }

    void shareCountsOnlyAgainstTheDriversTotals()
    {
        const auto q = askedOn(DemoId::WhatProfilersMiss, BackendKind::Cuda);
        QVERIFY(q);
        Counters c = moved(1000 * MiB, 0);
        c.recordedHostToDevice = 300 * MiB;
        RunReport run
            = runOf(gpu(true), ModeId::Managed, KernelId::VectorAdd, 512 * MiB, {{Phase::Kernel, 1, 0, 0, c}}, true);
        run.counted.totals = CounterTotals::Driver;
        const MeasuredAnswer answer = measuredAnswer(*q, setOf({run}));
        QCOMPARE(answer.value, 0.3);
        QCOMPARE(answer.choice, std::optional<std::size_t>(3)); // less than 40 %
        // Records only: nothing says how much is missing.
        run.counted.totals = CounterTotals::Records;
        QVERIFY(!measuredAnswer(*q, setOf({run})).choice);
    }

    // The engine on the fake device, whose counted pass moves one buffer to
    // the device in the kernel phase (and CUPTI's records half of it): the
    // answers are what the fake moved.
    void answersWhatTheFakeBackendMoved()
    {
        const FakeBehaviour counting{.counters = true, .managedGpu = true};
        Engine engine(std::make_unique<FakeBackend>(counting), countedOnFake(counting));
        ExperimentSpec spec;
        spec.deviceId = "cuda:7";
        spec.mode = ModeId::Managed;
        spec.kernel = KernelId::VectorAdd;
        spec.bytes = 4 * MiB;
        spec.iterations = 2;
        spec.warmup = 0;
        const auto report = engine.run(spec);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        const ReportSet set = setOf({*report});

        const auto bytesQ = askedOn(DemoId::Prefetch, BackendKind::Cuda, spec.bytes);
        const MeasuredAnswer bytes = measuredAnswer(*bytesQ, set);
        QCOMPARE(bytes.value, double(spec.bytes));
        QCOMPARE(bytes.choice, choiceWithBytes(*bytesQ, spec.bytes));

        const auto shareQ = askedOn(DemoId::WhatProfilersMiss, BackendKind::Cuda, spec.bytes);
        const MeasuredAnswer share = measuredAnswer(*shareQ, set);
        QCOMPARE(share.value, 0.5);
        QVERIFY(shareQ->choices[*share.choice].band.contains(0.5));

        // first-touch's question, on a run of its own kernel.
        spec.kernel = KernelId::FirstTouch;
        const auto touched = engine.run(spec);
        QVERIFY2(touched.ok(), touched.ok() ? "" : touched.error().message.c_str());
        QVERIFY(touched->verification.passed());
        const auto touchQ = askedOn(DemoId::FirstTouch, BackendKind::Cuda, spec.bytes);
        const MeasuredAnswer touch = measuredAnswer(*touchQ, setOf({*touched}));
        QCOMPARE(touch.value, double(spec.bytes));
        QCOMPARE(touch.choice, choiceWithBytes(*touchQ, spec.bytes));
    }

    // The examples measured on the H200 answer their demo's question: the
    // surprises each demo is there for.
    void shippedExamplesAnswerTheirQuestions_data()
    {
        QTest::addColumn<int>("demo");
        QTest::addColumn<QString>("answer");
        QTest::newRow("copies") << int(DemoId::CopiesVsZeroCopy) << "as long or more";
        QTest::newRow("first-touch") << int(DemoId::FirstTouch) << "2 × 64 MiB";
        QTest::newRow("when-pinning-pays") << int(DemoId::WhenPinningPays) << "within 5 iterations";
        QTest::newRow("prefetch") << int(DemoId::Prefetch) << "3 × 64 MiB";
        QTest::newRow("pages") << int(DemoId::PagesMoveWhole) << "the whole buffer";
        QTest::newRow("ping-pong") << int(DemoId::PingPong) << "managed-advise";
        QTest::newRow("other-process") << int(DemoId::OtherProcess) << "about the same";
        QTest::newRow("profilers") << int(DemoId::WhatProfilersMiss) << "less than 40%";
        QTest::newRow("discard") << int(DemoId::Discard) << "as long or more";
        QTest::newRow("threads") << int(DemoId::ThreadsShareOneGpu) << "as long or more";
    }
    void shippedExamplesAnswerTheirQuestions()
    {
        QFETCH(int, demo);
        QFETCH(QString, answer);
        const auto id = static_cast<DemoId>(demo);
        const auto example = exampleForDemo(id);
        QVERIFY(example);
        const auto set = readExample(*example);
        QVERIFY(set.ok());
        const auto q = askedOn(id, BackendKind::Cuda);
        QVERIFY(q);
        const MeasuredAnswer measured = measuredAnswer(*q, *set);
        QVERIFY2(measured.choice, demoInfo(id).name.data());
        const QString chosen = questionText(*q).choices.at(qsizetype(*measured.choice));
        QVERIFY2(chosen.contains(answer), qPrintable(chosen));
        const QString said = answerText(*q, measured, std::nullopt);
        QVERIFY2(said.contains(chosen), qPrintable(said));
    }

    void predictionIsSetBesideTheAnswer()
    {
        const auto q = askedOn(DemoId::Prefetch, BackendKind::Cuda);
        MeasuredAnswer measured;
        measured.choice = 2;
        measured.value = double(3 * 64 * MiB);
        const QStringList choices = questionText(*q).choices;
        QVERIFY(answerText(*q, measured, 2).contains("Right"));
        const QString wrong = answerText(*q, measured, 0);
        QVERIFY(wrong.contains(choices.at(0)) && wrong.contains(choices.at(2)));
        QVERIFY(!wrong.contains("Right"));
        QVERIFY(wrong.contains("192 MiB"));
    }

    void questionsSpeakChinese()
    {
        struct English
        {
            ~English() { installLanguage(QStringLiteral("en")); } // on every way out
        } english;
        installLanguage(QStringLiteral("zh_CN"));
        const auto q = askedOn(DemoId::Discard, BackendKind::Cuda);
        const QuestionText text = questionText(*q);
        QVERIFY2(!text.question.contains("how long"), qPrintable(text.question));
        for (const QString &choice : text.choices)
            QVERIFY2(!choice.contains("as long"), qPrintable(choice));
    }
};

QTEST_GUILESS_MAIN(TestDemoQuestions)
#include "tst_demoquestions.moc"
