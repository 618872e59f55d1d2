// SPDX-License-Identifier: GPL-3.0-or-later
#include "bytesize.h"

#include "trnoop.h"

#include <array>
#include <cctype>
#include <cstdio>
#include <limits>

namespace sharescope {
namespace {

struct Unit
{
    std::string_view name;
    std::uint64_t factor;
};

constexpr std::uint64_t KiB = 1024;
constexpr std::array<Unit, 14> units{{
    {"", 1},
    {"B", 1},
    {"K", KiB},
    {"KiB", KiB},
    {"M", KiB *KiB},
    {"MiB", KiB *KiB},
    {"G", KiB *KiB *KiB},
    {"GiB", KiB *KiB *KiB},
    {"T", KiB *KiB *KiB *KiB},
    {"TiB", KiB *KiB *KiB *KiB},
    {"KB", 1000ULL},
    {"MB", 1000ULL * 1000},
    {"GB", 1000ULL * 1000 * 1000},
    {"TB", 1000ULL * 1000 * 1000 * 1000},
}};

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

const Unit *findUnit(std::string_view name)
{
    for (const Unit &unit : units) {
        if (unit.name == name)
            return &unit;
    }
    // "mib", "kb" and friends are accepted in any case; "mb" is megabytes
    // (decimal), never megabits.
    for (const Unit &unit : units) {
        if (equalsIgnoringCase(unit.name, name))
            return &unit;
    }
    return nullptr;
}

std::string_view trim(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

// `why` is marked for translation where it is written.
Error sizeError(std::string_view text, const char *why)
{
    return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid size '%1': %2; accepted: %3"),
                       {std::string(text), why, acceptedSizeForms()});
}

std::string printf1(const char *format, double value, const char *suffix)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value, suffix);
    return buffer;
}

} // namespace

std::string acceptedSizeForms()
{
    return SHARESCOPE_TR_NOOP("Core",
                              "a positive whole number of bytes with an optional unit, e.g. 4096, 64KiB, 64M, 1.5GiB, "
                              "100MB (B; KiB/K, MiB/M, GiB/G, TiB/T are powers of 1024; KB, MB, GB, TB are powers "
                              "of 1000)");
}

Result<std::uint64_t> parseByteSize(std::string_view original, std::uint64_t elementBytes)
{
    const std::string_view text = trim(original);
    if (text.empty())
        return sizeError(original, SHARESCOPE_TR_NOOP("Core", "it is empty"));
    if (text.front() == '-')
        return sizeError(original, SHARESCOPE_TR_NOOP("Core", "a size cannot be negative"));
    if (text.front() == '+')
        return sizeError(original, SHARESCOPE_TR_NOOP("Core", "write the number without a sign"));

    // Digits, an optional fraction, then the unit. Kept as integers so that
    // "0.5KiB" is exactly 512 bytes and "12.5B" is caught as fractional.
    __extension__ typedef unsigned __int128 u128;
    constexpr u128 limit = std::numeric_limits<std::uint64_t>::max();
    std::size_t pos = 0;
    u128 whole = 0;
    bool tooLarge = false;
    while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
        whole = whole * 10 + static_cast<unsigned>(text[pos] - '0');
        if (whole > limit) {
            tooLarge = true;
            whole = limit + 1;
        }
        ++pos;
    }
    const std::size_t integerDigits = pos;
    u128 fraction = 0;
    u128 scale = 1;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        const std::size_t start = pos;
        while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
            if (scale < u128(1'000'000'000'000'000'000ULL)) {
                fraction = fraction * 10 + static_cast<unsigned>(text[pos] - '0');
                scale *= 10;
            } else if (text[pos] != '0') {
                return sizeError(original, SHARESCOPE_TR_NOOP("Core", "too many decimal places"));
            }
            ++pos;
        }
        if (pos == start && integerDigits == 0)
            return sizeError(original, SHARESCOPE_TR_NOOP("Core", "there is no number"));
    } else if (integerDigits == 0) {
        return sizeError(original, SHARESCOPE_TR_NOOP("Core", "it does not start with a number"));
    }
    const std::string_view unitName = trim(text.substr(pos));
    const Unit *unit = findUnit(unitName);
    if (!unit)
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid size '%1': unknown unit '%2'; accepted: %3"),
                           {std::string(original), std::string(unitName), acceptedSizeForms()});
    if (tooLarge)
        return sizeError(original, SHARESCOPE_TR_NOOP("Core", "it is larger than 16 EiB"));

    const u128 numerator = (whole * scale + fraction) * unit->factor;
    if (numerator % scale != 0)
        return sizeError(original, SHARESCOPE_TR_NOOP("Core", "it is not a whole number of bytes"));
    const u128 bytes = numerator / scale;
    if (bytes > limit)
        return sizeError(original, SHARESCOPE_TR_NOOP("Core", "it is larger than 16 EiB"));
    if (bytes == 0)
        return sizeError(original, SHARESCOPE_TR_NOOP("Core", "a size must be greater than zero"));
    const auto value = static_cast<std::uint64_t>(bytes);
    if (elementBytes > 1 && value % elementBytes != 0) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "invalid size '%1': %2 bytes is not a whole number of %3-byte elements; "
                                              "use a multiple of %3 bytes"),
                           {std::string(original), std::to_string(value), std::to_string(elementBytes)});
    }
    return value;
}

namespace {

// A size of a list that is wrong, said with the list it is in: "invalid
// size '': it is empty" alone does not say which of '4KiB:' is meant.
Error inSizeList(std::string_view list, const Error &size)
{
    return errorOf(ErrorKind::BadArgument,
                   MessageTemplate(SHARESCOPE_TR_NOOP("Core", "invalid size list '%1': %2"),
                                   {MessageTemplate(std::string(list)), size.translatable}));
}

} // namespace

Result<std::vector<std::uint64_t>> parseSizeList(std::string_view text, std::uint64_t elementBytes)
{
    std::vector<std::uint64_t> sizes;
    const auto listError = [&](const char *why) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "invalid size list '%1': %2; accepted: FROM:TO (doubling), FROM:TO:xN "
                                              "(times N) or S,S,... with sizes such as 4KiB, 64MiB, 1GiB"),
                           {std::string(text), why});
    };
    if (text.find(':') != std::string_view::npos) {
        const std::size_t first = text.find(':');
        const std::size_t second = text.find(':', first + 1);
        const auto from = parseByteSize(text.substr(0, first), elementBytes);
        if (!from)
            return inSizeList(text, from.error());
        const auto to = parseByteSize(
            text.substr(first + 1, second == std::string_view::npos ? std::string_view::npos : second - first - 1),
            elementBytes);
        if (!to)
            return inSizeList(text, to.error());
        std::uint64_t factor = 2;
        if (second != std::string_view::npos) {
            std::string_view step = trim(text.substr(second + 1));
            if (step.empty() || (step.front() != 'x' && step.front() != '*'))
                return listError(SHARESCOPE_TR_NOOP("Core", "the step must look like x2 or x4"));
            step.remove_prefix(1);
            factor = 0;
            for (const char c : step) {
                if (!std::isdigit(static_cast<unsigned char>(c)) || factor > 1000)
                    return listError(SHARESCOPE_TR_NOOP("Core", "the step must be a whole factor from x2 to x1000"));
                factor = factor * 10 + static_cast<unsigned>(c - '0');
            }
            if (factor < 2 || factor > 1000)
                return listError(SHARESCOPE_TR_NOOP("Core", "the step must be a whole factor from x2 to x1000"));
        }
        if (*from > *to)
            return listError(SHARESCOPE_TR_NOOP("Core", "FROM is larger than TO"));
        for (std::uint64_t size = *from; size <= *to; size *= factor) {
            sizes.push_back(size);
            if (size > std::numeric_limits<std::uint64_t>::max() / factor)
                break;
            if (sizes.size() > 64)
                return listError(SHARESCOPE_TR_NOOP("Core", "more than 64 sizes"));
        }
        return sizes;
    }
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const auto size = parseByteSize(
            text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start), elementBytes);
        if (!size)
            return inSizeList(text, size.error());
        sizes.push_back(*size);
        if (sizes.size() > 64)
            return listError(SHARESCOPE_TR_NOOP("Core", "more than 64 sizes"));
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return sizes;
}

std::string formatBytes(std::uint64_t bytes)
{
    static constexpr std::array<const char *, 6> names{"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    if (bytes < KiB)
        return std::to_string(bytes) + " B";
    double value = static_cast<double>(bytes);
    std::size_t index = 0;
    while (value >= 1024.0 && index + 1 < names.size()) {
        value /= 1024.0;
        ++index;
    }
    std::uint64_t unitFactor = 1;
    for (std::size_t i = 0; i < index; ++i)
        unitFactor *= KiB;
    if (bytes % unitFactor == 0)
        return std::to_string(bytes / unitFactor) + " " + names[index];
    return printf1(value >= 100 ? "%.0f %s" : value >= 10 ? "%.1f %s" : "%.2f %s", value, names[index]);
}

std::string formatSizeArgument(std::uint64_t bytes)
{
    static constexpr std::array<const char *, 5> names{"", "KiB", "MiB", "GiB", "TiB"};
    std::size_t index = 0;
    while (index + 1 < names.size() && bytes >= KiB && bytes % KiB == 0) {
        bytes /= KiB;
        ++index;
    }
    return std::to_string(bytes) + names[index];
}

std::string formatBandwidth(double bytesPerSecond)
{
    const double gb = bytesPerSecond / 1e9;
    if (gb >= 100)
        return printf1("%.0f %s", gb, "GB/s");
    if (gb >= 1)
        return printf1("%.1f %s", gb, "GB/s");
    return printf1("%.2f %s", gb, "GB/s");
}

std::string formatDuration(std::uint64_t ns)
{
    if (ns < 1000)
        return std::to_string(ns) + " ns";
    const double value = static_cast<double>(ns);
    const auto scaled = [](double v, const char *unit) {
        return printf1(v >= 100 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s", v, unit);
    };
    if (ns < 1'000'000)
        return scaled(value / 1e3, "µs");
    if (ns < 1'000'000'000)
        return scaled(value / 1e6, "ms");
    return scaled(value / 1e9, "s");
}

std::string formatCount(std::uint64_t count)
{
    const std::string digits = std::to_string(count);
    std::string grouped;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            grouped += ',';
        grouped += digits[i];
    }
    return grouped;
}

} // namespace sharescope
