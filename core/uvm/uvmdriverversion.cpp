// SPDX-License-Identifier: GPL-3.0-or-later
#include "uvm/uvmdriverversion.h"

#include "uvm/uvmsystem.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

namespace sharescope::uvm {
namespace {

constexpr const char *uvmVersionPath = "/sys/module/nvidia_uvm/version";
constexpr const char *nvidiaVersionPath = "/proc/driver/nvidia/version";

// Branches whose tools interface was read in NVIDIA's open kernel module
// (kernel-open/nvidia-uvm) at every tag of the branch: ioctls 56 and 60, the
// 56-byte UVM_TOOLS_INIT_EVENT_TRACKER_PARAMS with rmStatus at offset 48,
// counters 0, 1, 2 and 9 counted the same way. 550, 555 and 560 use other
// layouts of those parameters, so they are left out rather than guessed.
constexpr std::array<int, 7> knownBranches{535, 565, 570, 575, 580, 590, 595};

bool isDigit(char c)
{
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

bool isSpace(char c)
{
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

bool isVersion(std::string_view word)
{
    int numbers = 0;
    std::size_t at = 0;
    while (true) {
        const std::size_t start = at;
        while (at < word.size() && isDigit(word[at]))
            ++at;
        if (at == start)
            return false;
        ++numbers;
        if (at == word.size())
            return numbers >= 2;
        if (word[at] != '.')
            return false;
        ++at;
    }
}

std::string shown(std::string_view text)
{
    constexpr std::size_t limit = 80;
    std::string line(text.substr(0, text.find('\n')));
    if (line.size() > limit)
        line = line.substr(0, limit) + "...";
    return "'" + line + "'";
}

} // namespace

std::optional<std::string> findDriverVersion(std::string_view text)
{
    text = text.substr(0, text.find('\n'));
    std::size_t at = 0;
    while (at < text.size()) {
        while (at < text.size() && isSpace(text[at]))
            ++at;
        const std::size_t start = at;
        while (at < text.size() && !isSpace(text[at]))
            ++at;
        const std::string_view word = text.substr(start, at - start);
        if (isVersion(word))
            return std::string(word);
    }
    return std::nullopt;
}

bool uvmCountersKnowBranch(int branch)
{
    return std::find(knownBranches.begin(), knownBranches.end(), branch) != knownBranches.end();
}

bool nvidiaDriverPresent(UvmSystem &system)
{
    return system.readFile(uvmVersionPath) || system.readFile(nvidiaVersionPath);
}

Result<std::string> supportedUvmDriverVersion(UvmSystem &system)
{
    std::string path = uvmVersionPath;
    std::optional<std::string> text = system.readFile(path);
    if (!text) {
        path = nvidiaVersionPath;
        text = system.readFile(path);
    }
    if (!text)
        return unsupported(std::string("the NVIDIA driver's version cannot be read (neither ") + uvmVersionPath
                           + " nor " + nvidiaVersionPath + " is readable)");
    const std::optional<std::string> version = findDriverVersion(*text);
    if (!version)
        return unsupported("no driver version in " + path + ", which says " + shown(*text));
    int branch = 0;
    std::from_chars(version->data(), version->data() + version->size(), branch);
    if (!uvmCountersKnowBranch(branch)) {
        std::string branches;
        for (std::size_t i = 0; i < knownBranches.size(); ++i)
            branches += (i == 0                              ? ""
                             : i + 1 == knownBranches.size() ? " and "
                                                             : ", ")
                + std::to_string(knownBranches[i]);
        return unsupported("driver " + *version
                           + " not supported by this version of ShareScope (its UVM "
                             "counters are read on driver branches "
                           + branches + ")");
    }
    return *version;
}

} // namespace sharescope::uvm
