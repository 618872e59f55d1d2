#pragma once

// The options both benchmarks take: --size BYTES (per buffer) and
// --rounds N. Anything else is refused with a message naming it.

#include "bytesize.h"
#include "catalogue.h"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>

namespace sharescope {

struct BenchOptions
{
    std::uint64_t bytes = 256ULL << 20;
    int rounds = 5;
};

inline std::optional<BenchOptions> parseBenchOptions(int argc, char **argv)
{
    BenchOptions options;
    for (int i = 1; i < argc; i += 2) {
        const char *name = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (std::strcmp(name, "--size") != 0 && std::strcmp(name, "--rounds") != 0) {
            std::fprintf(stderr, "bench: unknown option '%s'; accepted: --size BYTES, --rounds N\n", name);
            return std::nullopt;
        }
        if (!value) {
            std::fprintf(stderr, "bench: %s needs a value\n", name);
            return std::nullopt;
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
