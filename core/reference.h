// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experimentspec.h"
#include "verification.h"

#include <cstdint>
#include <vector>

namespace sharescope {

// Elements [first, first + count) of every buffer: one host thread's share.
struct ElementRange
{
    std::uint64_t first = 0;
    std::uint64_t count = 0;
};

// The data every run starts from and the values it must end with, computed on
// the CPU. Every value is a small integer or a multiple of 1/4 stored in a
// 32-bit float or integer, so the GPU's results compare exactly.
class Reference
{
public:
    explicit Reference(const ExperimentSpec &spec);

    // host-init: writes buffer `buffer`'s starting values (`data` is the
    // whole buffer), all of them or those of `range`.
    void fill(std::size_t buffer, void *data) const;
    void fill(std::size_t buffer, void *data, ElementRange range) const;
    // The CPU's half of a ping-pong round: every element + 1 (of the range).
    void cpuRound(void *data) const;
    void cpuRound(void *data, ElementRange range) const;
    // host-read: compares buffer `buffer` with what it must hold now, and
    // adds to `verification` (keeping the first few mismatches).
    void verify(std::size_t buffer, const void *data, Verification &verification) const;
    void verify(std::size_t buffer, const void *data, ElementRange range, Verification &verification) const;

    double initialValue(std::size_t buffer, std::uint64_t index) const;
    double expectedValue(std::size_t buffer, std::uint64_t index) const;

    // The gather kernel's permutation: a fixed pseudo-random bijection.
    const std::vector<std::uint32_t> &permutation() const { return m_permutation; }

private:
    const ExperimentSpec m_spec;
    const KernelInfo *m_kernel;
    std::uint64_t m_count;
    std::uint64_t m_strideElements;
    std::vector<std::uint32_t> m_permutation;
    // Patterns that repeat, for fill() and verify() (reference.cpp): every
    // 65536 elements (vector-add's x, scale's starts), every 251 (y).
    std::vector<float> m_sixteenBitTable;
    std::vector<float> m_yTable;
};

// A fixed pseudo-random permutation of [0, count): a Feistel network with
// cycle walking, the same on every machine.
std::vector<std::uint32_t> fixedPermutation(std::uint64_t count);

} // namespace sharescope
