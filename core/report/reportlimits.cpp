// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportlimits.h"

#include "bytesize.h"
#include "trnoop.h"

#include <algorithm>

namespace sharescope {
namespace {

std::string lineAndColumn(std::string_view text, std::size_t offset)
{
    const std::string_view before = text.substr(0, offset);
    const auto line = std::count(before.begin(), before.end(), '\n') + 1;
    const std::size_t lineStart = before.rfind('\n');
    const std::size_t column = offset - (lineStart == std::string_view::npos ? 0 : lineStart + 1) + 1;
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

} // namespace

Status checkReportSize(std::uint64_t bytes, std::string_view what)
{
    if (bytes <= maxReportBytes)
        return okStatus();
    return badArgument(
        SHARESCOPE_TR_NOOP("Core", "%1 is %2 (%3 bytes), larger than any ShareScope report (at most %4)"),
        {std::string(what), formatBytes(bytes), formatCount(bytes), formatBytes(maxReportBytes)});
}

Status checkReportText(std::string_view text)
{
    if (Status size = checkReportSize(text.size(), "the report"); !size)
        return size;
    // Counted by hand rather than in the parser's callback: the callback
    // runs after the parser has built the values around it, and this scan
    // allocates nothing. Outside strings, brackets are exactly the nesting of
    // valid JSON; in invalid JSON the parser refuses what this lets through.
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxReportDepth) {
                return badArgument("the report nests arrays and objects more than " + std::to_string(maxReportDepth)
                                   + " deep (at " + lineAndColumn(text, i) + "); ShareScope writes at most 8");
            }
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return okStatus();
}

Status ResidencyBudget::spend(std::uint64_t chunksPerSnapshot, std::uint64_t snapshots, std::string_view path)
{
    const std::uint64_t left = maxResidencyChunks - m_spent;
    if (chunksPerSnapshot != 0 && snapshots > left / chunksPerSnapshot) {
        return badArgument("the field '" + std::string(path) + "' has " + formatCount(snapshots) + " snapshots of "
                           + formatCount(chunksPerSnapshot)
                           + " chunks; decoded, a report's residency snapshots may hold at most "
                           + formatCount(maxResidencyChunks) + " chunks"
                           + (m_spent ? " (" + formatCount(m_spent) + " before it)" : ""));
    }
    m_spent += chunksPerSnapshot * snapshots;
    return okStatus();
}

} // namespace sharescope
