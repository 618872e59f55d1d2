// SPDX-License-Identifier: GPL-3.0-or-later
#include "watchtext.h"

#include "bytesize.h"
#include "catalogue.h"
#include "language.h"
#include "report/texttable.h"
#include "textconv.h"
#include "textwrap.h"
#include "watch/procstat.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>

// The translation context of this file's words.
class WatchText
{
    Q_DECLARE_TR_FUNCTIONS(WatchText)
};

namespace sharescope {
namespace {

using namespace watch;

QString seconds(std::uint64_t ns)
{
    return WatchText::tr("%1 s").arg(static_cast<double>(ns) / 1e9, 0, 'f', 2);
}

QString bytesOrDash(std::uint64_t bytes)
{
    return bytes ? q(formatBytes(bytes)) : QStringLiteral("—");
}

QString callsText(std::uint64_t calls)
{
    return calls == 1 ? WatchText::tr("1 call") : WatchText::tr("%1 calls").arg(q(formatCount(calls)));
}

QString processesText(std::uint64_t count)
{
    return count == 1 ? WatchText::tr("1 process") : WatchText::tr("%1 processes").arg(q(formatCount(count)));
}

QString processLabel(const WatchedProcess &process)
{
    return QStringLiteral("%1[%2]").arg(q(process.name)).arg(process.pid);
}

QString wrapped(const QString &text, int width, const QString &indent = {})
{
    QStringList lines;
    for (const QString &line : wrapToWidth(text, std::max(20, width - static_cast<int>(indent.size()))))
        lines << indent + line;
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

QString attachText(const WatchedProcess &process)
{
    switch (process.attach) {
    case Attach::Held:
        return WatchText::tr("from its first GPU call");
    case Attach::Polled:
        return WatchText::tr("from %1 (polling)").arg(seconds(process.attachedNs.value_or(0)));
    case Attach::Running:
        return WatchText::tr("from %1 (running)").arg(seconds(process.attachedNs.value_or(0)));
    case Attach::None:
        break;
    }
    return process.usedGpu ? WatchText::tr("not counted") : WatchText::tr("no GPU use");
}

QString routeText(Route route)
{
    switch (route) {
    case Route::DeviceCopyPageable:
        return WatchText::tr("device copies from or to pageable memory");
    case Route::DeviceCopyPinned:
        return WatchText::tr("device copies from or to pinned memory");
    case Route::DeviceToDevice:
        return WatchText::tr("copies between device allocations");
    case Route::ZeroCopy:
        return WatchText::tr("pinned host memory mapped for the GPU (zero-copy)");
    case Route::RegisteredHost:
        return WatchText::tr("host memory page-locked in place (cudaHostRegister)");
    case Route::Managed:
        return WatchText::tr("managed memory");
    case Route::ManagedPrefetch:
        return WatchText::tr("managed memory moved by prefetches");
    case Route::ManagedAdvice:
        return WatchText::tr("managed memory with advice");
    case Route::ManagedDiscard:
        return WatchText::tr("managed memory discarded before it is overwritten");
    case Route::LegacyIpc:
        return WatchText::tr("device memory shared by a legacy IPC handle");
    case Route::Vmm:
        return WatchText::tr("virtual memory management (cuMemCreate), as a file descriptor");
    case Route::Pool:
        return WatchText::tr("a stream-ordered memory pool");
    }
    return {};
}

QString routeUseText(const RouteUse &use)
{
    QString text = WatchText::tr("%1 (mode `%2`): %3, %4")
                       .arg(routeText(use.route), q(modeName(routeMode(use.route))), callsText(use.calls),
                            q(formatBytes(use.bytes)));
    if (use.timedNs > 0 && use.timedBytes > 0) {
        const double bandwidth = static_cast<double>(use.timedBytes) / (static_cast<double>(use.timedNs) / 1e9);
        text += WatchText::tr(", %1 in the synchronous ones").arg(q(formatBandwidth(bandwidth)));
    }
    if (use.failed)
        text += WatchText::tr(" (failed: %1)").arg(q(formatCount(use.failed)));
    return text;
}

QString watchLiveLine(const WatchProgress &progress, int width)
{
    QString line = WatchText::tr("watch %1").arg(seconds(progress.atNs));
    for (const WatchProgress::Line &process : progress.processes) {
        if (!process.values)
            continue;
        line += QStringLiteral("  %1[%2] ↑%3 ↓%4 %5")
                    .arg(q(process.name))
                    .arg(process.pid)
                    .arg(bytesOrDash(process.values->bytesHostToDevice), bytesOrDash(process.values->bytesDeviceToHost),
                         WatchText::tr("faults %1/%2")
                             .arg(q(formatCount(process.values->cpuPageFaults)),
                                  q(formatCount(process.values->gpuPageFaults))));
    }
    if (std::ranges::none_of(progress.processes, [](const auto &p) { return p.values.has_value(); }))
        line += WatchText::tr("  %1, none on the GPU yet").arg(processesText(progress.processes.size()));
    if (line.size() > width)
        line = line.left(std::max(10, width - 1)) + QStringLiteral("…");
    return line;
}

namespace {

// The summary's first lines: what was watched, for how long, how it ended,
// and what the watch itself cost.
QString summaryHead(const WatchReport &report)
{
    const QString watched = report.watchedPid ? WatchText::tr("process %1").arg(*report.watchedPid)
                                              : q(watch::commandText(report.command));
    QString head = WatchText::tr("watch: %1 · %2").arg(watched, seconds(report.durationNs));
    if (report.exitStatus)
        head += WatchText::tr(" · exit status %1").arg(*report.exitStatus);
    if (report.stopped)
        head += WatchText::tr(" · stopped");
    if (!report.driverVersion.empty())
        head += WatchText::tr(" · driver %1").arg(q(report.driverVersion));
    QString text = head + QLatin1Char('\n');
    if (report.watcherCpuNs && report.durationNs > 0) {
        const double share = 100.0 * static_cast<double>(*report.watcherCpuNs) / static_cast<double>(report.durationNs);
        text += WatchText::tr("The watch's own CPU time: %1 (%2 % of one core).")
                    .arg(q(formatDuration(*report.watcherCpuNs)))
                    .arg(share, 0, 'f', share < 1 ? 2 : 1)
            + QLatin1Char('\n');
    }
    return text + QLatin1Char('\n');
}

// A row per process that used the GPU, then the notes on each.
QString processesTable(const WatchReport &report, int width)
{
    TextTable table;
    table.addColumn(s(WatchText::tr("process")), TextTable::Align::Left);
    table.addColumn(s(WatchText::tr("pid")));
    table.addColumn(s(WatchText::tr("counted")), TextTable::Align::Left);
    table.addColumn(s(WatchText::tr("to device")));
    table.addColumn(s(WatchText::tr("to host")));
    table.addColumn(s(WatchText::tr("CPU faults")));
    table.addColumn(s(WatchText::tr("GPU faults")));
    for (const WatchedProcess &p : report.processes) {
        if (!p.usedGpu)
            continue;
        const QString notReported = WatchText::tr("not reported");
        table.addRow({p.name, std::to_string(p.pid), s(attachText(p)),
                      p.totals ? formatBytes(p.totals->bytesHostToDevice) : s(notReported),
                      p.totals ? formatBytes(p.totals->bytesDeviceToHost) : s(notReported),
                      p.totals ? formatCount(p.totals->cpuPageFaults) : s(notReported),
                      p.totals ? formatCount(p.totals->gpuPageFaults) : s(notReported)});
    }
    QString text = q(table.render()) + QLatin1Char('\n');
    const int others
        = static_cast<int>(std::ranges::count_if(report.processes, [](const auto &p) { return !p.usedGpu; }));
    if (others > 0)
        text += wrapped(WatchText::tr("Not on the GPU: %1 more of the command.").arg(processesText(others)), width);
    for (const WatchedProcess &p : report.processes) {
        if (!p.note.empty())
            text += wrapped(WatchText::tr("%1: %2.").arg(processLabel(p), messageText(p.note)), width);
        if (p.migratedByCause) {
            QStringList causes;
            for (std::size_t c = 0; c < migrationCauseCount; ++c)
                if ((*p.migratedByCause)[c])
                    causes << QStringLiteral("%1 %2").arg(q(migrationCauseName(static_cast<MigrationCause>(c))),
                                                          q(formatBytes((*p.migratedByCause)[c])));
            text += wrapped(WatchText::tr("%1: migrated by cause (the driver's records): %2%3")
                                .arg(processLabel(p),
                                     causes.isEmpty() ? WatchText::tr("nothing") : causes.join(QStringLiteral(", ")),
                                     p.recordsDropped ? WatchText::tr("; the driver dropped %1 records: at least these")
                                                            .arg(q(formatCount(p.recordsDropped)))
                                                      : QString()),
                            width);
        }
    }
    return text;
}

// The intervals in which pages moved, across processes, in order: the
// first intervalRows of them.
QString movedIntervals(const WatchReport &report, int intervalRows)
{
    struct Moved
    {
        std::uint64_t at;
        const WatchedProcess *process;
        uvm::UvmCounterValues delta;
    };
    std::vector<Moved> moved;
    for (const WatchedProcess &p : report.processes) {
        uvm::UvmCounterValues before{};
        for (const WatchSample &sample : p.samples) {
            const uvm::UvmCounterValues delta = sample.values - before;
            before = sample.values;
            if (delta.bytesHostToDevice || delta.bytesDeviceToHost || delta.cpuPageFaults || delta.gpuPageFaults)
                moved.push_back({sample.atNs, &p, delta});
        }
    }
    std::ranges::stable_sort(moved, {}, &Moved::at);
    if (moved.empty())
        return {};
    QString text = QLatin1Char('\n')
        + WatchText::tr("Intervals of %1 in which pages moved:").arg(seconds(report.intervalNs)) + QLatin1Char('\n');
    TextTable intervals;
    intervals.addColumn(s(WatchText::tr("until")));
    intervals.addColumn(s(WatchText::tr("process")), TextTable::Align::Left);
    intervals.addColumn(s(WatchText::tr("to device")));
    intervals.addColumn(s(WatchText::tr("to host")));
    intervals.addColumn(s(WatchText::tr("CPU faults")));
    intervals.addColumn(s(WatchText::tr("GPU faults")));
    for (std::size_t i = 0; i < moved.size() && static_cast<int>(i) < intervalRows; ++i) {
        const Moved &m = moved[i];
        intervals.addRow({s(seconds(m.at)), s(processLabel(*m.process)), s(bytesOrDash(m.delta.bytesHostToDevice)),
                          s(bytesOrDash(m.delta.bytesDeviceToHost)), formatCount(m.delta.cpuPageFaults),
                          formatCount(m.delta.gpuPageFaults)});
    }
    text += q(intervals.render()) + QLatin1Char('\n');
    if (static_cast<int>(moved.size()) > intervalRows)
        text += WatchText::tr("… and %1 more (every interval is in --csv).")
                    .arg(q(formatCount(moved.size() - static_cast<std::size_t>(intervalRows))))
            + QLatin1Char('\n');
    return text;
}

// The routes the program took, or why they are not reported.
QString routesSummary(const WatchReport &report, int width)
{
    if (!report.api) {
        return report.apiNote.empty() ? QString()
                                      : QLatin1Char('\n')
                + wrapped(WatchText::tr("Routes not reported: %1.").arg(messageText(report.apiNote)), width);
    }
    QString text;
    bool any = false;
    for (const WatchedProcess &p : report.processes) {
        if (p.routes.empty() && p.routesNote.empty())
            continue;
        if (!any)
            text += QLatin1Char('\n')
                + WatchText::tr("Routes (its CUDA calls, through CUPTI at %1):").arg(q(report.cupti))
                + QLatin1Char('\n');
        any = true;
        text += QStringLiteral("  %1\n").arg(processLabel(p));
        if (!p.routesNote.empty())
            text += wrapped(messageText(p.routesNote), width, QStringLiteral("    "));
        for (const RouteUse &use : p.routes)
            text += wrapped(routeUseText(use), width, QStringLiteral("    "));
    }
    if (!any)
        text += QLatin1Char('\n') + wrapped(WatchText::tr("Routes: no CUDA memory call was seen."), width);
    return text;
}

} // namespace

QString watchSummary(const WatchReport &report, int width, int intervalRows)
{
    QString text = summaryHead(report);
    if (!report.countersNote.empty())
        text += wrapped(WatchText::tr("Not counted: %1.").arg(messageText(report.countersNote)), width);
    if (!anyGpuUse(report)) {
        text += wrapped(WatchText::tr("No GPU memory was used: no process of the command opened the NVIDIA UVM driver "
                                      "(%1 seen).")
                            .arg(processesText(report.processes.size())),
                        width);
        return text;
    }
    return text + processesTable(report, width) + movedIntervals(report, intervalRows) + routesSummary(report, width);
}

} // namespace sharescope
