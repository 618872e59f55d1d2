// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportset.h"

#include "peers.h"

#include <array>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace sharescope {
namespace {

constexpr std::array<std::pair<ErrorKind, std::string_view>, 3> prefixes{{
    {ErrorKind::Unsupported, "not supported: "},
    {ErrorKind::Failed, "failed: "},
    {ErrorKind::BadArgument, "skipped: "},
}};

// The skip reasons a report written before it kept their templates may hold.
constexpr std::array<const char *, 1> knownReasons{noSecondGpuTemplate};

} // namespace

std::string skippedReasonText(const Error &reason)
{
    std::string_view prefix = prefixes.back().second;
    for (const auto &[kind, text] : prefixes) {
        if (kind == reason.kind)
            prefix = text;
    }
    return std::string(prefix) + describe(reason);
}

Error skippedReasonFromText(std::string_view text)
{
    for (const auto &[kind, prefix] : prefixes) {
        if (!text.starts_with(prefix))
            continue;
        const std::string_view message = text.substr(prefix.size());
        Error reason{kind, std::string(message), {}, std::nullopt};
        // Said again in the reader's language where the text is a known one.
        for (const char *pattern : knownReasons) {
            if (auto matched = matchTemplate(pattern, message))
                reason.translatable = std::move(*matched);
        }
        return reason;
    }
    return {ErrorKind::BadArgument, std::string(text), {}, std::nullopt};
}

} // namespace sharescope
