// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessons/demoquestion.h"
#include "lessons/demos.h"
#include "lessons/examples.h"
#include "result.h"
#include "run/experimentset.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace sharescope {

class CompareTab;
class ExperimentPanel;
class LessonPath;
struct Lesson;

// The guided demos in the window: the question asked before a demo, the
// demo's run, its lesson on the Compare tab with the measured answer beside
// the one given, and the example shipped with the program where the device
// cannot run it. The window wires it to the panel and the Compare tab, and
// gives it the two things only the window does: starting a run and opening
// an example.
class DemoFlow : public QObject
{
    Q_OBJECT

public:
    struct WindowCalls
    {
        // Plans a request on the device on screen and starts it; the job,
        // or 0 with the reason in `refusal`.
        std::function<quint64(RunRequest request, const QString &what, std::optional<Error> *refusal)> start;
        // Opens a shipped example; `why` is said first in its lesson.
        std::function<quint64(ExampleId example, const QString &why)> openExample;
        std::function<void()> showCompare;
        std::function<bool()> busy; // a run is in progress
        std::function<void(const QString &message)> tellUser; // the status bar
    };

    DemoFlow(ExperimentPanel *panel, CompareTab *compare, LessonPath *path, WindowCalls calls,
             QObject *parent = nullptr);

    enum class Start { Running, ShowingExample, Refused };
    // Runs a demo (its comparison on the device on screen), then shows its
    // lesson. A demo the device cannot run shows its shipped example
    // instead, the reason first, where there is one; else it is refused,
    // with the reason in the lesson pane. bytes: the size per buffer, else
    // the demo's own. `predicted`: the answer to the demo's question, set
    // beside the measured one in the lesson.
    Start start(DemoId demo, std::optional<std::uint64_t> bytes = std::nullopt,
                std::optional<std::size_t> predicted = std::nullopt);
    // Asks the demo's question on the Compare tab first, then starts it
    // once answered or skipped; a demo without a question starts at once.
    void ask(DemoId demo, std::optional<std::uint64_t> bytes = std::nullopt);
    // The question the demo about to run asks, on the device on screen.
    std::optional<DemoQuestion> questionHere(DemoId demo, std::optional<std::uint64_t> bytes) const;

    // What the window tells the flow about its jobs. Another job started:
    // the lesson of a demo no longer applies; a question waiting is dropped.
    void otherJobStarted();
    void dropQuestion();
    // A job ended; the lesson where it was the demo's. finished returns the
    // lesson's paragraphs (empty where the job was not a demo's).
    QStringList finished(quint64 job, const ReportSet &set);
    void failed(quint64 job, const QString &message);
    void cancelled(quint64 job);
    // An example opened by the user (no question was asked), or shown for a
    // demo that could not run (`why`); its lesson where it is a demo's.
    void exampleOpening(const QString &why);
    void exampleShown(const ExampleInfo &example, const ReportSet &set, const QString &provenance, const QString &why);
    // A report opened from a file: a demo's (its command says which) tells
    // its lesson again, from the numbers it holds.
    void reportOpened(const ReportSet &set);

signals:
    void questionShown();

private:
    struct Prediction
    {
        DemoId demo;
        DemoQuestion question;
        std::optional<std::size_t> choice; // none: skipped
    };
    struct Asking
    {
        DemoId demo;
        std::optional<std::uint64_t> bytes;
        DemoQuestion question;
    };
    Start startAsked(DemoId demo, std::optional<std::uint64_t> bytes, std::optional<Prediction> prediction);
    void answerIn(Lesson &lesson, DemoId demo, const ReportSet &set) const;
    bool isDemoJob(quint64 job) const { return job != 0 && job == m_job && m_demo; }

    ExperimentPanel *m_panel;
    CompareTab *m_compare;
    LessonPath *m_path;
    WindowCalls m_calls;
    quint64 m_job = 0; // the job of the demo running, whose result gets a lesson
    std::optional<DemoId> m_demo;
    std::optional<Prediction> m_prediction; // asked before the demo that runs or shows its example
    std::optional<Asking> m_asking; // a question on screen, waiting
};

} // namespace sharescope
