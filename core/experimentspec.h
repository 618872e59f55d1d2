#pragma once

#include "catalogue.h"
#include "result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sharescope {

// One experiment, as the command line or the panel describes it. Plain data;
// validate() checks it against the catalogue.
struct ExperimentSpec
{
    std::string deviceId; // empty: the default device
    std::string mode;
    std::string kernel = "vector-add";
    std::uint64_t bytes = 64ULL << 20; // per buffer
    int iterations = 5;
    int warmup = 1;
    std::uint64_t strideBytes = 64ULL << 10; // stride kernel
    int rounds = 4; // ping-pong kernel
    std::string advice; // managed-advise
    bool counters = true;

    std::uint64_t elementCount() const { return bytes / elementBytes; }
    // Elements the stride kernel touches: indices 0, s, 2s, ...
    std::uint64_t strideTouched() const;
    std::uint64_t totalBytes() const; // all buffers together

    // The command that reproduces this experiment ("sharescope run ...").
    std::string commandLine() const;
};

inline constexpr int maxIterations = 10000;
inline constexpr int maxRounds = 10000;

// The advice values managed-advise accepts.
std::span<const std::string_view> adviceValues();

// Checks names and ranges; the device-dependent checks are in safetylimits.h.
Status validate(const ExperimentSpec &spec);

} // namespace sharescope
