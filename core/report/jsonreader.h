// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sharescope::jsonread {

using json = nlohmann::ordered_json;

// Reading: every access goes through a Reader that knows its path in the
// document, so an error says "iterations[3].phases[1].hostNs".
struct FormatError
{
    std::string message;
};

class Reader
{
public:
    Reader(const json &value, std::string path)
        : m_value(value)
        , m_path(std::move(path))
    {
    }

    Reader operator[](const char *key) const
    {
        if (!m_value.is_object())
            fail("must be an object");
        const auto it = m_value.find(key);
        const std::string path = m_path.empty() ? std::string(key) : m_path + "." + key;
        if (it == m_value.end())
            throw FormatError{"the field '" + path + "' is missing"};
        return {*it, path};
    }
    bool has(const char *key) const { return m_value.is_object() && m_value.contains(key); }
    bool isNull() const { return m_value.is_null(); }
    const json &raw() const { return m_value; } // for the readers of other files (ceilingsjson.h)

    std::vector<Reader> items() const
    {
        if (!m_value.is_array())
            fail("must be an array");
        std::vector<Reader> items;
        for (std::size_t i = 0; i < m_value.size(); ++i)
            items.emplace_back(m_value[i], m_path + "[" + std::to_string(i) + "]");
        return items;
    }
    std::string string() const
    {
        if (!m_value.is_string())
            fail("must be a string");
        return m_value.get<std::string>();
    }
    std::uint64_t unsignedValue() const
    {
        if (!m_value.is_number_unsigned() && !(m_value.is_number_integer() && m_value.get<std::int64_t>() >= 0))
            fail("must be a whole number of at least 0");
        return m_value.get<std::uint64_t>();
    }
    int intValue() const
    {
        if (!m_value.is_number_integer() || m_value.get<std::int64_t>() < -1 || m_value.get<std::int64_t>() > 1 << 30)
            fail("must be a whole number");
        return m_value.get<int>();
    }
    double number() const
    {
        if (!m_value.is_number())
            fail("must be a number");
        return m_value.get<double>();
    }
    bool boolean() const
    {
        if (!m_value.is_boolean())
            fail("must be true or false");
        return m_value.get<bool>();
    }
    std::optional<std::uint64_t> optionalUnsigned() const
    {
        return isNull() ? std::nullopt : std::optional(unsignedValue());
    }
    std::optional<bool> optionalBool() const { return isNull() ? std::nullopt : std::optional(boolean()); }
    [[noreturn]] void fail(const std::string &what) const { throw FormatError{"the field '" + m_path + "' " + what}; }

private:
    const json &m_value;
    std::string m_path;
};

template<typename Parse>
auto parsed(const Reader &r, Parse parse, const char *complaint)
{
    const std::string text = r.string();
    const auto value = parse(text);
    if (!value)
        r.fail(std::string(complaint) + " '" + text + "'");
    return *value;
}

} // namespace sharescope::jsonread
