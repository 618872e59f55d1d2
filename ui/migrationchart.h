// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plotstyle.h"
#include "report/runreport.h"

namespace sharescope {

// Bytes migrated host→device and device→host per phase (medians of the
// measured iterations), from the unified-memory counters.
class MigrationChart : public Plot
{
    Q_OBJECT

public:
    explicit MigrationChart(QWidget *parent = nullptr);
    void setReport(const RunReport &report);
    void clear();

private:
    QCPBars *m_toDevice;
    QCPBars *m_toHost;
};

} // namespace sharescope
