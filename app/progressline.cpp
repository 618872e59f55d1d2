// SPDX-License-Identifier: GPL-3.0-or-later
#include "progressline.h"

#include "bytesize.h"
#include "textconv.h"

namespace sharescope {

ProgressLine::ProgressLine(QTextStream &err, bool enabled)
    : m_err(err)
    , m_enabled(enabled)
{
}

void ProgressLine::setTask(const QString &task)
{
    m_task = task;
    m_sinceDraw.invalidate();
    progress(0, 1);
}

void ProgressLine::runStarting(std::size_t index, std::size_t total, const ExperimentSpec &spec)
{
    const QString task = QStringLiteral("%1 · %2").arg(q(modeName(spec.mode)), q(formatBytes(spec.bytes)));
    setTask(total > 1 ? QStringLiteral("[%1/%2] %3").arg(index + 1).arg(total).arg(task) : task);
}

void ProgressLine::progress(int done, int total)
{
    if (!m_enabled || (m_sinceDraw.isValid() && m_sinceDraw.elapsed() < 100 && done < total))
        return;
    m_sinceDraw.start();
    const QString line = QStringLiteral("%1 %2%").arg(m_task).arg(total ? 100 * done / total : 0);
    m_err << '\r' << line.leftJustified(m_width) << Qt::flush;
    m_width = static_cast<int>(line.size());
}

void ProgressLine::clear()
{
    if (!m_enabled || m_width == 0)
        return;
    m_err << '\r' << QString(m_width, QLatin1Char(' ')) << '\r' << Qt::flush;
    m_width = 0;
}

} // namespace sharescope
