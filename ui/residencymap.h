// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/residency.h"

#include <QWidget>

namespace sharescope {

// Each managed buffer as a grid of chunks coloured host / device /
// untouched, for one snapshot of the run (after one phase).
class ResidencyMap : public QWidget
{
    Q_OBJECT

public:
    explicit ResidencyMap(QWidget *parent = nullptr);

    void setResidency(const Residency &residency);
    void setSnapshot(int index);
    int snapshotCount() const { return static_cast<int>(m_residency.snapshots.size()); }
    const Residency &residency() const { return m_residency; }
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    Residency m_residency;
    int m_snapshot = 0;
};

} // namespace sharescope
