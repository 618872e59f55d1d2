// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceilings/pcielink.h"

#include "trnoop.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace sharescope {
namespace {

// Every rate a PCIe generation defines, 1.0 to 7.0.
constexpr std::array<double, 7> pcieRates{2.5, 5.0, 8.0, 16.0, 32.0, 64.0, 128.0};

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

std::optional<std::string> readFile(const std::filesystem::path &path)
{
    std::ifstream in(path);
    if (!in)
        return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return std::string(trimmed(text.str()));
}

bool isHex(std::string_view text)
{
    return !text.empty()
        && std::ranges::all_of(text, [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char &c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

std::optional<double> parseLinkSpeed(std::string_view text)
{
    text = trimmed(text);
    double rate = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), rate);
    if (error != std::errc())
        return std::nullopt;
    const std::string_view unit = trimmed(std::string_view(end, text.data() + text.size() - end));
    if (!unit.starts_with("GT/s"))
        return std::nullopt;
    for (const double known : pcieRates) {
        if (std::abs(rate - known) < 0.01)
            return known;
    }
    return std::nullopt;
}

std::optional<int> parseLinkWidth(std::string_view text)
{
    text = trimmed(text);
    if (text.starts_with('x') || text.starts_with('X'))
        text.remove_prefix(1);
    int width = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), width);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    for (const int known : {1, 2, 4, 8, 12, 16, 32}) {
        if (width == known)
            return width;
    }
    return std::nullopt;
}

std::optional<std::string> normalizeBusId(std::string_view busId)
{
    // domain:bus:device.function
    busId = trimmed(busId);
    const auto first = busId.find(':');
    const auto second = busId.find(':', first == std::string_view::npos ? first : first + 1);
    const auto dot = busId.rfind('.');
    if (first == std::string_view::npos || second == std::string_view::npos || dot == std::string_view::npos
        || dot < second)
        return std::nullopt;
    std::string_view domain = busId.substr(0, first);
    const std::string_view bus = busId.substr(first + 1, second - first - 1);
    const std::string_view device = busId.substr(second + 1, dot - second - 1);
    const std::string_view function = busId.substr(dot + 1);
    if (!isHex(domain) || !isHex(bus) || !isHex(device) || !isHex(function) || bus.size() > 2 || device.size() > 2
        || function.size() != 1)
        return std::nullopt;
    while (domain.size() > 4 && domain.front() == '0')
        domain.remove_prefix(1);
    std::string normalized = std::string(4 - std::min<std::size_t>(4, domain.size()), '0') + lower(domain);
    normalized += ":" + std::string(2 - bus.size(), '0') + lower(bus);
    normalized += ":" + std::string(2 - device.size(), '0') + lower(device) + "." + lower(function);
    return normalized;
}

Result<PcieLink> readPcieLink(const std::filesystem::path &sysfsRoot, std::string_view busId)
{
    const auto normalized = normalizeBusId(busId);
    if (!normalized)
        return errorOf(ErrorKind::Failed, SHARESCOPE_TR_NOOP("Core", "'%1' is not a PCI address"),
                       {std::string(busId)});
    const std::filesystem::path device = sysfsRoot / "bus" / "pci" / "devices" / *normalized;
    PcieLink link;
    link.busId = *normalized;
    const auto read = [&](const char *speedFile, const char *widthFile, LinkState &state) -> Status {
        for (const char *file : {speedFile, widthFile}) {
            const auto text = readFile(device / file);
            if (!text)
                return errorOf(ErrorKind::Failed, SHARESCOPE_TR_NOOP("Core", "%1 cannot be read"),
                               {(device / file).string()});
            (file == speedFile ? state.speedText : state.widthText) = *text;
        }
        state.gigaTransfers = parseLinkSpeed(state.speedText);
        state.width = parseLinkWidth(state.widthText);
        return okStatus();
    };
    if (Status s = read("current_link_speed", "current_link_width", link.current); !s)
        return s.error();
    if (Status s = read("max_link_speed", "max_link_width", link.max); !s)
        return s.error();
    return link;
}

double linkBytesPerSecond(double gigaTransfers, int width)
{
    const double efficiency = gigaTransfers < 8.0 ? 8.0 / 10.0 : gigaTransfers < 64.0 ? 128.0 / 130.0 : 242.0 / 256.0;
    // One bit per transfer per lane.
    return gigaTransfers * 1e9 * width * efficiency / 8.0;
}

std::string_view linkEncoding(double gigaTransfers)
{
    return gigaTransfers < 8.0 ? "8b/10b" : gigaTransfers < 64.0 ? "128b/130b" : "FLIT 242B/256B";
}

} // namespace sharescope
