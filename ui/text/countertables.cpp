// SPDX-License-Identifier: GPL-3.0-or-later
#include "countertables.h"

#include "bytesize.h"
#include "causestext.h"
#include "counterwording.h"
#include "language.h"
#include "report/texttable.h"
#include "textconv.h"

#include <QCoreApplication>

#include <algorithm>

// The translation context of this file's messages (shared with the tables).
class ReportTables
{
    Q_DECLARE_TR_FUNCTIONS(ReportTables)
};

namespace sharescope {
namespace {

QString percent(double share)
{
    return QStringLiteral("%1%").arg(share * 100, 0, 'f', share < 0.995 ? 0 : 1);
}

QString recordsText(const RunReport &report)
{
    const QString count = q(formatCount(report.counted.migrations.size() + report.counted.migrationsDropped));
    QString text = report.counted.recordsSource == RecordsSource::DriverEvents
        ? ReportTables::tr("%1 migration records from the UVM driver's own event queue").arg(count)
        : ReportTables::tr("%1 migration records from CUPTI").arg(count);
    if (report.counted.recordsSource == RecordsSource::Cupti && !report.counted.driverEventsNote.empty())
        text += ReportTables::tr(" (the driver's event queue: not used, %1)")
                    .arg(messageText(report.counted.driverEventsNote));
    if (report.counted.migrationsDropped)
        text += ReportTables::tr(", of which %1 kept in the report")
                    .arg(q(formatCount(report.counted.migrations.size())));
    if (report.counted.lost)
        text += ReportTables::tr("; the driver dropped %1 records").arg(q(formatCount(report.counted.lost)));
    return text;
}

// Between two GPUs only the records count the bytes.
QString betweenGpusText(const RunReport &report)
{
    if (report.counted.recordsSource == RecordsSource::None)
        return ReportTables::tr("; device→device bytes: not reported (only migration records count them, and none "
                                "were asked for)");
    if (report.counted.recordsSource == RecordsSource::DriverEvents && report.counted.lost == 0) {
        return ReportTables::tr("; device→device bytes come from the driver's own migration records (its counters "
                                "have none between GPUs), none of which it dropped: exact");
    }
    if (report.counted.recordsSource == RecordsSource::DriverEvents) {
        return ReportTables::tr("; device→device bytes come from the driver's own migration records (its counters "
                                "have none between GPUs), some of which it dropped, so they are a lower bound");
    }
    return ReportTables::tr("; device→device bytes come from CUPTI's records alone (the driver counts no copies from "
                            "GPU to GPU), so they are a lower bound");
}

} // namespace

std::optional<double> recordedShare(const Counters &c)
{
    if (!c.recordedHostToDevice || !c.recordedDeviceToHost || !c.bytesHostToDevice || !c.bytesDeviceToHost)
        return std::nullopt;
    const std::uint64_t exact = *c.bytesHostToDevice + *c.bytesDeviceToHost;
    if (exact == 0)
        return std::nullopt;
    return static_cast<double>(*c.recordedHostToDevice + *c.recordedDeviceToHost) / static_cast<double>(exact);
}

QString countersText(const RunReport &report)
{
    if (!report.counted.enabled)
        return ReportTables::tr("not reported (%1)")
            .arg(report.counted.note.empty() ? ReportTables::tr("turned off") : messageText(report.counted.note));
    QString text;
    if (report.counted.totals == CounterTotals::Driver) {
        text = ReportTables::tr("exact totals from the UVM driver's own counters, counted in a second, instrumented "
                                "pass; %1")
                   .arg(report.counted.recordsNote.empty()
                            ? recordsText(report)
                            : ReportTables::tr("records: %1").arg(messageText(report.counted.recordsNote)));
    } else {
        text = ReportTables::tr("sums of the migration records (the driver's exact counters: not reported, %1); %2")
                   .arg(messageText(report.counted.exactNote), recordsText(report));
        if (report.counted.lost || report.counted.residency.unexplainedBytes)
            text += ReportTables::tr("; the totals are a lower bound");
    }
    if (report.spec.modeInfo().needsPeer() && report.spec.modeInfo().family == ModeFamily::Managed)
        text += betweenGpusText(report);
    if (const QString causes = migrationCausesText(report); !causes.isEmpty())
        text += ReportTables::tr("\n            why pages moved, per iteration: %1").arg(causes);
    if (report.counted.totals == CounterTotals::Records && report.counted.residency.unexplainedBytes) {
        text
            += ReportTables::tr(
                   "\n            INCOMPLETE: %1 came back to the host from chunks no record had moved to the GPU, so\n"
                   "            the driver dropped migration records (seen under heavy faulting and in a run's first\n"
                   "            faults). The counters are lower bounds; a smaller --size helps.")
                   .arg(q(formatBytes(report.counted.residency.unexplainedBytes)));
    }
    return text;
}

QString countersTable(const std::vector<PhaseSummary> &summaries)
{
    std::vector<const PhaseSummary *> rows;
    for (const PhaseSummary &summary : summaries) {
        if (summary.median.counters)
            rows.push_back(&summary);
    }
    // A column no phase reports says nothing: left out.
    std::vector<const CounterField *> columns;
    for (const CounterField &field : counterFields()) {
        const bool reported = std::ranges::any_of(
            rows, [&](const PhaseSummary *r) { return (*r->median.counters.*field.member).has_value(); });
        if (field.column && reported)
            columns.push_back(&field);
    }
    const bool coverage = std::ranges::any_of(
        rows, [](const PhaseSummary *r) { return r->median.counters->recordedHostToDevice.has_value(); });
    TextTable table;
    table.addColumn(s(ReportTables::tr("unified memory")), TextTable::Align::Left);
    for (const CounterField *field : columns)
        table.addColumn(s(counterLabel(*field)));
    if (coverage)
        table.addColumn(s(ReportTables::tr("recorded")));
    for (const PhaseSummary *summary : rows) {
        const Counters &counters = *summary->median.counters;
        std::vector<std::string> row{std::string(phaseName(summary->phase))};
        for (const CounterField *field : columns)
            row.push_back(s(counterText(counters.*field->member, field->unit)));
        if (coverage) {
            const auto share = recordedShare(counters);
            row.push_back(share ? s(percent(*share)) : std::string("—"));
        }
        table.addRow(row);
    }
    QString text = q(table.render());
    if (coverage)
        text += ReportTables::tr("recorded = bytes in the migration records / the bytes the driver moved, both ways\n");
    return text;
}

QString residencyTable(const RunReport &report)
{
    const Residency &residency = report.counted.residency;
    if (residency.buffers.empty() || report.iterations.empty())
        return {};
    const int last = report.iterations.back().index;
    // With a peer, each cell says how much is on the device and how much on the peer.
    const bool twoGpus = report.spec.modeInfo().needsPeer();
    TextTable table;
    table.addColumn(twoGpus ? s(ReportTables::tr("on %1 / on %2").arg(q(report.device.id), q(report.spec.peerId)))
                            : s(ReportTables::tr("on the GPU")),
                    TextTable::Align::Left);
    std::vector<const ResidencySnapshot *> snapshots;
    for (const ResidencySnapshot &snapshot : residency.snapshots) {
        if (snapshot.iteration == last) {
            snapshots.push_back(&snapshot);
            table.addColumn(std::string(phaseName(snapshot.phase)));
        }
    }
    const auto share = [](const std::string &chunks, auto where) {
        const auto count = std::ranges::count_if(chunks, where);
        return std::to_string(chunks.empty() ? 0 : 100 * count / static_cast<std::ptrdiff_t>(chunks.size())) + "%";
    };
    const auto onDevice
        = [](char c) { return c == static_cast<char>(Location::Device) || c == static_cast<char>(Location::Both); };
    const auto onPeer = [](char c) { return c == static_cast<char>(Location::Peer); };
    for (std::size_t b = 0; b < residency.buffers.size(); ++b) {
        std::vector<std::string> row{residency.buffers[b].name};
        for (const ResidencySnapshot *snapshot : snapshots) {
            const std::string &chunks = snapshot->chunks[b];
            row.push_back(twoGpus ? share(chunks, onDevice) + " / " + share(chunks, onPeer) : share(chunks, onDevice));
        }
        table.addRow(row);
    }
    const QString source = residency.source == ResidencySource::Pages
        ? ReportTables::tr("from the pages the CPU held (/proc/self/pagemap) and what the run did")
        : ReportTables::tr("reconstructed from the migration records (CUDA has no call that says where a page is)");
    return ReportTables::tr("\nWhere the managed buffers' %1 chunks were after each phase of the last iteration, %2:\n")
               .arg(q(formatBytes(residency.chunkBytes)), source)
        + q(table.render());
}

} // namespace sharescope
