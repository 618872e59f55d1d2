// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// For core's readers of what a Python script printed (pythonroutes.cpp,
// dlpackmatrix.cpp); not installed, not for other layers.

#include "result.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

namespace sharescope {

// A string field of `object` as one line of at most `limit` bytes
// (control characters blanked: they would break a table), or an error that
// names the key; a missing or null field is empty unless `required`.
inline Result<std::string> pythonText(const nlohmann::json &object, const char *key, bool required, std::size_t limit)
{
    const auto at = object.find(key);
    if (at == object.end() || at->is_null()) {
        if (required)
            return failed(std::string("no \"") + key + "\"");
        return std::string();
    }
    if (!at->is_string())
        return failed(std::string("\"") + key + "\" is not a string");
    std::string value = at->get<std::string>();
    if (value.size() > limit)
        return failed(std::string("\"") + key + "\" is longer than " + std::to_string(limit) + " bytes");
    std::ranges::replace_if(
        value, [](char c) { return static_cast<unsigned char>(c) < 0x20; }, ' ');
    return value;
}

} // namespace sharescope
