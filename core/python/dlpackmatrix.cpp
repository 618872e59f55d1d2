// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/dlpackmatrix.h"

#include "python/pythonjson.h"
#include "python/pythonroutes.h"

#include <algorithm>

namespace sharescope {
namespace {

constexpr std::array<std::pair<HandOff, std::string_view>, 4> outcomeNames{{
    {HandOff::Shared, "shared"},
    {HandOff::Copied, "copied"},
    {HandOff::Refused, "refused"},
    {HandOff::Unavailable, "unavailable"},
}};

bool known(std::span<const std::string_view> names, const std::string &name)
{
    return std::ranges::find(names, name) != names.end();
}

} // namespace

const DlpackCell *DlpackMatrix::cell(std::string_view producer, std::string_view memory,
                                     std::string_view consumer) const
{
    const auto at = std::ranges::find_if(cells, [&](const DlpackCell &c) {
        return c.producer == producer && c.memory == memory && c.consumer == consumer;
    });
    return at == cells.end() ? nullptr : &*at;
}

std::string_view handOffName(HandOff outcome)
{
    return std::ranges::find(outcomeNames, outcome, &std::pair<HandOff, std::string_view>::first)->second;
}

Result<DlpackMatrix> parseDlpackMatrixLine(std::string_view line)
{
    const nlohmann::json json = nlohmann::json::parse(line, nullptr, false);
    if (json.is_discarded() || !json.is_object())
        return failed("not a JSON object");
    if (json.value("route", nlohmann::json()) != "dlpack-matrix")
        return failed("not the DLPack matrix's line");
    DlpackMatrix matrix;
    if (const auto versions = json.find("versions"); versions != json.end()) {
        if (!versions->is_object())
            return failed("\"versions\" is not an object");
        for (const auto &[name, version] : versions->items()) {
            if (!known(dlpackFrameworks, name) || !version.is_string() || version.get<std::string>().size() > 100)
                return failed("a version that is not a framework's: " + name.substr(0, 40));
            matrix.versions[name] = version.get<std::string>();
        }
    }
    const auto cells = json.find("cells");
    if (cells == json.end() || !cells->is_array())
        return failed("no \"cells\" list");
    if (cells->size() > dlpackFrameworks.size() * dlpackMemories.size() * dlpackFrameworks.size())
        return failed("more cells than frameworks and memories make");
    for (const nlohmann::json &cell : *cells) {
        if (!cell.is_object())
            return failed("a cell that is not an object");
        DlpackCell c;
        for (auto [key, into] : {std::pair{"producer", &c.producer}, std::pair{"memory", &c.memory},
                                 std::pair{"consumer", &c.consumer}, std::pair{"interface", &c.interface}}) {
            auto value = pythonText(cell, key, true, pythonTextLimit);
            if (!value)
                return value.error();
            *into = std::move(*value);
        }
        if (!known(dlpackFrameworks, c.producer) || !known(dlpackFrameworks, c.consumer)
            || !known(dlpackMemories, c.memory))
            return failed("a cell of an unknown framework or memory");
        if (c.interface != "dlpack" && c.interface != "cuda-array-interface")
            return failed("an unknown interface '" + c.interface + "'");
        auto outcome = pythonText(cell, "outcome", true, pythonTextLimit);
        auto message = pythonText(cell, "message", false, pythonTextLimit);
        auto device = pythonText(cell, "producerDevice", false, pythonTextLimit);
        if (!outcome)
            return outcome.error();
        if (!message)
            return message.error();
        if (!device)
            return device.error();
        const auto named = std::ranges::find(outcomeNames, *outcome, &std::pair<HandOff, std::string_view>::second);
        if (named == outcomeNames.end())
            return failed("an unknown outcome '" + *outcome + "'");
        c.outcome = named->first;
        c.message = std::move(*message);
        c.producerDevice = std::move(*device);
        if ((c.outcome == HandOff::Refused || c.outcome == HandOff::Unavailable) && c.message.empty())
            return failed("a " + *outcome + " cell without a message");
        if (matrix.cell(c.producer, c.memory, c.consumer))
            return failed("a cell given twice");
        matrix.cells.push_back(std::move(c));
    }
    return matrix;
}

DlpackMatrixRun runDlpackMatrix(PythonRunPlan plan, const std::string &source, const std::atomic<bool> *stop)
{
    plan.bytes = 4096; // the script makes 1,024-element arrays of its own
    DlpackMatrixRun run;
    PythonScriptOutput out = runPythonScript(plan, "dlpack-matrix", source, stop);
    run.problem = out.problem;
    run.detail = std::move(out.detail);
    if (run.problem != RouteProblem::None)
        return run;
    if (auto matrix = parseDlpackMatrixLine(out.line)) {
        run.matrix = std::move(*matrix);
    } else {
        run.problem = RouteProblem::Unreadable;
        run.detail = matrix.error().message;
    }
    return run;
}

} // namespace sharescope
