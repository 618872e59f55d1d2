// SPDX-License-Identifier: GPL-3.0-or-later
#include "demoflow.h"

#include "demolessons.h"
#include "experimentpanel.h"
#include "language.h"
#include "lesson.h"
#include "lessonpath.h"
#include "questionpanel.h"
#include "questiontext.h"
#include "settabs.h"
#include "textconv.h"

namespace sharescope {

DemoFlow::DemoFlow(ExperimentPanel *panel, CompareTab *compare, LessonPath *path, WindowCalls calls, QObject *parent)
    : QObject(parent)
    , m_panel(panel)
    , m_compare(compare)
    , m_path(path)
    , m_calls(std::move(calls))
{
    connect(m_compare->questionPanel(), &QuestionPanel::answered, this, [this](int choice) {
        if (!m_asking)
            return;
        const Asking asking = *m_asking;
        // The question as it was asked, answered or skipped (no choice).
        startAsked(asking.demo, asking.bytes,
                   Prediction{asking.demo, asking.question,
                              choice >= 0 ? std::optional(static_cast<std::size_t>(choice)) : std::nullopt});
    });
}

std::optional<DemoQuestion> DemoFlow::questionHere(DemoId demo, std::optional<std::uint64_t> bytes) const
{
    ExperimentSpec base;
    if (const auto spec = m_panel->spec())
        base = *spec;
    if (bytes)
        base.bytes = *bytes;
    const auto device = m_panel->currentDevice();
    return demoQuestionFor(demoInfo(demo), base, bytes.has_value(), device ? device->backend : BackendKind::Cuda);
}

void DemoFlow::ask(DemoId demo, std::optional<std::uint64_t> bytes)
{
    if (m_calls.busy()) { // a run is in progress: its results come first
        m_calls.tellUser(tr("A run is in progress: wait for it, or cancel it (Esc), first."));
        return;
    }
    const auto question = questionHere(demo, bytes);
    if (!question) {
        start(demo, bytes);
        return;
    }
    m_calls.showCompare();
    m_compare->setLesson({});
    m_asking = Asking{demo, bytes, *question};
    m_compare->questionPanel()->ask(demoTitle(demoInfo(demo)), questionText(*question));
    emit questionShown();
}

void DemoFlow::answerIn(Lesson &lesson, DemoId demo, const ReportSet &set) const
{
    if (!m_prediction || m_prediction->demo != demo)
        return;
    lesson.paragraphs.prepend(
        answerText(m_prediction->question, measuredAnswer(m_prediction->question, set), m_prediction->choice));
}

void DemoFlow::dropQuestion()
{
    m_asking.reset();
    m_compare->questionPanel()->hide();
}

void DemoFlow::otherJobStarted()
{
    m_job = 0;
    m_compare->setLesson({});
}

DemoFlow::Start DemoFlow::start(DemoId demo, std::optional<std::uint64_t> bytes, std::optional<std::size_t> predicted)
{
    std::optional<Prediction> prediction;
    if (predicted) {
        if (auto question = questionHere(demo, bytes); question && *predicted < question->choices.size())
            prediction = Prediction{demo, *question, predicted};
    }
    return startAsked(demo, bytes, std::move(prediction));
}

DemoFlow::Start DemoFlow::startAsked(DemoId demo, std::optional<std::uint64_t> bytes,
                                     std::optional<Prediction> prediction)
{
    dropQuestion();
    m_prediction = std::move(prediction);
    // What the panel says about iterations and counters; the demo chooses
    // the kernel, the modes and, unless given, the size.
    RunRequest request;
    request.kind = ReportSet::Kind::Compare;
    if (const auto spec = m_panel->spec())
        request.base = *spec;
    request.base.advice.reset();
    request.base.peerId = m_panel->peerId().toStdString(); // for the demo's modes that need one
    request.base.peerAccess.reset(); // the demo decides
    if (bytes)
        request.base.bytes = *bytes;
    request.sizeGiven = bytes.has_value();
    request.demo = demo;
    m_calls.showCompare();
    const DemoInfo &info = demoInfo(demo);
    QStringList modeNames;
    if (const auto device = m_panel->currentDevice()) {
        for (const ModeId mode : demoModes(info, device->backend))
            modeNames << q(modeName(mode));
    }
    m_compare->setLesson({demoTitle(info), {tr("Running %1…").arg(modeNames.join(QStringLiteral(", ")))}});
    std::optional<Error> refusal;
    const quint64 job = m_calls.start(request, demoTitle(info), &refusal);
    if (job != 0) {
        m_demo = demo;
        m_job = job;
        return Start::Running;
    }
    QString why = refusal ? errorText(*refusal) : QString();
    // A device that cannot run the demo (not arguments it refuses): the
    // lesson as measured on a real GPU, said to be so.
    const auto example = exampleForDemo(demo);
    if (refusal && refusal->kind == ErrorKind::Unsupported && example) {
        while (why.endsWith(QLatin1Char('.')) || why.endsWith(QChar(0x3002)))
            why.chop(1);
        m_calls.openExample(*example,
                            tr("This device cannot run the demo (%1). Here is what it showed on a real GPU.").arg(why));
        return Start::ShowingExample;
    }
    if (!why.isEmpty())
        why[0] = why[0].toUpper(); // a sentence of its own
    m_compare->setLesson(
        {demoTitle(info), {why, tr("Choose another device in the Experiment panel, where there is one.")}});
    return Start::Refused;
}

QStringList DemoFlow::finished(quint64 job, const ReportSet &set)
{
    if (!isDemoJob(job)) {
        m_compare->setLesson({});
        return {};
    }
    Lesson lesson = lessonFor(demoInfo(*m_demo), set);
    answerIn(lesson, *m_demo, set);
    m_compare->setLesson(lesson);
    m_path->markSeen(*m_demo);
    return lesson.paragraphs;
}

void DemoFlow::failed(quint64 job, const QString &message)
{
    if (isDemoJob(job))
        m_compare->setLesson({demoTitle(demoInfo(*m_demo)), {tr("The demo did not finish: %1").arg(message)}});
}

void DemoFlow::cancelled(quint64 job)
{
    if (isDemoJob(job))
        m_compare->setLesson({demoTitle(demoInfo(*m_demo)), {tr("The demo was cancelled.")}});
}

void DemoFlow::exampleOpening(const QString &why)
{
    if (why.isEmpty()) {
        m_prediction.reset(); // opened by the user: no question was asked
        dropQuestion();
    }
}

void DemoFlow::exampleShown(const ExampleInfo &example, const ReportSet &set, const QString &provenance,
                            const QString &why)
{
    m_job = 0;
    if (!example.demo)
        return;
    Lesson lesson = lessonFor(demoInfo(*example.demo), set);
    answerIn(lesson, *example.demo, set);
    lesson.paragraphs.prepend(provenance);
    if (!why.isEmpty())
        lesson.paragraphs.prepend(why);
    m_compare->setLesson(lesson);
    m_path->markSeen(*example.demo);
}

void DemoFlow::reportOpened(const ReportSet &set)
{
    const auto demo = demoOfCommand(set.commandLine);
    if (!demo || set.kind != ReportSet::Kind::Compare)
        return;
    m_compare->setLesson(lessonFor(demoInfo(*demo), set));
}

} // namespace sharescope
