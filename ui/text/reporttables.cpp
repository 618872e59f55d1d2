// SPDX-License-Identifier: GPL-3.0-or-later
#include "reporttables.h"

#include "ceilingtext.h"
#include "clocktext.h"
#include "columnwording.h"
#include "countertables.h"
#include "counterwording.h"
#include "hostthreadstext.h"
#include "language.h"
#include "peertext.h"
#include "textconv.h"

#include "bytesize.h"
#include "report/bytebudget.h"
#include "report/texttable.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>

// The translation context of this file's messages.
class ReportTables
{
    Q_DECLARE_TR_FUNCTIONS(ReportTables)
};

namespace sharescope {

namespace {
int terminalColumns = 0; // setTableWidth
} // namespace

void setTableWidth(int columns)
{
    terminalColumns = std::max(0, columns);
}

int tableWidth()
{
    return terminalColumns;
}

namespace {

const QString dash = QStringLiteral("—");

// A table's columns and the legend under it, added together: a legend line
// names its column by the column's own header, and only a column the table
// has gets one, so that the legend says what the table shows.
class Legend
{
public:
    explicit Legend(TextTable &table)
        : m_table(table)
    {
    }
    void addColumn(const QString &header, const QString &meaning = {}, TextTable::Align align = TextTable::Align::Right)
    {
        m_table.addColumn(s(header), align);
        if (!meaning.isEmpty())
            explain(header, meaning);
    }
    // A mark in the cells ("≥"), or a column added elsewhere.
    void explain(const QString &what, const QString &meaning)
    {
        m_lines << ReportTables::tr("%1 = %2").arg(what, meaning);
    }
    QString text() const { return m_lines.isEmpty() ? QString() : m_lines.join(QLatin1Char('\n')) + QLatin1Char('\n'); }

private:
    TextTable &m_table;
    QStringList m_lines;
};

// "×1.26": how much longer the phase took with the counters on.
QString countedCostText(const PhaseResult &phase)
{
    if (!phase.countedNs || phase.timeNs() == 0)
        return dash;
    return QStringLiteral("×%1").arg(static_cast<double>(*phase.countedNs) / static_cast<double>(phase.timeNs()), 0,
                                     'f', 2);
}

QString bandwidthText(const PhaseResult &phase)
{
    const auto bandwidth = phase.bandwidth();
    return bandwidth ? q(formatBandwidth(*bandwidth)) : dash;
}

QString sharingText(const DeviceInfo &d)
{
    QStringList traits;
    if (d.backend == BackendKind::OpenCL) {
        if (d.hostUnifiedMemory)
            //: OpenCL's CL_DEVICE_HOST_UNIFIED_MEMORY: the device shares the host's memory (与主机共用内存), not
            //: CUDA's unified memory (统一内存).
            traits << ReportTables::tr("host-unified memory");
        if (d.svmCoarseBuffer)
            traits << ReportTables::tr("coarse SVM");
        if (d.svmFineBuffer)
            traits << ReportTables::tr("fine SVM");
        if (d.svmFineSystem)
            traits << ReportTables::tr("system SVM");
    } else {
        if (d.managedMemory)
            //: The device supports managed memory (cudaMallocManaged): 托管内存.
            traits << ReportTables::tr("managed");
        if (d.concurrentManagedAccess)
            traits << ReportTables::tr("concurrent managed access");
        if (d.pageableMemoryAccess)
            traits << ReportTables::tr("pageable memory access");
        if (d.canMapHostMemory)
            traits << ReportTables::tr("maps host memory");
        //: Device memory another process can import from a file descriptor (文件描述符), made in
        //: granules of %1 (e.g. "2 MiB"): ipc-vmm
        if (d.vmmFileDescriptors && d.vmmGranularityBytes > 0)
            traits << ReportTables::tr("exports memory as file descriptors (%1 granules)")
                          .arg(q(formatBytes(d.vmmGranularityBytes)));
        else if (d.vmmFileDescriptors)
            traits << ReportTables::tr("exports memory as file descriptors");
        //: A memory pool (内存池) another process can import from a file descriptor: ipc-pool
        if (d.poolFileDescriptors)
            traits << ReportTables::tr("exports pools");
    }
    //: Between the traits of a device in a list: in Chinese the enumeration comma 、.
    return traits.isEmpty() ? ReportTables::tr("copies only") : traits.join(ReportTables::tr(", "));
}

QString buffersText(const RunReport &report)
{
    // Buffers placed alike are named together: "x, y, out: ...".
    std::vector<std::pair<std::string, QStringList>> groups;
    for (const BufferReport &buffer : report.buffers) {
        auto it = std::ranges::find(groups, buffer.placement, &std::pair<std::string, QStringList>::first);
        if (it == groups.end())
            it = groups.insert(groups.end(), {buffer.placement, {}});
        it->second << q(buffer.name);
    }
    QStringList lines;
    for (const auto &[placement, names] : groups)
        // The backends mark each placement for translation, whole: a saved
        // report's English text finds its translation too.
        lines << names.join(QStringLiteral(", ")) + QStringLiteral(": ") + coreText(placement);
    return lines.join(QStringLiteral("\n            "));
}

QString verificationText(const Verification &v)
{
    if (v.passed())
        return ReportTables::tr("yes: %1 elements compared with the CPU reference, all equal")
            .arg(q(formatCount(v.checked)));
    QString text = ReportTables::tr("NO: %1 of %2 elements differ from the CPU reference")
                       .arg(q(formatCount(v.mismatches)), q(formatCount(v.checked)));
    for (const Mismatch &m : v.first)
        text += ReportTables::tr("\n            %1[%2]: expected %3, got %4")
                    .arg(q(m.buffer))
                    .arg(m.index)
                    .arg(m.expected)
                    .arg(m.actual);
    return text;
}

// The marks a share column may carry, each explained where it appears:
// "(cache)", and a share of the measured ceiling above 100 %. `phases`:
// those whose shares the table shows (all, or the kernel's alone).
QString shareMarks(const std::vector<RunReport> &runs, bool kernelOnly)
{
    bool cached = false;
    bool above = false;
    for (const RunReport &run : runs) {
        for (const PhaseSummary &summary : summarize(run)) {
            if (kernelOnly && summary.phase != Phase::Kernel)
                continue;
            const PhaseShares shares = phaseShares(run, summary.median);
            for (const CeilingShare *share : {&shares.ofMeasured, &shares.ofSpecification})
                cached = cached || (share->state == CeilingShare::State::Value && share->cached);
            above = above
                || (shares.ofMeasured.state == CeilingShare::State::Value && !shares.ofMeasured.cached
                    && shares.ofMeasured.percent >= 100.5);
        }
    }
    QString text;
    if (cached)
        text += ReportTables::tr("(cache) = the working set fits in the device's cache, which may serve it faster than "
                                 "its memory: a\nshare of the memory's ceiling, not the cache's\n");
    if (above)
        text += ReportTables::tr("above 100% of measured = faster than the best copy the calibration timed "
                                 "(cudaMemcpy on the GPU, memcpy\non the host): a kernel that streams may beat a copy; "
                                 "the measured ceiling is that copy, not the hardware's limit\n");
    return text;
}

// Under the phase table: what the two ceiling columns mean, then each path
// with its ceilings (ceilingtext.h).
QString ceilingsText(const RunReport &report)
{
    if (!report.ceilings)
        return {};
    QString text = ReportTables::tr(
        "of measured, of spec = the bandwidth on the phase's most loaded path, as a share of the best this machine\n"
        "reached there (sharescope calibrate) and of what the hardware's specification allows; host-init and\n"
        "host-read run on one CPU thread, and host-read checks every element against the CPU reference\n");
    text += shareMarks({report}, false) + QLatin1Char('\n');
    for (const QString &line : ceilingLines(report))
        text += QStringLiteral("  ") + line + QLatin1Char('\n');
    return text + QLatin1Char('\n');
}

// The two ceiling columns after a bandwidth (cell `bandwidth` of the row).
// Above its path's specification the bandwidth is a measurement problem,
// never a result: its cell says so instead of the figure.
void addShares(std::vector<std::string> &row, std::size_t bandwidth, const PhaseShares &shares)
{
    if (shares.problem())
        row[bandwidth] = s(ReportTables::tr("PROBLEM"));
    row.push_back(s(shareText(shares.ofMeasured)));
    row.push_back(s(shareText(shares.ofSpecification)));
}

void addShareColumns(TextTable &table)
{
    table.addColumn(s(ReportTables::tr("of measured")));
    table.addColumn(s(ReportTables::tr("of spec")));
}

// Under a compare or a sweep: what the ceiling columns say, and each
// measurement problem.
QString sharesLegend(const ReportSet &set)
{
    QString text = ReportTables::tr(
        "of measured, of spec = the bandwidth on the phase's most loaded path, as a share of the best this machine\n"
        "reached there (sharescope calibrate) and of what the hardware's specification allows; no ceiling = none\n"
        "known for that path (not calibrated, no specification, or a report from before ceilings); PROBLEM = above\n"
        "the path's specification: a measurement problem, not a result\n");
    text += shareMarks(set.runs, set.kind == ReportSet::Kind::Compare);
    for (const QString &line : problemLines(set.runs, [&set](const RunReport &run) { return runName(set, run); }))
        text += line + QLatin1Char('\n');
    return text;
}

// A CUDA device's NVLink, from NVML, and what its links carry by its
// architecture's specification.
QString nvlinkText(const DeviceInfo &d)
{
    if (!d.nvlinkActiveLinks)
        return ReportTables::tr("not reported (%1)").arg(q(d.nvlinkNote));
    if (*d.nvlinkActiveLinks == 0)
        return ReportTables::tr("no link active");
    const QString version = d.nvlinkVersion ? QString::number(*d.nvlinkVersion) : ReportTables::tr("not reported");
    const auto perLink = nvlinkLinkBytesPerSecond(d);
    if (!perLink) {
        return ReportTables::tr("%1 links active (NVML's version value %2); no specification known for this GPU's "
                                "links")
            .arg(*d.nvlinkActiveLinks)
            .arg(version);
    }
    return ReportTables::tr("%1 links active (NVML's version value %2); by sm_%3's specification %4 a link each way, "
                            "%5 each way in all")
        .arg(*d.nvlinkActiveLinks)
        .arg(version)
        .arg(QString::number(d.versionMajor) + QString::number(d.versionMinor), q(formatBandwidth(*perLink)),
             q(formatBandwidth(*nvlinkBytesPerSecond(d))));
}

PhaseSummary summaryFor(const std::vector<PhaseSummary> &summaries, Phase phase)
{
    const auto it = std::ranges::find(summaries, phase, &PhaseSummary::phase);
    return it == summaries.end() ? PhaseSummary{} : *it;
}

} // namespace

QString devicesTable(const DeviceList &list)
{
    if (list.devices.empty())
        return ReportTables::tr("No devices found.\n");
    TextTable table;
    table.addColumn("id", TextTable::Align::Left);
    table.addColumn(s(ReportTables::tr("name")), TextTable::Align::Left);
    table.addColumn(s(ReportTables::tr("version")), TextTable::Align::Left);
    table.addColumn(s(ReportTables::tr("memory")));
    table.addColumn(s(ReportTables::tr("max buffer")));
    table.addColumn(s(ReportTables::tr("sharing")), TextTable::Align::Left);
    for (const DeviceInfo &d : list.devices) {
        const std::string version = d.backend == BackendKind::Cuda
            ? "CUDA " + d.runtimeVersion + ", sm_" + std::to_string(d.versionMajor) + std::to_string(d.versionMinor)
            : "OpenCL " + std::to_string(d.versionMajor) + "." + std::to_string(d.versionMinor);
        table.addRow({d.id, d.name, version, formatBytes(d.globalMemoryBytes), formatBytes(d.maxAllocationBytes),
                      s(sharingText(d))});
    }
    QString text = q(table.render(2, tableWidth())) + QLatin1Char('\n');
    const auto yesNo = [](bool value) { return value ? ReportTables::tr("yes") : ReportTables::tr("no"); };
    for (const DeviceInfo &d : list.devices) {
        QString line;
        if (d.backend == BackendKind::Cuda) {
            line = ReportTables::tr("PCI %1, driver %2, runtime %3, %4 SMs; managed memory %5, concurrent managed "
                                    "access %6, pageable memory access %7, host-native atomics %8, maps host memory "
                                    "%9, unified addressing %10")
                       .arg(q(d.pciBusId), q(d.driverVersion), q(d.runtimeVersion), QString::number(d.computeUnits),
                            yesNo(d.managedMemory), yesNo(d.concurrentManagedAccess), yesNo(d.pageableMemoryAccess),
                            yesNo(d.hostNativeAtomics), yesNo(d.canMapHostMemory), yesNo(d.unifiedAddressing));
        } else {
            line = ReportTables::tr("%1, driver %2, %3 compute units; host-unified memory %4, base address alignment "
                                    "%5 B, SVM coarse %6, fine %7, system %8, atomics %9")
                       .arg(q(d.platform), q(d.driverVersion), QString::number(d.computeUnits),
                            yesNo(d.hostUnifiedMemory), QString::number(d.baseAddressAlignBytes),
                            yesNo(d.svmCoarseBuffer), yesNo(d.svmFineBuffer), yesNo(d.svmFineSystem),
                            yesNo(d.svmAtomics));
        }
        text += q(d.id) + QStringLiteral(": ") + line + QLatin1Char('\n');
        if (d.backend == BackendKind::Cuda)
            text += QStringLiteral("  %1 NVLink: %2\n").arg(q(d.id), nvlinkText(d));
        for (const PeerLink &link : d.peers)
            text += QStringLiteral("  %1 → %2\n").arg(q(d.id), peerLinkText(link));
    }
    return text;
}

QString modesTable(const std::vector<ModeSupport> &modes)
{
    TextTable table;
    table.addColumn(s(ReportTables::tr("mode")), TextTable::Align::Left);
    table.addColumn(s(ReportTables::tr("device")), TextTable::Align::Left);
    table.addColumn(s(ReportTables::tr("supported")), TextTable::Align::Left);
    table.addColumn(s(ReportTables::tr("what it does, or why not")), TextTable::Align::Left);
    for (const ModeSupport &entry : modes) {
        table.addRow(
            {std::string(entry.mode->name), entry.deviceId.empty() ? s(dash) : entry.deviceId,
             s(entry.support.supported ? ReportTables::tr("yes") : ReportTables::tr("no")),
             s(entry.support.supported ? coreText(std::string(entry.mode->summary)) : supportText(entry.support))});
    }
    return q(table.render(2, tableWidth()));
}

// The byte budget in one line: what each phase should move by the mode's
// design, against what it moved (counting/bytebudget.h).
QString budgetText(const RunReport &report)
{
    const auto budget = byteBudget(report.spec);
    if (!budget)
        return ReportTables::tr("none: %1").arg(errorText(budget.error()));
    const std::vector<PhaseBudgetCheck> checks = checkBudget(report);
    QStringList planned;
    QStringList over;
    QStringList allowed;
    bool counted = true;
    bool confirmed = true;
    for (const PhaseBudgetCheck &check : checks) {
        const PhaseBudget &b = check.budget;
        const QString phase = q(phaseName(b.phase));
        QStringList ways;
        if (b.toDevice)
            ways << ReportTables::tr("%1 h→d").arg(q(formatBytes(b.toDevice)));
        if (b.toHost)
            ways << ReportTables::tr("%1 d→h").arg(q(formatBytes(b.toHost)));
        if (!ways.isEmpty()) {
            planned << (b.kind == BudgetKind::AtMost ? ReportTables::tr("%1 at most %2") : ReportTables::tr("%1 %2"))
                           .arg(phase, ways.join(QStringLiteral(" + ")));
        }
        switch (check.verdict) {
        case BudgetVerdict::Over:
            over << ReportTables::tr("%1 by %2").arg(phase, q(formatBytes(check.overBy)));
            break;
        case BudgetVerdict::WithinAllowance:
            allowed << ReportTables::tr("%1 +%2").arg(phase, q(formatBytes(check.overBy)));
            break;
        case BudgetVerdict::NotCounted:
            counted = false;
            break;
        case BudgetVerdict::Unconfirmed:
            confirmed = false;
            break;
        case BudgetVerdict::Within:
            break;
        }
    }
    const QString design = planned.isEmpty() ? ReportTables::tr("nothing crosses the bus in any phase")
                                             : planned.join(QStringLiteral(", "));
    QString text;
    if (!over.isEmpty())
        text = ReportTables::tr("OVER in %1; by design: %2").arg(over.join(QStringLiteral(", ")), design);
    else if (!counted)
        text = ReportTables::tr("not checked, migrations not counted; by design: %1").arg(design);
    else if (!confirmed)
        text = ReportTables::tr("not confirmed, CUPTI's records are a lower bound; by design: %1").arg(design);
    else
        text = ReportTables::tr("within: %1").arg(design);
    if (!allowed.isEmpty()) {
        text += ReportTables::tr(" (%1 within the allowance for buffers that share the driver's 2 MiB blocks)")
                    .arg(allowed.join(QStringLiteral(", ")));
    }
    if (budget->note)
        text += QStringLiteral("; ") + coreText(budget->note);
    return text;
}

BudgetSummary budgetSummary(const RunReport &report)
{
    const auto budget = byteBudget(report.spec);
    if (!budget)
        return {budgetText(report), -1, {}};
    std::uint64_t over = 0;
    std::uint64_t allowed = 0;
    bool counted = true;
    bool confirmed = true;
    for (const PhaseBudgetCheck &check : checkBudget(report)) {
        over += check.verdict == BudgetVerdict::Over ? check.overBy : 0;
        allowed += check.verdict == BudgetVerdict::WithinAllowance ? check.overBy : 0;
        counted = counted && check.verdict != BudgetVerdict::NotCounted;
        confirmed = confirmed && check.verdict != BudgetVerdict::Unconfirmed;
    }
    const QString tip = budgetText(report);
    if (over > 0)
        return {tip, 4, QStringLiteral("✕")};
    if (!counted)
        return {tip, 3, {}};
    if (!confirmed)
        return {tip, 2, {}};
    if (allowed > 0)
        return {tip, 1, QStringLiteral("✓")};
    return {tip, 0, QStringLiteral("✓")};
}

namespace {

// The lines above a run's table: what ran where, how often, on how many
// threads.
QString runHeader(const RunReport &report)
{
    const ExperimentSpec &spec = report.spec;
    const std::size_t buffers = report.buffers.empty() ? 1 : report.buffers.size();
    QString text = ReportTables::tr("%1 · %2 · %3 × %4 · %5 (%6)\n")
                       .arg(modeLabel(spec), q(kernelName(spec.kernel)))
                       .arg(buffers)
                       .arg(q(formatBytes(spec.bytes)), q(report.device.id), q(report.device.name));
    if (const QString peer = peerRunText(report.device, spec); !peer.isEmpty())
        text += peer + QLatin1Char('\n');
    text += ReportTables::tr("%1 iterations after %2 warm-up; time is the median, device time from %3 events\n\n")
                .arg(spec.iterations)
                .arg(spec.warmup)
                .arg(report.device.backend == BackendKind::Cuda ? QStringLiteral("CUDA") : QStringLiteral("OpenCL"));
    if (spec.threaded()) {
        text += ReportTables::tr("%1; every phase of the iteration ran on all threads at once, a phase at a time "
                                 "(in host-init and host-read each thread filled and checked its slice). The "
                                 "threads' work has no one device time: a device time shown is the part the run's "
                                 "own thread did (a map or unmap).\n\n")
                    .arg(hostThreadsText(spec));
    }
    return text;
}

} // namespace

QString runTable(const RunReport &report)
{
    QString text = runHeader(report);
    TextTable table;
    Legend legend(table);
    legend.addColumn(ReportTables::tr("phase"), {}, TextTable::Align::Left);
    legend.addColumn(ReportTables::tr("time"));
    legend.addColumn(ReportTables::tr("min"));
    legend.addColumn(ReportTables::tr("max"));
    legend.addColumn(ReportTables::tr("device"));
    legend.addColumn(ReportTables::tr("copied"), copiedMeaning(Per::Phase));
    legend.addColumn(ReportTables::tr("bandwidth"),
                     ReportTables::tr("bytes the phase read and wrote / its time: device time for device work where "
                                      "measured,\nhost time for host-init and host-read"));
    const std::vector<PhaseSummary> summaries = summarize(report);
    const bool counted
        = std::ranges::any_of(summaries, [](const PhaseSummary &p) { return p.median.countedNs.has_value(); });
    if (counted)
        legend.addColumn(ReportTables::tr("counted"),
                         ReportTables::tr("the same phase's time in the counted pass, which ran the experiment again "
                                          "with the\ncounters on, against the time above: what the instruments cost"));
    if (report.ceilings)
        addShareColumns(table);
    for (const PhaseSummary &summary : summaries) {
        const bool once
            = summary.phase == Phase::Alloc || summary.phase == Phase::IpcOpen || summary.phase == Phase::Free;
        const PhaseResult &median = summary.median;
        std::vector<std::string> row{std::string(phaseName(summary.phase)),
                                     formatDuration(summary.hostNs.median),
                                     once ? s(dash) : formatDuration(summary.hostNs.min),
                                     once ? s(dash) : formatDuration(summary.hostNs.max),
                                     median.deviceNs ? formatDuration(*median.deviceNs) : s(dash),
                                     s(copiedText(median.bytesMoved())),
                                     s(bandwidthText(median))};
        if (counted)
            row.push_back(s(countedCostText(median)));
        if (report.ceilings)
            addShares(row, 6, phaseShares(report, median));
        table.addRow(row);
    }
    text += q(table.render(2, tableWidth()));
    text += QLatin1Char('\n') + legend.text() + QLatin1Char('\n');
    text += ceilingsText(report);
    if (report.counted.enabled) {
        text += countersTable(summaries);
        text += residencyTable(report);
        text += QLatin1Char('\n');
    }
    text += ReportTables::tr("verified    %1\n").arg(verificationText(report.verification));
    text += ReportTables::tr("buffers     %1\n").arg(buffersText(report));
    text += ReportTables::tr("counters    %1\n").arg(countersText(report));
    if (const QString clock = clockText(report); !clock.isEmpty())
        text += ReportTables::tr("clock       %1\n").arg(clock);
    text += ReportTables::tr("budget      %1\n").arg(budgetText(report));
    if (report.ipc) {
        // What ipc-open timed in the peer, by how the mode shares.
        QString opened = ReportTables::tr("its cudaIpcOpenMemHandle calls");
        switch (report.spec.modeInfo().ipcMemory) {
        case IpcMemory::VmmDescriptor:
            opened = ReportTables::tr("its cuMemImportFromShareableHandle, cuMemMap and cuMemSetAccess calls");
            break;
        case IpcMemory::PoolDescriptor:
            opened = ReportTables::tr("its cudaMemPoolImportFromShareableHandle and cudaMemPoolImportPointer calls");
            break;
        case IpcMemory::LegacyHandle:
        case IpcMemory::None:
            break;
        }
        text += ReportTables::tr("ipc         peer process %1 opened the buffers (ipc-open above: %2)\n")
                    .arg(report.ipc->peerPid)
                    .arg(opened);
        for (std::size_t b = 0; b < report.ipc->memoryHandles.size() && b < report.buffers.size(); ++b) {
            text += QStringLiteral("            %1 %2\n")
                        .arg(q(report.buffers[b].name).leftJustified(4), q(report.ipc->memoryHandles[b]));
        }
        if (const auto &steps = report.ipc->steps) {
            const QString exported = q(formatDuration(steps->exportNs));
            const QString passed = q(formatDuration(steps->passNs));
            const QString imported = q(formatDuration(steps->importNs));
            text += steps->mapNs
                ? ReportTables::tr("setup       export %1 here · pass %2 on the socket · import %3 · map %4 in the "
                                   "peer\n")
                      .arg(exported, passed, imported, q(formatDuration(*steps->mapNs)))
                : ReportTables::tr("setup       export %1 here · pass %2 on the socket · import and map %3 in the "
                                   "peer (one call)\n")
                      .arg(exported, passed, imported);
        }
    }
    text += ReportTables::tr("reproduce   %1\n").arg(q(report.commandLine));
    return text;
}

namespace {

// A run's byte budget in a cell of the comparison (the window's Compare
// table marks its bytes the same way).
QString budgetMark(const BudgetSummary &budget)
{
    switch (budget.rank) {
    case 0:
    case 1:
    case 4:
        return budget.mark;
    case 2:
        return ReportTables::tr("unconfirmed");
    case 3:
        return ReportTables::tr("not counted");
    default:
        return dash;
    }
}

} // namespace

QString compareTable(const ReportSet &set)
{
    TextTable table;
    Legend legend(table);
    legend.addColumn(ReportTables::tr("mode"), {}, TextTable::Align::Left);
    for (const Phase phase : iterationPhases)
        legend.addColumn(q(phaseName(phase)));
    legend.addColumn(ReportTables::tr("iteration"));
    legend.addColumn(ReportTables::tr("copied"), copiedMeaning(Per::Iteration));
    legend.addColumn(ReportTables::tr("kernel dev"),
                     ReportTables::tr("the kernel's median time on the device's own clock (CUDA or OpenCL events); — "
                                      "where the device timed none"));
    legend.addColumn(ReportTables::tr("kernel bw"),
                     ReportTables::tr("bytes the kernel read and wrote / kernel dev where measured, else / the host "
                                      "time in the kernel column"));
    addShareColumns(table); // explained by sharesLegend
    const bool anyCounters = std::ranges::any_of(set.runs, [](const RunReport &r) { return r.counted.enabled; });
    if (anyCounters) {
        legend.addColumn(ReportTables::tr("migrated"), migratedMeaning(set.runs));
        legend.addColumn(ReportTables::tr("faults"), faultsMeaning(set.runs));
    }
    legend.addColumn(ReportTables::tr("budget"),
                     ReportTables::tr("✓ within the byte budget of the mode's design in every phase, ✕ over it "
                                      "(`sharescope run` says by how much); not counted: the counters that would "
                                      "show it were off"),
                     TextTable::Align::Left);
    legend.addColumn(ReportTables::tr("zero-copy"), {}, TextTable::Align::Left);
    legend.addColumn(ReportTables::tr("verified"), {}, TextTable::Align::Left);
    bool lowerBound = false;
    for (const RunReport &run : set.runs) {
        const IterationTotals totals = iterationTotals(run);
        std::vector<std::string> row{s(runName(set, run))};
        for (const std::uint64_t ns : totals.phaseNs)
            row.push_back(formatDuration(ns));
        row.push_back(formatDuration(totals.ns));
        row.push_back(s(copiedText(totals.moved)));
        const PhaseSummary kernel = summaryFor(summarize(run), Phase::Kernel);
        row.push_back(kernel.median.deviceNs ? formatDuration(*kernel.median.deviceNs) : s(dash));
        row.push_back(totals.kernelBandwidth ? formatBandwidth(*totals.kernelBandwidth) : s(dash));
        addShares(row, row.size() - 1, phaseShares(run, kernel.median));
        if (anyCounters) {
            row.push_back(s(counterText(totals.migrated, CounterUnit::Bytes, totals.lowerBound)));
            row.push_back(s(counterText(totals.faults, CounterUnit::Count, totals.lowerBound)));
            lowerBound = lowerBound || (totals.lowerBound && (totals.migrated || totals.faults));
        }
        row.push_back(s(budgetMark(budgetSummary(run))));
        const std::optional<bool> inPlace = mappedInPlace(run.buffers);
        row.push_back(s(!inPlace ? dash : *inPlace ? ReportTables::tr("yes") : ReportTables::tr("no")));
        row.push_back(s(run.verification.passed()
                            ? ReportTables::tr("yes")
                            : ReportTables::tr("NO (%1 wrong)").arg(q(formatCount(run.verification.mismatches)))));
        table.addRow(row);
    }
    for (const SkippedRun &skipped : set.skipped)
        table.addNote(std::string(modeName(skipped.mode)) + ": " + s(skippedText(skipped.reason)));
    QString text;
    if (!set.runs.empty()) {
        const RunReport &first = set.runs.front();
        text += ReportTables::tr("%1 · %2 per buffer · %3 (%4) · median of %5 iterations, host time per phase\n\n")
                    .arg(q(kernelName(first.spec.kernel)), q(formatBytes(first.spec.bytes)), q(first.device.id),
                         q(first.device.name))
                    .arg(first.spec.iterations);
    }
    if (lowerBound)
        legend.explain(QStringLiteral("≥"), lowerBoundMeaning());
    text += q(table.render(2, tableWidth()));
    text += QLatin1Char('\n') + legend.text() + sharesLegend(set);
    if (const QString clock = setClockText(set); !clock.isEmpty())
        text += QLatin1Char('\n') + ReportTables::tr("clock       %1\n").arg(clock);
    return text;
}

QString runName(const ReportSet &set, const RunReport &run)
{
    const QString mode = modeLabel(run.spec);
    const bool sized = std::ranges::any_of(set.runs, [&](const RunReport &other) {
        return modeLabel(other.spec) == mode && other.spec.bytes != run.spec.bytes;
    });
    return sized ? QStringLiteral("%1 · %2").arg(mode, q(formatBytes(run.spec.bytes))) : mode;
}

QString sweepTable(const ReportSet &set)
{
    TextTable table;
    table.addColumn(s(ReportTables::tr("mode")), TextTable::Align::Left);
    table.addColumn(s(ReportTables::tr("size")));
    const std::array<std::pair<Phase, QString>, 3> shown{{{Phase::ToDevice, ReportTables::tr("to-device")},
                                                          {Phase::Kernel, ReportTables::tr("kernel")},
                                                          {Phase::ToHost, ReportTables::tr("to-host")}}};
    for (const auto &[phase, header] : shown) {
        table.addColumn(s(header));
        addShareColumns(table);
    }
    table.addColumn(s(ReportTables::tr("iteration")));
    table.addColumn(s(ReportTables::tr("verified")), TextTable::Align::Left);
    for (const RunReport &run : set.runs) {
        const auto summaries = summarize(run);
        std::vector<std::string> row{s(modeLabel(run.spec)), formatBytes(run.spec.bytes)};
        for (const auto &[phase, header] : shown) {
            const PhaseResult &median = summaryFor(summaries, phase).median;
            row.push_back(s(bandwidthText(median)));
            addShares(row, row.size() - 1, phaseShares(run, median));
        }
        row.push_back(formatDuration(medianIterationNs(run)));
        row.push_back(s(run.verification.passed() ? ReportTables::tr("yes") : ReportTables::tr("NO")));
        table.addRow(row);
    }
    for (const SkippedRun &skipped : set.skipped)
        table.addNote(std::string(modeName(skipped.mode)) + " " + formatBytes(skipped.bytes) + ": "
                      + s(skippedText(skipped.reason)));
    QString text;
    if (!set.runs.empty()) {
        const RunReport &first = set.runs.front();
        text += ReportTables::tr("%1 · %2 (%3) · bandwidth of the median iteration; — where a phase moved nothing\n\n")
                    .arg(q(kernelName(first.spec.kernel)), q(first.device.id), q(first.device.name));
    }
    text += q(table.render(2, tableWidth())) + QLatin1Char('\n') + sharesLegend(set);
    if (const QString clock = setClockText(set); !clock.isEmpty())
        text += QLatin1Char('\n') + ReportTables::tr("clock       %1\n").arg(clock);
    return text;
}

} // namespace sharescope
