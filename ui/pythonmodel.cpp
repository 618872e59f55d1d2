// SPDX-License-Identifier: GPL-3.0-or-later
#include "pythonmodel.h"

#include "bytesize.h"
#include "catalogue.h"
#include "language.h"
#include "pythontext.h"
#include "report/runreport.h"
#include "textconv.h"

#include <algorithm>

namespace sharescope {

void PythonModel::setResults(std::vector<PythonRouteResult> results)
{
    m_results = std::move(results);
    m_savedModeNs.clear(); // measured now: beside this machine's runs only
    rebuild();
}

void PythonModel::setShareScopeRuns(const ReportSet &set)
{
    m_runs = set;
    rebuild();
}

std::vector<ModeId> PythonModel::matchingModes() const
{
    std::vector<ModeId> modes;
    for (const PythonRouteResult &r : m_results) {
        const ModeId mode = pythonRouteInfo(r.route).mode;
        if (r.state == RouteState::Measured && std::ranges::find(modes, mode) == modes.end())
            modes.push_back(mode);
    }
    return modes;
}

void PythonModel::setSaved(std::vector<PythonRouteResult> results, std::vector<std::optional<std::uint64_t>> modeNs)
{
    m_results = std::move(results);
    m_savedModeNs = std::move(modeNs);
    rebuild();
}

void PythonModel::rebuild()
{
    std::vector<PythonRow> rows;
    for (std::size_t i = 0; i < m_results.size(); ++i) {
        const PythonRouteResult &r = m_results[i];
        PythonRow row{r, i < m_savedModeNs.size() ? m_savedModeNs[i] : std::nullopt};
        const PythonRouteInfo &info = pythonRouteInfo(r.route);
        for (const RunReport &run : m_runs.runs) {
            // The same mode moving the same bytes: scale has one buffer.
            if (run.spec.mode != info.mode || run.spec.kernel != KernelId::Scale || run.spec.bytes != r.bytes)
                continue;
            for (const PhaseSummary &summary : summarize(run)) {
                if (summary.phase == info.phase)
                    row.modeNs = summary.hostNs.median;
            }
        }
        rows.push_back(std::move(row));
    }
    setRows(std::move(rows));
}

QVariant PythonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Route:
        return tr("route");
    case Framework:
        return tr("framework");
    case Step:
        return tr("step");
    case Time:
        return tr("time");
    case Bandwidth:
        return tr("bandwidth");
    case Mode:
        return tr("ShareScope");
    case ModeTime:
        return tr("its time");
    case Ratio:
        return tr("route / ShareScope");
    case Shared:
        return tr("same memory");
    case Note:
        return tr("note");
    }
    return {};
}

QVariant PythonModel::cell(const PythonRow &row, int column, int role) const
{
    const PythonRouteResult &r = row.result;
    const PythonRouteInfo &info = pythonRouteInfo(r.route);
    const bool measured = r.state == RouteState::Measured;
    if (role == Qt::ToolTipRole) {
        if (column == Framework && measured)
            return q(r.memory);
        if (column == Note)
            return pythonStateText(r);
        return {};
    }
    if (role == Qt::TextAlignmentRole && column >= Time && column <= Ratio)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Route:
        return q(info.name);
    case Framework:
        return measured ? q(r.framework) : QString();
    case Step:
        return q(phaseName(info.phase));
    case Time:
        return measured ? q(formatDuration(r.medianNs)) : QStringLiteral("—");
    case Bandwidth:
        return measured && pythonStepMovesBytes(info)
            ? q(formatBandwidth(static_cast<double>(r.bytes) / (static_cast<double>(r.medianNs) / 1e9)))
            : QStringLiteral("—");
    case Mode:
        return q(modeName(info.mode));
    case ModeTime:
        return row.modeNs ? q(formatDuration(*row.modeNs)) : QStringLiteral("—");
    case Ratio:
        if (!measured || !row.modeNs || *row.modeNs == 0)
            return QStringLiteral("—");
        return timesText(static_cast<double>(r.medianNs) / static_cast<double>(*row.modeNs), 2);
    case Shared:
        return measured ? pythonSharedText(r) : QStringLiteral("—");
    case Note:
        return measured ? (row.modeNs ? QString() : tr("compare ShareScope's modes to set them beside it"))
                        : pythonStateText(r);
    }
    return {};
}

} // namespace sharescope
