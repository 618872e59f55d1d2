// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The options both benchmarks take: --size BYTES (per buffer) and
// --rounds N; bench_cuda also takes --kinds LIST. Anything else is refused
// with a message naming it.

#include "bytesize.h"
#include "catalogue.h"
#include "counting/migration.h"

#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace sharescope {

using CounterKindSet = std::array<bool, counterKindCount>;

inline CounterKindSet allCounterKinds()
{
    CounterKindSet all{};
    all.fill(true);
    return all;
}

// "all", or the kinds' names as the report spells them, comma-separated.
inline std::string counterKindList(const CounterKindSet &kinds)
{
    if (kinds == allCounterKinds())
        return "all";
    std::string list;
    for (std::size_t k = 0; k < counterKindCount; ++k) {
        if (!kinds[k])
            continue;
        list += list.empty() ? "" : ",";
        list += counterKindName(static_cast<CounterKind>(k));
    }
    return list.empty() ? "none" : list;
}

// --kinds LIST: "all" or a comma-separated list of counter kind names
// ("bytesHostToDevice,bytesDeviceToHost"). Prints why and returns nothing
// for an unknown or empty name.
inline std::optional<CounterKindSet> parseCounterKinds(std::string_view list)
{
    CounterKindSet kinds{};
    const auto refuse = [&](std::string_view name) {
        std::string accepted = "all";
        for (std::size_t k = 0; k < counterKindCount; ++k)
            accepted += ", " + std::string(counterKindName(static_cast<CounterKind>(k)));
        std::fprintf(stderr, "bench: --kinds '%.*s': '%.*s' is not a counter kind; accepted: %s (comma-separated)\n",
                     static_cast<int>(list.size()), list.data(), static_cast<int>(name.size()), name.data(),
                     accepted.c_str());
    };
    std::size_t begin = 0;
    while (true) {
        const std::size_t comma = list.find(',', begin);
        const std::string_view name = list.substr(begin, comma == std::string_view::npos ? comma : comma - begin);
        if (name == "all") {
            kinds = allCounterKinds();
        } else if (const auto kind = counterKindFromName(name)) {
            kinds[static_cast<std::size_t>(*kind)] = true;
        } else {
            refuse(name);
            return std::nullopt;
        }
        if (comma == std::string_view::npos)
            return kinds;
        begin = comma + 1;
    }
}

struct BenchOptions
{
    std::uint64_t bytes = 256ULL << 20;
    int rounds = 5;
    CounterKindSet kinds = allCounterKinds(); // the counter kinds CUPTI configures (bench_cuda)
};

// acceptKinds: the benchmark takes --kinds (bench_cuda); the others refuse it.
inline std::optional<BenchOptions> parseBenchOptions(int argc, char **argv, bool acceptKinds = false)
{
    BenchOptions options;
    for (int i = 1; i < argc; i += 2) {
        const char *name = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : nullptr;
        const bool kinds = acceptKinds && std::strcmp(name, "--kinds") == 0;
        if (std::strcmp(name, "--size") != 0 && std::strcmp(name, "--rounds") != 0 && !kinds) {
            std::fprintf(stderr, "bench: unknown option '%s'; accepted: --size BYTES, --rounds N%s\n", name,
                         acceptKinds ? ", --kinds LIST" : "");
            return std::nullopt;
        }
        if (!value) {
            std::fprintf(stderr, "bench: %s needs a value\n", name);
            return std::nullopt;
        }
        if (kinds) {
            const auto parsed = parseCounterKinds(value);
            if (!parsed)
                return std::nullopt;
            options.kinds = *parsed;
            continue;
        }
        if (std::strcmp(name, "--size") == 0) {
            const auto parsed = parseByteSize(value, elementBytes);
            if (!parsed) {
                std::fprintf(stderr, "bench: %s\n", parsed.error().message.c_str());
                return std::nullopt;
            }
            options.bytes = *parsed;
            continue;
        }
        const char *end = value + std::strlen(value);
        const auto [ptr, ec] = std::from_chars(value, end, options.rounds);
        if (ec != std::errc() || ptr != end || options.rounds < 1 || options.rounds > 1000) {
            std::fprintf(stderr, "bench: --rounds '%s' is not a whole number from 1 to 1000\n", value);
            return std::nullopt;
        }
    }
    return options;
}

} // namespace sharescope
