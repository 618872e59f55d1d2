// SPDX-License-Identifier: GPL-3.0-or-later
#include "clocktext.h"

#include "bytesize.h"
#include "language.h"
#include "peertext.h"
#include "textconv.h"

#include <QCoreApplication>

#include <algorithm>

// The translation context of this file's messages.
class ClockText
{
    Q_DECLARE_TR_FUNCTIONS(ClockText)
};

namespace sharescope {
namespace {

QString mhz(std::uint32_t value)
{
    return ClockText::tr("%1 MHz").arg(q(formatCount(value)));
}

QString warmupText(const ClockWarmup &w)
{
    const QString time = q(formatDuration(w.ns));
    if (!w.fromMHz || !w.toMHz)
        return ClockText::tr("; kept the GPU busy %1 before them (no clock to read, so for a fixed time)").arg(time);
    if (w.settled && *w.fromMHz == *w.toMHz)
        return ClockText::tr("; kept the GPU busy %1 before them, already at %2").arg(time, mhz(*w.toMHz));
    if (!w.settled) {
        return ClockText::tr("; kept the GPU busy %1 before them, from %2 to %3, still moving when it stopped")
            .arg(time, mhz(*w.fromMHz), mhz(*w.toMHz));
    }
    return ClockText::tr("; kept the GPU busy %1 before them, from %2 to %3").arg(time, mhz(*w.fromMHz), mhz(*w.toMHz));
}

// A run of a set by its mode, and its size in a sweep.
QString runLabel(const ReportSet &set, const RunReport &run)
{
    const QString mode = modeLabel(run.spec);
    return set.kind == ReportSet::Kind::Sweep ? QStringLiteral("%1 · %2").arg(mode, q(formatBytes(run.spec.bytes)))
                                              : mode;
}

} // namespace

QString clockText(const RunReport &report)
{
    if (!report.clocks)
        return {};
    const RunClocks &clocks = *report.clocks;
    const std::optional<ClockSpread> spread = clockSpread(report);
    if (!spread) {
        return ClockText::tr("not reported (%1)")
            .arg(clocks.note.empty() ? ClockText::tr("NVML gave no reading") : messageText(clocks.note));
    }
    QString text;
    if (spread->changed()) {
        text = ClockText::tr("CHANGED: SM %1 to %2 at the ends of the measured kernels, so they ran at different "
                             "speeds")
                   .arg(mhz(spread->minMHz), mhz(spread->maxMHz));
    } else if (spread->minMHz == spread->maxMHz) {
        text = ClockText::tr("SM %1 at the end of every measured kernel").arg(mhz(spread->maxMHz));
    } else {
        text = ClockText::tr("SM %1 to %2 at the ends of the measured kernels (within %3 %)")
                   .arg(mhz(spread->minMHz), mhz(spread->maxMHz))
                   .arg(clockTolerance * 100, 0, 'f', 0);
    }
    if (clocks.maxSmMHz)
        text += ClockText::tr(" (its maximum: %1)").arg(mhz(*clocks.maxSmMHz));
    if (clocks.warmup)
        text += warmupText(*clocks.warmup);
    return text;
}

QString setClockText(const ReportSet &set)
{
    QStringList parts;
    std::uint32_t low = 0;
    std::uint32_t high = 0;
    for (const RunReport &run : set.runs) {
        const std::optional<ClockSpread> spread = clockSpread(run);
        if (!spread)
            continue;
        low = parts.isEmpty() ? spread->minMHz : std::min(low, spread->minMHz);
        high = std::max(high, spread->maxMHz);
        const QString range = spread->minMHz == spread->maxMHz
            ? q(formatCount(spread->maxMHz))
            : QStringLiteral("%1–%2").arg(q(formatCount(spread->minMHz)), q(formatCount(spread->maxMHz)));
        parts << QStringLiteral("%1 %2").arg(runLabel(set, run), range);
    }
    if (parts.isEmpty())
        return {};
    const ClockSpread all{low, high, static_cast<int>(parts.size())};
    QString text = ClockText::tr("SM clock in the kernel phase, MHz: %1").arg(parts.join(QStringLiteral(" · ")));
    if (all.changed())
        text += ClockText::tr("\n            the clocks DIFFER by more than %1 %: the kernels were measured at "
                              "different speeds")
                    .arg(clockTolerance * 100, 0, 'f', 0);
    return text;
}

} // namespace sharescope
