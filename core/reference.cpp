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

template<typename T>
void verifyLoop(const T *data, std::uint64_t count, std::string_view name, auto expected, Verification &verification)
{
    std::uint64_t bad = 0;
    for (std::uint64_t i = 0; i < count; ++i) {
        const T want = expected(i);
        if (data[i] != want) [[unlikely]] {
            ++bad;
            if (verification.first.size() < Reference::maxRecordedMismatches) {
                verification.first.push_back(
                    {std::string(name), i, static_cast<double>(want), static_cast<double>(data[i])});
            }
        }
    }
    verification.checked += count;
    verification.mismatches += bad;
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
}

void Reference::fill(std::size_t buffer, void *data) const
{
    switch (m_spec.kernel) {
    case KernelId::VectorAdd:
        if (buffer == 0) {
            auto *out = static_cast<float *>(data);
            for (std::uint64_t i = 0; i < m_count; ++i)
                out[i] = vectorX(i);
        } else {
            // y repeats every 251 elements: a running remainder, not a
            // division per element, so that host-init measures writing, not
            // arithmetic.
            auto *out = static_cast<float *>(data);
            unsigned remainder = 0;
            for (std::uint64_t i = 0; i < m_count; ++i) {
                out[i] = static_cast<float>(remainder) * 0.5f;
                remainder = remainder == 250 ? 0 : remainder + 1;
            }
        }
        return;
    case KernelId::Scale: {
        auto *out = static_cast<float *>(data);
        for (std::uint64_t i = 0; i < m_count; ++i)
            out[i] = scaleStart(i);
        return;
    }
    case KernelId::Gather:
        if (buffer == 1) {
            std::memcpy(data, m_permutation.data(), m_count * sizeof(std::uint32_t));
        } else {
            auto *out = static_cast<std::uint32_t *>(data);
            for (std::uint64_t i = 0; i < m_count; ++i)
                out[i] = gatherX(i);
        }
        return;
    case KernelId::Stride:
    case KernelId::PingPong:
        break;
    }
    auto *out = static_cast<std::uint32_t *>(data);
    for (std::uint64_t i = 0; i < m_count; ++i)
        out[i] = counterStart(i);
}

void Reference::cpuRound(void *data) const
{
    auto *values = static_cast<std::uint32_t *>(data);
    for (std::uint64_t i = 0; i < m_count; ++i)
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
    case KernelId::PingPong:
        break;
    }
    return static_cast<std::uint32_t>(counterStart(i) + 2u * static_cast<std::uint32_t>(m_spec.rounds));
}

void Reference::verify(std::size_t buffer, const void *data, Verification &verification) const
{
    const std::string_view name = m_kernel->buffers[buffer].name;
    switch (m_spec.kernel) {
    case KernelId::VectorAdd: {
        unsigned remainder = 0; // i % 251, kept running (verify reads in index order)
        verifyLoop(
            static_cast<const float *>(data), m_count, name,
            [&remainder](std::uint64_t i) {
                const float want = vectorX(i) + static_cast<float>(remainder) * 0.5f;
                remainder = remainder == 250 ? 0 : remainder + 1;
                return want;
            },
            verification);
        return;
    }
    case KernelId::Scale:
        verifyLoop(
            static_cast<const float *>(data), m_count, name, [](std::uint64_t i) { return scaleStart(i) * 2.0f; },
            verification);
        return;
    case KernelId::Stride: {
        // Called in index order: a running next-touched index instead of a
        // division per element.
        std::uint64_t nextTouched = 0;
        const std::uint64_t stride = m_strideElements;
        verifyLoop(
            static_cast<const std::uint32_t *>(data), m_count, name,
            [&nextTouched, stride](std::uint64_t i) {
                const bool touched = i == nextTouched;
                nextTouched += touched ? stride : 0;
                return counterStart(i) + (touched ? 1u : 0u);
            },
            verification);
        return;
    }
    case KernelId::Gather: {
        const std::uint32_t *permutation = m_permutation.data();
        verifyLoop(
            static_cast<const std::uint32_t *>(data), m_count, name,
            [permutation](std::uint64_t i) { return gatherX(permutation[i]); }, verification);
        return;
    }
    case KernelId::PingPong:
        break;
    }
    const auto add = 2u * static_cast<std::uint32_t>(m_spec.rounds);
    verifyLoop(
        static_cast<const std::uint32_t *>(data), m_count, name,
        [add](std::uint64_t i) { return counterStart(i) + add; }, verification);
}

} // namespace sharescope
