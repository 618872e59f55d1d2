// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/runreport.h"

#include <QString>

namespace sharescope {

// Why pages moved in one measured iteration, from the migration records'
// causes, in the current language: "69 MiB on faults (coherence); 699 MiB
// by the driver's own prefetching around faults (prefetch); ...". A cause
// the driver can give but never did here is named with the reason (access
// counters: off by its default policy). Empty where the report has no
// causes (no records, or written before they were kept).
QString migrationCausesText(const RunReport &report);

} // namespace sharescope
