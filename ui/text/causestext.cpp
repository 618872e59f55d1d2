// SPDX-License-Identifier: GPL-3.0-or-later
#include "causestext.h"

#include "bytesize.h"
#include "textconv.h"

#include <QCoreApplication>
#include <QStringList>

namespace sharescope {

class CausesText
{
    Q_DECLARE_TR_FUNCTIONS(CausesText)
};

namespace {

// Why the driver's access counters moved nothing.
QString accessCountersIdle(const std::optional<int> &setting)
{
    if (!setting)
        return CausesText::tr("access counters: none (the driver's setting could not be read)");
    if (*setting < 0) {
        return CausesText::tr("access counters: none, off by the driver's default policy "
                              "(uvm_perf_access_counter_migration_enable = %1), which turns them on only where the "
                              "CPU and the GPU share page tables (ATS)")
            .arg(*setting);
    }
    if (*setting == 0)
        return CausesText::tr("access counters: none, turned off (uvm_perf_access_counter_migration_enable = 0)");
    return CausesText::tr("access counters: none, though on (uvm_perf_access_counter_migration_enable = %1): no "
                          "memory was accessed from afar often enough")
        .arg(*setting);
}

} // namespace

QString migrationCausesText(const RunReport &report)
{
    if (!report.counted.migratedByCause)
        return {};
    const std::uint64_t iterations = static_cast<std::uint64_t>(std::max(report.spec.iterations, 1));
    const auto per = [&](MigrationCause cause) {
        return (*report.counted.migratedByCause)[static_cast<std::size_t>(cause)] / iterations;
    };
    QStringList parts;
    parts << CausesText::tr("%1 on faults (coherence)").arg(q(formatBytes(per(MigrationCause::Coherence))));
    parts << CausesText::tr("%1 by the driver's own prefetching around faults (prefetch)")
                 .arg(q(formatBytes(per(MigrationCause::Prefetch))));
    parts << CausesText::tr("%1 by prefetch calls and advice (user)").arg(q(formatBytes(per(MigrationCause::User))));
    parts << CausesText::tr("%1 evicted (eviction)").arg(q(formatBytes(per(MigrationCause::Eviction))));
    if (const std::uint64_t counted = per(MigrationCause::AccessCounters))
        parts << CausesText::tr("%1 by access counters").arg(q(formatBytes(counted)));
    else
        parts << accessCountersIdle(report.counted.accessCounterMigration);
    if (const std::uint64_t unknown = per(MigrationCause::Unknown))
        parts << CausesText::tr("%1 without a cause").arg(q(formatBytes(unknown)));
    QString text = parts.join(QStringLiteral("; "));
    if (report.counted.recordsSource == RecordsSource::Cupti)
        text += CausesText::tr(" (from CUPTI's records, which can miss some without saying so)");
    return text;
}

} // namespace sharescope
