// SPDX-License-Identifier: GPL-3.0-or-later
#include "dlpackmatrix.h"

#include "pythonroutes.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace sharescope {
namespace {

constexpr std::array<std::pair<HandOff, std::string_view>, 4> outcomeNames{{
    {HandOff::Shared, "shared"},
    {HandOff::Copied, "copied"},
    {HandOff::Refused, "refused"},
    {HandOff::Unavailable, "unavailable"},
}};

Result<std::string> field(const nlohmann::json &object, const char *key, bool required)
{
    const auto at = object.find(key);
    if (at == object.end() || at->is_null()) {
        if (required)
            return failed(std::string("a cell without \"") + key + "\"");
        return std::string();
    }
    if (!at->is_string())
        return failed(std::string("\"") + key + "\" is not a string");
    std::string value = at->get<std::string>();
    if (value.size() > pythonTextLimit)
        return failed(std::string("\"") + key + "\" is longer than " + std::to_string(pythonTextLimit) + " bytes");
    std::ranges::replace_if(
        value, [](char c) { return static_cast<unsigned char>(c) < 0x20; }, ' ');
    return value;
}

bool known(std::span<const std::string_view> names, const std::string &name)
{
    return std::ranges::find(names, name) != names.end();
}

} // namespace

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
            auto value = field(cell, key, true);
            if (!value)
                return value.error();
            *into = std::move(*value);
        }
        if (!known(dlpackFrameworks, c.producer) || !known(dlpackFrameworks, c.consumer)
            || !known(dlpackMemories, c.memory))
            return failed("a cell of an unknown framework or memory");
        if (c.interface != "dlpack" && c.interface != "cuda-array-interface")
            return failed("an unknown interface '" + c.interface + "'");
        auto outcome = field(cell, "outcome", true);
        auto message = field(cell, "message", false);
        auto device = field(cell, "producerDevice", false);
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
        const bool repeated = std::ranges::any_of(matrix.cells, [&](const DlpackCell &other) {
            return other.producer == c.producer && other.memory == c.memory && other.consumer == c.consumer;
        });
        if (repeated)
            return failed("a cell given twice");
        matrix.cells.push_back(std::move(c));
    }
    return matrix;
}

} // namespace sharescope
