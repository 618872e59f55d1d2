// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// Parses "64MiB", "64 M", "1.5GiB", "100MB", "4096". Binary units (KiB, MiB,
// GiB, TiB and their one-letter forms K, M, G, T) are powers of 1024; KB, MB,
// GB, TB are powers of 1000. The result must be a positive whole number of
// bytes and, when elementBytes > 1, a whole number of elements.
Result<std::uint64_t> parseByteSize(std::string_view text, std::uint64_t elementBytes = 1);

// "4KiB:1GiB" (doubling), "4KiB:1GiB:x4" (times four) or "1MiB,16MiB,256MiB".
Result<std::vector<std::uint64_t>> parseSizeList(std::string_view text, std::uint64_t elementBytes = 1);

// What parseByteSize accepts, for error messages and help text.
std::string acceptedSizeForms();

// Human form: "64 MiB", "1.50 GiB", "512 B".
std::string formatBytes(std::uint64_t bytes);
// Shortest exact form that parseByteSize reads back: "64MiB", "100000".
std::string formatSizeArgument(std::uint64_t bytes);
// Decimal gigabytes per second: "12.3 GB/s".
std::string formatBandwidth(double bytesPerSecond);
// "845 ns", "12.3 µs", "4.56 ms", "1.23 s".
std::string formatDuration(std::uint64_t nanoseconds);
// Thousands separated: "50,331,648".
std::string formatCount(std::uint64_t count);

} // namespace sharescope
