#include "experimentspec.h"

#include "bytesize.h"
#include "trnoop.h"

#include <algorithm>
#include <array>

namespace sharescope {
namespace {

constexpr std::array<std::string_view, 4> adviceTable{"preferred-device", "preferred-host", "accessed-by",
                                                      "read-mostly"};

std::string join(std::span<const std::string_view> values)
{
    std::string list;
    for (const auto value : values)
        list += (list.empty() ? "" : ", ") + std::string(value);
    return list;
}

} // namespace

std::span<const std::string_view> adviceValues()
{
    return adviceTable;
}

std::uint64_t ExperimentSpec::strideTouched() const
{
    const std::uint64_t strideElements = std::max<std::uint64_t>(1, strideBytes / elementBytes);
    return (elementCount() + strideElements - 1) / strideElements;
}

std::uint64_t ExperimentSpec::totalBytes() const
{
    const KernelInfo *info = findKernel(kernel);
    return bytes * (info ? info->buffers.size() : 1);
}

std::string ExperimentSpec::commandLine() const
{
    std::string line = "sharescope run";
    if (!deviceId.empty())
        line += " --device " + deviceId;
    line += " --mode " + mode + " --kernel " + kernel + " --size " + formatSizeArgument(bytes);
    line += " --iterations " + std::to_string(iterations) + " --warmup " + std::to_string(warmup);
    if (kernel == "stride")
        line += " --stride " + formatSizeArgument(strideBytes);
    if (kernel == "ping-pong")
        line += " --rounds " + std::to_string(rounds);
    if (mode == "managed-advise" && !advice.empty())
        line += " --advice " + advice;
    if (!counters)
        line += " --no-counters";
    return line;
}

Status validate(const ExperimentSpec &spec)
{
    if (!findMode(spec.mode))
        return badArgument(SHARESCOPE_TR_NOOP("Core", "unknown mode '%1'; accepted: %2"), {spec.mode, modeIdList()});
    if (!findKernel(spec.kernel))
        return badArgument(SHARESCOPE_TR_NOOP("Core", "unknown kernel '%1'; accepted: %2"),
                           {spec.kernel, kernelIdList()});
    if (spec.bytes == 0 || spec.bytes % elementBytes != 0) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid size %1 bytes: use a positive multiple of %2 bytes"),
                           {std::to_string(spec.bytes), std::to_string(elementBytes)});
    }
    if (spec.iterations < 1 || spec.iterations > maxIterations) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid iteration count %1; accepted: 1 to %2"),
                           {std::to_string(spec.iterations), std::to_string(maxIterations)});
    }
    if (spec.warmup < 0 || spec.warmup > maxIterations) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid warm-up count %1; accepted: 0 to %2"),
                           {std::to_string(spec.warmup), std::to_string(maxIterations)});
    }
    if (spec.kernel == "stride" && (spec.strideBytes == 0 || spec.strideBytes % elementBytes != 0)) {
        return badArgument(
            SHARESCOPE_TR_NOOP("Core",
                               "invalid stride %1 bytes: use a positive multiple of %2 bytes, e.g. 4KiB or 64KiB"),
            {std::to_string(spec.strideBytes), std::to_string(elementBytes)});
    }
    if (spec.kernel == "ping-pong" && (spec.rounds < 1 || spec.rounds > maxRounds)) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid round count %1; accepted: 1 to %2"),
                           {std::to_string(spec.rounds), std::to_string(maxRounds)});
    }
    if (spec.mode == "managed-advise") {
        if (std::ranges::find(adviceTable, spec.advice) == adviceTable.end())
            return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid advice '%1'; accepted: %2"),
                               {spec.advice, join(adviceTable)});
    } else if (!spec.advice.empty()) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "--advice applies only to the managed-advise mode, not to %1"),
                           {spec.mode});
    }
    return okStatus();
}

} // namespace sharescope
