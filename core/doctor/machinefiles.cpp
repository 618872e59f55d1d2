// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/machinefiles.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#ifdef SHARESCOPE_HAVE_ZLIB
#include <zlib.h>
#endif

namespace sharescope::doctor {
namespace {

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && std::string_view(" \t\r\n").find(text.front()) != std::string_view::npos)
        text.remove_prefix(1);
    while (!text.empty() && std::string_view(" \t\r\n").find(text.back()) != std::string_view::npos)
        text.remove_suffix(1);
    return text;
}

// Calls `each` with every line of `text`, without its newline.
template<typename Each>
void forEachLine(std::string_view text, Each &&each)
{
    while (!text.empty()) {
        const std::size_t newline = text.find('\n');
        each(text.substr(0, newline));
        if (newline == std::string_view::npos)
            break;
        text.remove_prefix(newline + 1);
    }
}

std::vector<std::string_view> words(std::string_view line)
{
    std::vector<std::string_view> result;
    while (true) {
        const std::size_t start = line.find_first_not_of(" \t");
        if (start == std::string_view::npos)
            break;
        line.remove_prefix(start);
        const std::size_t end = line.find_first_of(" \t");
        result.push_back(line.substr(0, end));
        if (end == std::string_view::npos)
            break;
        line.remove_prefix(end);
    }
    return result;
}

template<typename T>
std::optional<T> whole(std::string_view text)
{
    T value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

// The kernel writes a space, tab, newline or backslash in a path as \ooo.
std::string unescaped(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 3 < text.size()) {
            const std::string_view digits = text.substr(i + 1, 3);
            int value = 0;
            const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value, 8);
            if (error == std::errc() && end == digits.data() + digits.size() && value < 256) {
                out.push_back(static_cast<char>(value));
                i += 3;
                continue;
            }
        }
        out.push_back(text[i]);
    }
    return out;
}

std::optional<std::uint64_t> limitValue(std::string_view text)
{
    if (text == "unlimited")
        return unlimited;
    return whole<std::uint64_t>(text);
}

} // namespace

std::vector<MountEntry> parseMountinfo(std::string_view text)
{
    std::vector<MountEntry> mounts;
    forEachLine(text, [&](std::string_view line) {
        const std::vector<std::string_view> fields = words(line);
        // id, parent, major:minor, root, mount point, options, optional
        // fields..., "-", type, source, super options
        const auto separator = std::ranges::find(fields, std::string_view("-"));
        if (fields.size() < 7 || separator - fields.begin() < 6 || fields.end() - separator < 3)
            return;
        MountEntry entry;
        entry.mountPoint = unescaped(fields[4]);
        entry.fsType = std::string(separator[1]);
        entry.source = unescaped(separator[2]);
        if (fields.end() - separator > 3)
            entry.options = std::string(separator[3]);
        mounts.push_back(std::move(entry));
    });
    return mounts;
}

const MountEntry *mountAt(const std::vector<MountEntry> &mounts, std::string_view point)
{
    for (auto it = mounts.rbegin(); it != mounts.rend(); ++it) {
        if (it->mountPoint == point)
            return &*it;
    }
    return nullptr;
}

std::optional<std::uint64_t> tmpfsSize(std::string_view options)
{
    while (!options.empty()) {
        const std::size_t comma = options.find(',');
        std::string_view option = options.substr(0, comma);
        options = comma == std::string_view::npos ? std::string_view() : options.substr(comma + 1);
        if (!option.starts_with("size="))
            continue;
        option.remove_prefix(5);
        std::uint64_t scale = 1;
        if (!option.empty()) {
            switch (option.back()) {
            case 'k':
            case 'K':
                scale = 1ULL << 10;
                break;
            case 'm':
            case 'M':
                scale = 1ULL << 20;
                break;
            case 'g':
            case 'G':
                scale = 1ULL << 30;
                break;
            default:
                break;
            }
        }
        if (scale != 1)
            option.remove_suffix(1);
        const auto number = whole<std::uint64_t>(option);
        if (!number || *number > UINT64_MAX / scale)
            return std::nullopt;
        return *number * scale;
    }
    return std::nullopt;
}

ProcessLimits parseLimits(std::string_view text)
{
    ProcessLimits limits;
    forEachLine(text, [&](std::string_view line) {
        // "Max open files            1024                 524288               files"
        for (const auto &[name, into] : {std::pair{std::string_view("Max open files"), &limits.openFiles},
                                         std::pair{std::string_view("Max locked memory"), &limits.lockedMemory}}) {
            if (!line.starts_with(name))
                continue;
            const std::vector<std::string_view> values = words(line.substr(name.size()));
            if (values.size() < 2)
                continue;
            const auto soft = limitValue(values[0]);
            const auto hard = limitValue(values[1]);
            if (soft && hard)
                *into = Limit{*soft, *hard};
        }
    });
    return limits;
}

std::optional<std::vector<int>> parseCpuList(std::string_view text, int most)
{
    text = trimmed(text);
    std::vector<int> cpus;
    if (text.empty())
        return cpus; // a node without CPUs
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view range = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const std::size_t dash = range.find('-');
        const auto first = whole<int>(range.substr(0, dash));
        const auto last = dash == std::string_view::npos ? first : whole<int>(range.substr(dash + 1));
        if (!first || !last || *first < 0 || *last < *first || *last > most)
            return std::nullopt;
        if (cpus.size() + static_cast<std::size_t>(*last - *first) > static_cast<std::size_t>(most) + 1)
            return std::nullopt;
        for (int cpu = *first; cpu <= *last; ++cpu)
            cpus.push_back(cpu);
    }
    std::ranges::sort(cpus);
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

std::optional<NvidiaModule> parseNvidiaVersion(std::string_view text)
{
    // "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build  (builder@)"
    // "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.216.03  Thu Apr  3 ..."
    const std::string_view line = text.substr(0, text.find('\n'));
    if (!line.starts_with("NVRM version:"))
        return std::nullopt;
    NvidiaModule module;
    module.open = line.find("Open Kernel Module") != std::string_view::npos;
    for (const std::string_view word : words(line)) {
        // The version: digits and dots, at least one dot.
        if (word.find('.') == std::string_view::npos || !std::isdigit(static_cast<unsigned char>(word.front())))
            continue;
        if (std::ranges::all_of(word, [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; })) {
            module.version = std::string(word);
            break;
        }
    }
    if (module.version.empty())
        return std::nullopt;
    return module;
}

std::map<std::string, std::string> parseKernelConfig(std::string_view text)
{
    std::map<std::string, std::string> options;
    forEachLine(text, [&](std::string_view line) {
        line = trimmed(line);
        if (line.starts_with("# CONFIG_") && line.ends_with(" is not set")) {
            line.remove_prefix(2);
            line.remove_suffix(11);
            if (!line.empty() && line.find(' ') == std::string_view::npos)
                // Not `= "n"`: GCC 12 at -O2 reads that assignment here as
                // an overlapping memcpy (-Wrestrict, a false warning).
                options.insert_or_assign(std::string(line), std::string("n"));
            return;
        }
        if (!line.starts_with("CONFIG_"))
            return;
        const std::size_t equals = line.find('=');
        if (equals == std::string_view::npos || equals == 0)
            return;
        options[std::string(line.substr(0, equals))] = std::string(line.substr(equals + 1));
    });
    return options;
}

std::optional<AerCounts> parseAer(std::string_view text)
{
    AerCounts aer;
    std::uint64_t sum = 0;
    bool overflow = false;
    forEachLine(text, [&](std::string_view line) {
        const std::vector<std::string_view> fields = words(line);
        if (fields.size() != 2)
            return;
        const auto count = whole<std::uint64_t>(fields[1]);
        if (!count)
            return;
        aer.counts[std::string(fields[0])] = *count;
        if (fields[0].starts_with("TOTAL_"))
            aer.total = *count;
        else if (sum > UINT64_MAX - *count)
            overflow = true;
        else
            sum += *count;
    });
    if (aer.counts.empty())
        return std::nullopt;
    if (!aer.total && !overflow)
        aer.total = sum;
    return aer;
}

std::optional<std::uint64_t> parseNamespaceLink(std::string_view text, std::string_view kind)
{
    text = trimmed(text);
    if (!text.starts_with(kind) || text.size() < kind.size() + 3 || text[kind.size()] != ':'
        || text[kind.size() + 1] != '[' || text.back() != ']')
        return std::nullopt;
    return whole<std::uint64_t>(text.substr(kind.size() + 2, text.size() - kind.size() - 3));
}

std::vector<std::string> containerHints(std::string_view cgroup)
{
    std::set<std::string> found;
    forEachLine(cgroup, [&](std::string_view line) {
        for (const auto &[word, hint] :
             {std::pair{"/docker", "docker"}, std::pair{"docker-", "docker"}, std::pair{"/kubepods", "kubernetes"},
              std::pair{"kubepods.slice", "kubernetes"}, std::pair{"/containerd", "containerd"},
              std::pair{"cri-containerd", "containerd"}, std::pair{"libpod", "podman"}, std::pair{"/lxc", "lxc"}}) {
            if (line.find(word) != std::string_view::npos)
                found.insert(hint);
        }
    });
    return {found.begin(), found.end()};
}

std::vector<std::string> iommuWords(std::string_view commandLine)
{
    std::vector<std::string> found;
    for (const std::string_view word : words(commandLine.substr(0, commandLine.find('\n')))) {
        for (const std::string_view prefix : {"intel_iommu=", "amd_iommu=", "iommu=", "iommu.passthrough=",
                                              "iommu.strict=", "pcie_acs_override=", "pci=noats"}) {
            if (word.starts_with(prefix)) {
                found.emplace_back(word);
                break;
            }
        }
    }
    return found;
}

std::optional<std::int64_t> parseInteger(std::string_view text)
{
    return whole<std::int64_t>(trimmed(text));
}

std::optional<bool> parseModuleBool(std::string_view text)
{
    text = trimmed(text);
    if (text == "Y" || text == "y" || text == "1")
        return true;
    if (text == "N" || text == "n" || text == "0")
        return false;
    return std::nullopt;
}

std::size_t countLines(std::string_view text)
{
    return static_cast<std::size_t>(std::ranges::count(text, '\n')) + (!text.empty() && text.back() != '\n');
}

std::optional<std::string> gunzip(std::string_view data, std::size_t most)
{
#ifdef SHARESCOPE_HAVE_ZLIB
    if (data.size() < 18 || static_cast<unsigned char>(data[0]) != 0x1f || static_cast<unsigned char>(data[1]) != 0x8b)
        return std::nullopt;
    z_stream stream{};
    if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) // 16: a gzip header
        return std::nullopt;
    std::string out;
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    stream.avail_in = static_cast<uInt>(std::min<std::size_t>(data.size(), UINT32_MAX));
    char chunk[16384];
    int status = Z_OK;
    while (status == Z_OK && out.size() < most) {
        stream.next_out = reinterpret_cast<Bytef *>(chunk);
        stream.avail_out = sizeof chunk;
        status = inflate(&stream, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END)
            break;
        out.append(chunk, sizeof chunk - stream.avail_out);
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END || out.size() > most)
        return std::nullopt;
    return out;
#else
    (void)data, (void)most;
    return std::nullopt;
#endif
}

} // namespace sharescope::doctor
