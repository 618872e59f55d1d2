// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "run/experimentset.h"

#include <QElapsedTimer>
#include <QString>
#include <QTextStream>

namespace sharescope {

// Progress of a long command on one terminal line of stderr, redrawn at most
// ten times a second; silent when stderr is not a terminal.
class ProgressLine final : public SetObserver
{
public:
    ProgressLine(QTextStream &err, bool enabled);

    void setTask(const QString &task);
    void runStarting(std::size_t index, std::size_t total, const ExperimentSpec &spec) override;
    void progress(int done, int total) override;
    void clear();

private:
    QTextStream &m_err;
    const bool m_enabled;
    QString m_task;
    QElapsedTimer m_sinceDraw;
    int m_width = 0;
};

} // namespace sharescope
