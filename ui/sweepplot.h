// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plotstyle.h"
#include "report/reportset.h"

namespace sharescope {

// Bandwidth against buffer size, log-log, one line per mode, for one phase.
class SweepPlot : public Plot
{
    Q_OBJECT

public:
    explicit SweepPlot(QWidget *parent = nullptr);
    void setReports(const ReportSet &set);
    void setPhase(Phase phase);
    Phase phase() const { return m_phase; }

private:
    void rebuild();

    ReportSet m_set;
    Phase m_phase = Phase::Kernel;
};

} // namespace sharescope
