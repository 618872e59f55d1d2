// SPDX-License-Identifier: GPL-3.0-or-later
#include "questiontext.h"

#include "language.h"
#include "lessonwriter.h"

#include <QCoreApplication>

#include <cmath>

// The translation context of the questions' messages.
class Questions
{
    Q_DECLARE_TR_FUNCTIONS(Questions)
};

namespace sharescope {
namespace {

using namespace lesson;

QString mode(ModeId id)
{
    return code(modeName(id));
}

// "the kernel phase", "a whole iteration"
QString phaseWords(const DemoQuestion &q)
{
    return q.phase ? Questions::tr("the %1 phase").arg(code(phaseName(*q.phase))) : Questions::tr("a whole iteration");
}

QString ratio(double value)
{
    return timesText(value, value < 10 ? 2 : 0);
}

// A band's edge: 0.8×, 1.25×, 4×.
QString edge(double value)
{
    //: A ratio at the edge of an answer's band, such as 1.25×: in Chinese 1.25 倍.
    return Questions::tr("%1×").arg(QString::number(value, 'g', 3));
}

QString percent(double share)
{
    return QString::number(share * 100, 'f', 0) + QLatin1Char('%');
}

// A byte choice and what it stands for.
QString bytesChoice(const DemoQuestion &q, std::uint64_t value)
{
    if (value == 0)
        return Questions::tr("nothing: the memory is shared");
    if (q.touched > 0) {
        if (value == q.touched)
            return Questions::tr("%1: only the elements the kernel touches").arg(bytes(value));
        if (value < q.bytes)
            return Questions::tr("%1: the 4 KiB pages the kernel touches").arg(bytes(value));
        return Questions::tr("%1: the whole buffer").arg(bytes(value));
    }
    if (q.bytes > 0 && value % q.bytes == 0) {
        const std::uint64_t buffers = value / q.bytes;
        return buffers == 1 ? Questions::tr("%1: one buffer").arg(bytes(value))
                            : Questions::tr("%1: %2 × %3").arg(bytes(value)).arg(buffers).arg(bytes(q.bytes));
    }
    return bytes(value);
}

// Iterations, as a number a reader says: 0.4, 3.2, 17, 240.
QString iterations(double value)
{
    return QString::number(value, 'f', value < 10 ? 1 : 0);
}

QString bandChoice(QuestionKind kind, const Band &band)
{
    if (kind == QuestionKind::BreakEven) {
        if (band.low <= 0)
            return Questions::tr("within %1 iterations").arg(band.high, 0, 'f', 0);
        if (band.high <= 0)
            return Questions::tr("after %1 iterations or more, or never").arg(band.low, 0, 'f', 0);
        return Questions::tr("after %1 to %2 iterations").arg(band.low, 0, 'f', 0).arg(band.high, 0, 'f', 0);
    }
    if (kind == QuestionKind::RecordsShare) {
        if (band.high <= 0)
            return Questions::tr("all of it (%1 or more)").arg(percent(band.low));
        if (band.low <= 0)
            return Questions::tr("less than %1").arg(percent(band.high));
        return Questions::tr("%1 to %2").arg(percent(band.low), percent(band.high));
    }
    if (band.low <= 0)
        return Questions::tr("less than %1 as long: faster").arg(edge(band.high));
    if (band.high <= 0)
        return Questions::tr("%1 as long or more").arg(edge(band.low));
    if (band.low < 1 && band.high > 1)
        return Questions::tr("about the same: %1 to %2").arg(edge(band.low), edge(band.high));
    return Questions::tr("%1 to %2 as long").arg(edge(band.low), edge(band.high));
}

QString choiceText(const DemoQuestion &q, const QuestionChoice &choice)
{
    switch (q.kind) {
    case QuestionKind::PhaseBytes:
        return bytesChoice(q, choice.bytes);
    case QuestionKind::Fastest:
        return choice.mode ? mode(*choice.mode)
                           : Questions::tr("about the same: all within %1 of one another").arg(percent(sameWithin - 1));
    case QuestionKind::TimeRatio:
    case QuestionKind::RecordsShare:
    case QuestionKind::BreakEven:
    case QuestionKind::ThreadsRatio:
        return bandChoice(q.kind, choice.band);
    }
    return {};
}

QString question(const DemoQuestion &q)
{
    switch (q.kind) {
    case QuestionKind::PhaseBytes:
        if (q.touched > 0) {
            return Questions::tr("The kernel touches %1 of each %2 buffer, spread evenly over it. How many bytes "
                                 "will %3 move across the bus in %4?")
                .arg(bytes(q.touched), bytes(q.bytes), mode(q.mode), phaseWords(q));
        }
        if (q.demo == DemoId::FirstTouch) {
            return Questions::tr("Four buffers of %1: one the CPU writes and the GPU reads, one the GPU writes and "
                                 "the CPU reads, one only the GPU touches, one only the CPU. Once every page has "
                                 "been touched (after the warm-up), how many bytes will %2 move across the bus in "
                                 "%3 of each iteration, both ways together?")
                .arg(bytes(q.bytes), mode(q.mode), phaseWords(q));
        }
        return Questions::tr("Each buffer holds %1. How many bytes will %2 move across the bus in %3, both ways "
                             "together?")
            .arg(bytes(q.bytes), mode(q.mode), phaseWords(q));
    case QuestionKind::Fastest:
        return q.phase
            ? Questions::tr("With %1 per buffer, which mode will finish %2 first?").arg(bytes(q.bytes), phaseWords(q))
            : Questions::tr("With %1 per buffer, which mode will run a whole iteration fastest?").arg(bytes(q.bytes));
    case QuestionKind::TimeRatio:
        return q.phase ? Questions::tr("With %1 per buffer, how long will %2 take in %3, against %4?")
                             .arg(bytes(q.bytes), mode(q.mode), phaseWords(q), mode(q.against))
                       : Questions::tr("With %1 per buffer, how long will a whole iteration of %2 take, against %3?")
                             .arg(bytes(q.bytes), mode(q.mode), mode(q.against));
    case QuestionKind::RecordsShare:
        return Questions::tr("At %1 per buffer the kernel faults every page of its buffers over, and the UVM driver "
                             "counts every byte. What share of those bytes will CUPTI's migration records, what a "
                             "profiler shows, account for?")
            .arg(bytes(q.bytes));
    case QuestionKind::ThreadsRatio:
        return Questions::tr("At %1 per buffer, %2 threads each launch the kernel of %3 on their slice of the "
                             "buffers, all at once (CUDA: on the legacy default stream they share). How long will "
                             "%4 take, against one thread launching it over all of the buffers?")
            .arg(bytes(q.bytes))
            .arg(demoHostThreads)
            .arg(mode(q.mode), phaseWords(q));
    case QuestionKind::BreakEven:
        return Questions::tr("At %1 per buffer, %2 allocates page-locked host memory (cudaHostAlloc), which the GPU "
                             "copies without staging it; %3 uses ordinary memory. Counting what the page-locked "
                             "memory costs to allocate and free beyond the ordinary, after how many iterations (each "
                             "copying the inputs to the GPU and the result back) will its copies have saved that?")
            .arg(bytes(q.bytes), mode(q.mode), mode(q.against));
    }
    return {};
}

QString measuredText(const DemoQuestion &q, const MeasuredAnswer &m)
{
    switch (q.kind) {
    case QuestionKind::PhaseBytes: {
        const QString moved = m.lowerBound
            ? Questions::tr("at least %1").arg(bytes(static_cast<std::uint64_t>(m.value)))
            : bytes(static_cast<std::uint64_t>(m.value));
        return Questions::tr("Measured: %1 moved %2 across the bus in %3.").arg(mode(q.mode), moved, phaseWords(q));
    }
    case QuestionKind::Fastest:
        if (m.value < sameWithin)
            return Questions::tr("Measured: all within %1 of one another (%2 the quickest).")
                .arg(percent(m.value - 1), m.fastest ? mode(*m.fastest) : QString());
        return Questions::tr("Measured: %1 was the quickest; the slowest took %2 as long.")
            .arg(m.fastest ? mode(*m.fastest) : QString(), ratio(m.value));
    case QuestionKind::TimeRatio:
        return Questions::tr("Measured: %1 took %2 as long as %3 in %4.")
            .arg(mode(q.mode), ratio(m.value), mode(q.against), phaseWords(q));
    case QuestionKind::ThreadsRatio:
        return Questions::tr("Measured: on %1 threads, %2 took %3 as long in %4 as on one.")
            .arg(demoHostThreads)
            .arg(mode(q.mode), ratio(m.value), phaseWords(q));
    case QuestionKind::RecordsShare:
        return Questions::tr("Measured: CUPTI's records accounted for %1 of the bytes the driver counted.")
            .arg(percent(m.value));
    case QuestionKind::BreakEven:
        if (!std::isfinite(m.value))
            return Questions::tr("Measured: %1's copies were no faster, so it never paid.").arg(mode(q.mode));
        if (m.value <= 0)
            return Questions::tr("Measured: %1 cost no more to set up than %2.").arg(mode(q.mode), mode(q.against));
        return Questions::tr("Measured: %1 paid for itself after %2 iterations.")
            .arg(mode(q.mode), iterations(m.value));
    }
    return {};
}

// Sentences one after the other: a space after English ones, none after a
// Chinese full stop or question mark.
QString joinSentences(const QStringList &sentences)
{
    QString joined;
    for (const QString &sentence : sentences) {
        const bool wide = !joined.isEmpty() && joined.back().unicode() >= 0x3000;
        if (!joined.isEmpty() && !wide)
            joined += QLatin1Char(' ');
        joined += sentence;
    }
    return joined;
}

} // namespace

QuestionText questionText(const DemoQuestion &q)
{
    QuestionText text{question(q), {}};
    for (const QuestionChoice &choice : q.choices)
        text.choices << choiceText(q, choice);
    return text;
}

QString answerText(const DemoQuestion &q, const MeasuredAnswer &m, std::optional<std::size_t> predicted)
{
    const QuestionText text = questionText(q);
    const auto choice = [&text](std::size_t i) {
        return i < static_cast<std::size_t>(text.choices.size()) ? text.choices.at(static_cast<qsizetype>(i))
                                                                 : QString();
    };
    QStringList sentences{Questions::tr("You were asked: %1").arg(text.question)};
    if (!m.choice) {
        sentences << Questions::tr("The runs did not measure it here (a mode did not run, or its counters were not "
                                   "reported), so the answer is not known.");
    } else {
        sentences << measuredText(q, m);
        if (!predicted)
            sentences << Questions::tr("The answer: %1.").arg(choice(*m.choice));
        else if (*predicted == *m.choice)
            sentences << Questions::tr("Your prediction: %1. Right.").arg(choice(*predicted));
        else
            sentences
                << Questions::tr("Your prediction: %1. The answer: %2.").arg(choice(*predicted), choice(*m.choice));
    }
    return joinSentences(sentences);
}

} // namespace sharescope
