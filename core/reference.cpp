// SPDX-License-Identifier: GPL-3.0-or-later
#include "reference.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace sharescope {
namespace {

constexpr std::uint32_t gatherMultiplier = 2654435761u; // odd, so i -> i * m is a bijection

float vectorX(std::uint64_t i)
{
    return static_cast<float>(i & 0xFFFF);
}
float vectorY(std::uint64_t i)
{
    return static_cast<float>(i % 251) * 0.5f;
}
float scaleStart(std::uint64_t i)
{
    return static_cast<float>(i & 0xFFFF) * 0.25f + 1.0f;
}
std::uint32_t counterStart(std::uint64_t i)
{
    return static_cast<std::uint32_t>(i);
}
std::uint32_t gatherX(std::uint64_t i)
{
    return static_cast<std::uint32_t>(i) * gatherMultiplier;
}

std::uint32_t mix(std::uint32_t value, std::uint32_t round)
{
    std::uint64_t z = (static_cast<std::uint64_t>(value) << 8 | round) + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return static_cast<std::uint32_t>(z ^ (z >> 31));
}

// host-init and host-read should measure memory, as memset and a plain
// read do, not the arithmetic of the values. So the values are made a block
// at a time: taken from a table where they repeat (x, y and scale's starts),
// or computed into a small array that stays in cache, by loops of a constant
// count the compiler vectorises. fill() then moves each block out with
// memcpy, whose whole-line stores need not read the destination first (a
// loop storing straight into a large array reads every line before it writes
// it); verify() compares each block with memcmp and looks at single elements
// only in a block that differs. Before, host-init reached half of memset's
// speed and host-read a third of a plain read (tests/bench/bench_host).
constexpr std::uint64_t blockElements = 4096; // 16 KiB: in L1

// A pattern that repeats every `period` elements, one block longer than the
// period, so that a block starting anywhere in a period is one slice of it.
template<typename T>
std::vector<T> periodicTable(std::uint64_t period, T (*value)(std::uint64_t))
{
    std::vector<T> table(period + blockElements);
    for (std::uint64_t k = 0; k < table.size(); ++k)
        table[k] = value(k);
    return table;
}

// block(first, values) returns the values of elements first .. first +
// blockElements - 1: a slice of a table, or `values` filled. A range's
// blocks start at its first element: a table holds a block starting
// anywhere, and the computed blocks start where they are asked to.
template<typename T, typename Block>
void fillByBlocks(void *data, ElementRange range, Block &&block)
{
    auto *out = static_cast<T *>(data);
    alignas(64) T values[blockElements];
    const std::uint64_t end = range.first + range.count;
    for (std::uint64_t first = range.first; first < end; first += blockElements)
        std::memcpy(out + first, block(first, values), std::min(blockElements, end - first) * sizeof(T));
}

template<typename T>
void compareEach(const T *data, const T *expected, std::uint64_t count, std::uint64_t first, std::string_view name,
                 Verification &verification)
{
    for (std::uint64_t j = 0; j < count; ++j) {
        if (data[j] != expected[j]) {
            ++verification.mismatches;
            if (verification.first.size() < maxRecordedMismatches) {
                verification.first.push_back(
                    {std::string(name), first + j, static_cast<double>(expected[j]), static_cast<double>(data[j])});
            }
        }
    }
}

template<typename T, typename Block>
void verifyByBlocks(const void *data, ElementRange range, std::string_view name, Block &&block,
                    Verification &verification)
{
    const auto *in = static_cast<const T *>(data);
    alignas(64) T values[blockElements];
    const std::uint64_t end = range.first + range.count;
    for (std::uint64_t first = range.first; first < end; first += blockElements) {
        const std::uint64_t n = std::min(blockElements, end - first);
        const T *expected = block(first, values);
        // Equal bits are equal values (no expected value is a NaN); where
        // the bits differ, the elements decide (-0.0 == 0.0).
        if (std::memcmp(in + first, expected, n * sizeof(T)) != 0) [[unlikely]]
            compareEach(in + first, expected, n, first, name, verification);
    }
    verification.checked += range.count;
}

// first-touch's buffers count from i + this: the host writes cpu-then-gpu
// (0) and cpu-only (3), the kernel writes cpu-then-gpu + 1 and + 2, so that
// a buffer read in the wrong place cannot pass for another.
std::uint32_t firstTouchStart(std::size_t buffer)
{
    return static_cast<std::uint32_t>(buffer);
}

// Elements first .. first + blockElements - 1 of a count from `start`.
void countFrom(std::uint64_t first, std::uint32_t start, std::uint32_t *values)
{
    const auto base = static_cast<std::uint32_t>(first) + start;
    for (std::uint32_t j = 0; j < blockElements; ++j)
        values[j] = base + j;
}

} // namespace

std::vector<std::uint32_t> fixedPermutation(std::uint64_t count)
{
    // An even number of bits 2h with 4^h >= count; at most 4 tries per index.
    unsigned half = 1;
    while ((1ULL << (2 * half)) < count)
        ++half;
    const std::uint32_t mask = (1u << half) - 1;
    const auto feistel = [&](std::uint32_t x) {
        std::uint32_t left = x >> half, right = x & mask;
        for (std::uint32_t round = 0; round < 4; ++round) {
            const std::uint32_t next = left ^ (mix(right, round) & mask);
            left = right;
            right = next;
        }
        return left << half | right;
    };
    std::vector<std::uint32_t> permutation(count);
    for (std::uint64_t i = 0; i < count; ++i) {
        std::uint32_t value = feistel(static_cast<std::uint32_t>(i));
        while (value >= count)
            value = feistel(value);
        permutation[i] = value;
    }
    return permutation;
}

Reference::Reference(const ExperimentSpec &spec)
    : m_spec(spec)
    , m_kernel(&spec.kernelInfo())
    , m_count(spec.elementCount())
    , m_strideElements(spec.strideElements())
{
    if (spec.kernel == KernelId::Gather)
        m_permutation = fixedPermutation(m_count);
    if (spec.kernel == KernelId::VectorAdd) {
        m_sixteenBitTable = periodicTable<float>(1 << 16, vectorX);
        m_yTable = periodicTable<float>(251, vectorY);
    } else if (spec.kernel == KernelId::Scale) {
        m_sixteenBitTable = periodicTable<float>(1 << 16, scaleStart);
    }
}

void Reference::fill(std::size_t buffer, void *data) const
{
    fill(buffer, data, {0, m_count});
}

void Reference::fill(std::size_t buffer, void *data, ElementRange range) const
{
    const auto sixteenBit
        = [this](std::uint64_t first, float *) { return m_sixteenBitTable.data() + (first & 0xFFFF); };
    switch (m_spec.kernel) {
    case KernelId::VectorAdd:
        if (buffer == 0)
            fillByBlocks<float>(data, range, sixteenBit);
        else
            fillByBlocks<float>(data, range,
                                [this](std::uint64_t first, float *) { return m_yTable.data() + first % 251; });
        return;
    case KernelId::Scale:
        fillByBlocks<float>(data, range, sixteenBit);
        return;
    case KernelId::Gather:
        if (buffer == 1) {
            std::memcpy(static_cast<std::uint32_t *>(data) + range.first, m_permutation.data() + range.first,
                        range.count * sizeof(std::uint32_t));
        } else {
            fillByBlocks<std::uint32_t>(data, range, [](std::uint64_t first, std::uint32_t *values) {
                const auto base = static_cast<std::uint32_t>(first);
                for (std::uint32_t j = 0; j < blockElements; ++j)
                    values[j] = (base + j) * gatherMultiplier;
                return values;
            });
        }
        return;
    case KernelId::Stride:
    case KernelId::PingPong:
    case KernelId::FirstTouch:
        break;
    }
    const std::uint32_t start = m_spec.kernel == KernelId::FirstTouch ? firstTouchStart(buffer) : 0;
    fillByBlocks<std::uint32_t>(data, range, [start](std::uint64_t first, std::uint32_t *values) {
        countFrom(first, start, values);
        return values;
    });
}

void Reference::cpuRound(void *data) const
{
    cpuRound(data, {0, m_count});
}

void Reference::cpuRound(void *data, ElementRange range) const
{
    auto *values = static_cast<std::uint32_t *>(data);
    const std::uint64_t end = std::min(range.first + range.count, m_count);
    for (std::uint64_t i = range.first; i < end; ++i)
        values[i] += 1;
}

double Reference::initialValue(std::size_t buffer, std::uint64_t i) const
{
    switch (m_spec.kernel) {
    case KernelId::VectorAdd:
        return buffer == 0 ? vectorX(i) : buffer == 1 ? vectorY(i) : 0.0;
    case KernelId::Scale:
        return scaleStart(i);
    case KernelId::Gather:
        return buffer == 0 ? gatherX(i) : buffer == 1 ? m_permutation[i] : 0.0;
    case KernelId::FirstTouch:
        return static_cast<std::uint32_t>(counterStart(i) + firstTouchStart(buffer));
    case KernelId::Stride:
    case KernelId::PingPong:
        break;
    }
    return counterStart(i);
}

double Reference::expectedValue(std::size_t buffer, std::uint64_t i) const
{
    switch (m_spec.kernel) {
    case KernelId::VectorAdd:
        return buffer == 2 ? static_cast<double>(vectorX(i) + vectorY(i)) : initialValue(buffer, i);
    case KernelId::Scale:
        return static_cast<double>(scaleStart(i) * 2.0f);
    case KernelId::Stride:
        return static_cast<std::uint32_t>(counterStart(i) + (i % m_strideElements == 0 ? 1u : 0u));
    case KernelId::Gather:
        return buffer == 2 ? static_cast<double>(gatherX(m_permutation[i])) : initialValue(buffer, i);
    case KernelId::FirstTouch:
        // The kernel writes cpu-then-gpu + 1 and + 2; the CPU-only buffer keeps its start.
        return static_cast<std::uint32_t>(counterStart(i) + firstTouchStart(buffer));
    case KernelId::PingPong:
        break;
    }
    return static_cast<std::uint32_t>(counterStart(i) + 2u * static_cast<std::uint32_t>(m_spec.rounds));
}

void Reference::verify(std::size_t buffer, const void *data, Verification &verification) const
{
    verify(buffer, data, {0, m_count}, verification);
}

void Reference::verify(std::size_t buffer, const void *data, ElementRange range, Verification &verification) const
{
    const std::string_view name = m_kernel->buffers[buffer].name;
    switch (m_spec.kernel) {
    case KernelId::VectorAdd: {
        const auto sum = [this](std::uint64_t first, float *values) {
            const float *x = m_sixteenBitTable.data() + (first & 0xFFFF);
            const float *y = m_yTable.data() + first % 251;
            for (std::uint64_t j = 0; j < blockElements; ++j)
                values[j] = x[j] + y[j];
            return values;
        };
        verifyByBlocks<float>(data, range, name, sum, verification);
        return;
    }
    case KernelId::Scale:
        verifyByBlocks<float>(
            data, range, name,
            [this](std::uint64_t first, float *values) {
                const float *start = m_sixteenBitTable.data() + (first & 0xFFFF);
                for (std::uint64_t j = 0; j < blockElements; ++j)
                    values[j] = start[j] * 2.0f;
                return values;
            },
            verification);
        return;
    case KernelId::Stride:
        verifyByBlocks<std::uint32_t>(
            data, range, name,
            [stride = m_strideElements](std::uint64_t first, std::uint32_t *values) {
                countFrom(first, 0, values);
                for (std::uint64_t touched = (first + stride - 1) / stride * stride; touched < first + blockElements;
                     touched += stride)
                    values[touched - first] += 1;
                return values;
            },
            verification);
        return;
    case KernelId::Gather: {
        const std::uint64_t count = m_count;
        verifyByBlocks<std::uint32_t>(
            data, range, name,
            [this, count](std::uint64_t first, std::uint32_t *values) {
                const std::uint32_t *permutation = m_permutation.data() + first;
                const std::uint64_t n = std::min(blockElements, count - first);
                for (std::uint64_t j = 0; j < n; ++j)
                    values[j] = gatherX(permutation[j]);
                return values;
            },
            verification);
        return;
    }
    case KernelId::FirstTouch:
    case KernelId::PingPong:
        break;
    }
    // Counts from i + an offset: first-touch's per buffer, ping-pong's two per round.
    const auto add = m_spec.kernel == KernelId::FirstTouch ? firstTouchStart(buffer)
                                                           : 2u * static_cast<std::uint32_t>(m_spec.rounds);
    verifyByBlocks<std::uint32_t>(
        data, range, name,
        [add](std::uint64_t first, std::uint32_t *values) {
            countFrom(first, add, values);
            return values;
        },
        verification);
}

} // namespace sharescope
