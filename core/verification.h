// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sharescope {

struct Mismatch
{
    std::string buffer;
    std::uint64_t index = 0;
    double expected = 0; // every element is a 32-bit float or integer: exact in a double
    double actual = 0;
};

// How many mismatches a run keeps, the first ones in order; a report with
// more is not one ShareScope wrote.
inline constexpr std::size_t maxRecordedMismatches = 8;

// What the CPU reference found in the buffers after the runs.
struct Verification
{
    std::uint64_t checked = 0; // elements compared, over all iterations
    std::uint64_t mismatches = 0;
    std::vector<Mismatch> first; // the first few, in order

    bool passed() const { return checked > 0 && mismatches == 0; }
};

} // namespace sharescope
