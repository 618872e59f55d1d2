// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plotstyle.h"
#include "report/reportset.h"

namespace sharescope {

// One group of bars per mode, one bar per phase (its median host time), on a
// log scale: a phase that does nothing and one that moves a gigabyte both show.
class CompareChart : public Plot
{
    Q_OBJECT

public:
    explicit CompareChart(QWidget *parent = nullptr);
    void setReports(const ReportSet &set);
    void clear();

private:
    std::vector<QCPBars *> m_phases;
};

} // namespace sharescope
