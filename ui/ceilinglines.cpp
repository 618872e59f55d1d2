// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilinglines.h"

#include "ceilingtext.h"
#include "textconv.h"

#include "bytesize.h"

#include <QCoreApplication>

#include <map>

// The translation context of this file's messages.
class CeilingLines
{
    Q_DECLARE_TR_FUNCTIONS(CeilingLines)
};

namespace sharescope {
namespace {

struct Line
{
    double ceiling = 0; // the path's, bytes per second
    double level = 0; // in the plotted bandwidth's terms, GB/s
};

void addLine(QCustomPlot *plot, const QString &name, Qt::PenStyle style, const Line &line, double lowX, double highX)
{
    QCPGraph *graph = plot->addGraph();
    const bool scaled = std::abs(line.level * 1e9 - line.ceiling) > 1e-3 * line.ceiling;
    graph->setName(scaled ? CeilingLines::tr("%1 %2 (%3 of this phase's bytes)")
                                .arg(name, q(formatBandwidth(line.ceiling)), q(formatBandwidth(line.level * 1e9)))
                          : CeilingLines::tr("%1 %2").arg(name, q(formatBandwidth(line.ceiling))));
    graph->setPen(QPen(QColor(0x70, 0x70, 0x70), 1.5, style));
    graph->addData(lowX, line.level);
    graph->addData(highX, line.level);
}

} // namespace

void addCeilingLines(QCustomPlot *plot, const ReportSet &set, Phase phase, double lowX, double highX, double &lowY,
                     double &highY)
{
    // Per path, from the largest run (its working set is least likely cached).
    std::map<Path, std::pair<std::optional<Line>, std::optional<Line>>> lines;
    std::uint64_t largest = 0;
    for (const RunReport &run : set.runs) {
        for (const PhaseSummary &summary : summarize(run)) {
            const auto ceiling = summary.phase == phase ? ceilingOf(run, summary.median) : std::nullopt;
            const auto plotted = summary.median.bandwidth();
            if (!ceiling || !ceiling->path || !ceiling->bytesPerSecond || !plotted || run.spec.bytes < largest)
                continue;
            largest = run.spec.bytes;
            const double scale = *plotted / *ceiling->bytesPerSecond;
            const auto line = [&](const std::optional<double> &value) {
                return value ? std::optional(Line{*value, *value * scale / 1e9}) : std::nullopt;
            };
            lines[*ceiling->path] = {line(run.ceilings->specificationOf(*ceiling->path).bytesPerSecond),
                                     line(run.ceilings->measuredOf(*ceiling->path).bytesPerSecond)};
        }
    }
    for (const auto &[path, pair] : lines) {
        const auto &[specification, measured] = pair;
        if (specification)
            addLine(plot, CeilingLines::tr("%1, specification").arg(pathText(path)), Qt::DashLine, *specification, lowX,
                    highX);
        if (measured)
            addLine(plot, CeilingLines::tr("%1, measured").arg(pathText(path)), Qt::DotLine, *measured, lowX, highX);
        for (const auto &line : {specification, measured}) {
            if (line) {
                lowY = std::min(lowY, line->level);
                highY = std::max(highY, line->level);
            }
        }
    }
}

} // namespace sharescope
