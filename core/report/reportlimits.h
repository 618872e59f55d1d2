// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <cstdint>
#include <string_view>

namespace sharescope {

// A report may come from anywhere (a download, another program, a damaged
// disk), so its own numbers must never decide how much the reader reads,
// nests or allocates. These are the limits, checked before the work they
// guard.

// The largest report read. The runs ShareScope writes stay far below it (a
// 20,000-iteration run is about 50 MB); parsing one of 1 GiB already needs
// several GiB of memory.
inline constexpr std::uint64_t maxReportBytes = std::uint64_t(1) << 30;

// Arrays and objects inside one another. The format nests 8 deep (a
// compare's runs[i].iterations[j].phases[k].counters); the rest is room for
// later format versions.
inline constexpr int maxReportDepth = 16;

// Residency snapshots decode to one byte per chunk, per buffer, per
// snapshot, from a run-length text that can be a thousand times shorter:
// the decoded total of a whole file is held to this.
inline constexpr std::uint64_t maxResidencyChunks = std::uint64_t(1) << 30;

// Refuses a text larger than maxReportBytes or nested deeper than
// maxReportDepth, before anything parses it, saying where.
Status checkReportText(std::string_view text);

// Refuses a file of `bytes` larger than maxReportBytes, before it is read.
Status checkReportSize(std::uint64_t bytes, std::string_view what);

// Adds the chunks that residency snapshots will decode to, refusing the
// total beyond maxResidencyChunks. `path` names the residency in messages.
class ResidencyBudget
{
public:
    Status spend(std::uint64_t chunksPerSnapshot, std::uint64_t snapshots, std::string_view path);
    std::uint64_t spent() const { return m_spent; }

private:
    std::uint64_t m_spent = 0;
};

} // namespace sharescope
