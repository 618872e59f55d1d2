// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportset.h"

#include <array>
#include <utility>

namespace sharescope {
namespace {

constexpr std::array<std::pair<ErrorKind, std::string_view>, 3> prefixes{{
    {ErrorKind::Unsupported, "not supported: "},
    {ErrorKind::Failed, "failed: "},
    {ErrorKind::BadArgument, "skipped: "},
}};

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
        if (text.starts_with(prefix))
            return {kind, std::string(text.substr(prefix.size())), {}, std::nullopt};
    }
    return {ErrorKind::BadArgument, std::string(text), {}, std::nullopt};
}

} // namespace sharescope
