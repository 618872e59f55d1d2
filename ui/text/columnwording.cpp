// SPDX-License-Identifier: GPL-3.0-or-later
#include "columnwording.h"

#include "bytesize.h"
#include "textconv.h"

#include <QCoreApplication>

// The translation context of this file's messages.
class ColumnWording
{
    Q_DECLARE_TR_FUNCTIONS(ColumnWording)
};

namespace sharescope {
namespace {

// Which sources the counted runs' totals came from.
struct Sources
{
    bool driver = false; // the UVM driver's own counts
    bool records = false; // the sums of CUPTI's records
    bool faultGroups = false; // some GPU faults are CUPTI's fault groups
    bool driverFaults = false; // some are the driver's GPU page faults
    bool deviceToDevice = false; // CUPTI's bytes between two GPUs are in
};

Sources sourcesOf(const std::vector<RunReport> &runs)
{
    Sources sources;
    for (const RunReport &run : runs) {
        const IterationTotals totals = iterationTotals(run);
        if (!totals.migrated)
            continue;
        if (run.counted.totals == CounterTotals::Driver)
            sources.driver = true;
        else
            sources.records = true;
        if (totals.faultGroups)
            sources.faultGroups = true;
        else
            sources.driverFaults = true;
        sources.deviceToDevice = sources.deviceToDevice || totals.deviceToDevice;
    }
    return sources;
}

// Where counts came from, in brackets; empty where no run counted.
QString sourceText(bool driver, bool records)
{
    if (driver && records)
        return ColumnWording::tr(" (the driver's own counts, else the sums of CUPTI's records)");
    if (driver)
        return ColumnWording::tr(" (the driver's own counts)");
    if (records)
        return ColumnWording::tr(" (the sums of CUPTI's records)");
    return {};
}

} // namespace

QString copiedText(std::uint64_t bytes)
{
    return bytes == 0 ? QStringLiteral("—") : q(formatBytes(bytes));
}

QString nothingCopiedTip()
{
    return ColumnWording::tr("The program copied and prefetched nothing here. Pages that the driver migrated, if "
                             "any, are counted apart: Migrated, and the Migration tab.");
}

QString copiedMeaning(Per per)
{
    return per == Per::Phase
        ? ColumnWording::tr("bytes the program itself copied or prefetched in the phase; — where it copied nothing")
        : ColumnWording::tr("bytes the program itself copied or prefetched per iteration; — where it copied nothing");
}

QString migratedMeaning(const std::vector<RunReport> &runs)
{
    const Sources sources = sourcesOf(runs);
    QString meaning = ColumnWording::tr("bytes the driver migrated as pages, both ways, per iteration%1")
                          .arg(sourceText(sources.driver, sources.records));
    if (sources.deviceToDevice)
        meaning = ColumnWording::tr("%1; between the two GPUs, the migration records alone").arg(meaning);
    return meaning;
}

QString faultsMeaning(const std::vector<RunReport> &runs)
{
    const Sources sources = sourcesOf(runs);
    // One source for both kinds of fault: said once.
    if (sources.driver && !sources.records && sources.driverFaults && !sources.faultGroups)
        return ColumnWording::tr("CPU page faults + GPU page faults, per iteration%1").arg(sourceText(true, false));
    if (sources.records && !sources.driver && sources.faultGroups && !sources.driverFaults)
        return ColumnWording::tr("CPU page faults + GPU fault groups, per iteration%1").arg(sourceText(false, true));
    QString gpu;
    if (sources.driverFaults && sources.faultGroups)
        gpu = ColumnWording::tr("GPU page faults (the driver's own counts), else GPU fault groups (CUPTI's records)");
    else if (sources.faultGroups)
        gpu = ColumnWording::tr("GPU fault groups (CUPTI's records)");
    else if (sources.driverFaults)
        gpu = ColumnWording::tr("GPU page faults (the driver's own counts)");
    else
        gpu = ColumnWording::tr("GPU page faults");
    return ColumnWording::tr("CPU page faults%1 + %2, per iteration")
        .arg(sourceText(sources.driver, sources.records), gpu);
}

QString lowerBoundMeaning()
{
    return ColumnWording::tr("a lower bound: the driver's own counters were not reported, and CUPTI lost some of "
                             "its migration records in that run");
}

QString headerTip(const QString &header, const QString &meaning)
{
    return ColumnWording::tr("%1: %2").arg(QString(header).replace(QLatin1Char('\n'), QLatin1Char(' ')), meaning);
}

} // namespace sharescope
