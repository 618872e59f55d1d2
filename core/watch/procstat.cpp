// SPDX-License-Identifier: GPL-3.0-or-later
#include "watch/procstat.h"

#include <charconv>

namespace sharescope::watch {
namespace {

template<typename T>
std::optional<T> numberAt(std::string_view text)
{
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace

std::optional<ProcStat> parseProcStat(std::string_view line)
{
    // "1234 (a (b) c) S 1 ..." : the name is what lies between the first
    // '(' and the LAST ')', since the name itself may hold either.
    const std::size_t open = line.find('(');
    const std::size_t close = line.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open || open < 2)
        return std::nullopt;
    ProcStat stat;
    std::string_view head = line.substr(0, open);
    while (!head.empty() && head.back() == ' ')
        head.remove_suffix(1);
    const auto pid = numberAt<int>(head);
    if (!pid || *pid <= 0)
        return std::nullopt;
    stat.pid = *pid;
    stat.name = std::string(line.substr(open + 1, close - open - 1));
    // After the name: state (field 3), ppid (4), ... starttime (22).
    std::string_view rest = line.substr(close + 1);
    std::vector<std::string_view> fields;
    while (!rest.empty() && fields.size() < 20) {
        while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\n'))
            rest.remove_prefix(1);
        if (rest.empty())
            break;
        const std::size_t end = rest.find_first_of(" \n");
        fields.push_back(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    }
    if (fields.size() < 20 || fields[0].size() != 1)
        return std::nullopt;
    stat.state = fields[0][0];
    const auto parent = numberAt<int>(fields[1]);
    const auto start = numberAt<std::uint64_t>(fields[19]);
    if (!parent || *parent < 0 || !start)
        return std::nullopt;
    stat.parentPid = *parent;
    stat.startTicks = *start;
    return stat;
}

std::vector<std::string> parseCommandLine(std::string_view bytes)
{
    std::vector<std::string> arguments;
    while (!bytes.empty()) {
        const std::size_t end = bytes.find('\0');
        arguments.emplace_back(bytes.substr(0, end));
        if (end == std::string_view::npos)
            break;
        bytes.remove_prefix(end + 1);
    }
    return arguments;
}

std::string commandText(const std::vector<std::string> &arguments, std::size_t limit)
{
    std::string text;
    for (const std::string &argument : arguments) {
        if (!text.empty())
            text += ' ';
        const bool plain = !argument.empty() && argument.find_first_of(" \t\n'\"\\$`*?;&|<>()") == std::string::npos;
        if (plain) {
            text += argument;
            continue;
        }
        text += '\'';
        for (const char c : argument)
            text += c == '\'' ? std::string("'\\''") : std::string(1, c == '\n' ? ' ' : c);
        text += '\'';
    }
    if (text.size() > limit) {
        // Cut on a character's first byte, so that UTF-8 stays whole.
        std::size_t cut = limit;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut;
        text = text.substr(0, cut) + "…";
    }
    return text;
}

std::vector<int> parseChildren(std::string_view text)
{
    std::vector<int> pids;
    while (!text.empty()) {
        while (!text.empty() && (text.front() == ' ' || text.front() == '\n'))
            text.remove_prefix(1);
        const std::size_t end = text.find_first_of(" \n");
        const std::string_view word = text.substr(0, end);
        if (!word.empty()) {
            if (const auto pid = numberAt<int>(word); pid && *pid > 0)
                pids.push_back(*pid);
        }
        text = end == std::string_view::npos ? std::string_view() : text.substr(end);
    }
    return pids;
}

} // namespace sharescope::watch
