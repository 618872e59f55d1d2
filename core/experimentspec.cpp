#include "experimentspec.h"

#include "bytesize.h"

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
        return badArgument("unknown mode '" + spec.mode + "'; accepted: " + modeIdList());
    if (!findKernel(spec.kernel))
        return badArgument("unknown kernel '" + spec.kernel + "'; accepted: " + kernelIdList());
    if (spec.bytes == 0 || spec.bytes % elementBytes != 0) {
        return badArgument("invalid size " + std::to_string(spec.bytes) + " bytes: use a positive multiple of "
                           + std::to_string(elementBytes) + " bytes");
    }
    if (spec.iterations < 1 || spec.iterations > maxIterations) {
        return badArgument("invalid iteration count " + std::to_string(spec.iterations) + "; accepted: 1 to "
                           + std::to_string(maxIterations));
    }
    if (spec.warmup < 0 || spec.warmup > maxIterations) {
        return badArgument("invalid warm-up count " + std::to_string(spec.warmup) + "; accepted: 0 to "
                           + std::to_string(maxIterations));
    }
    if (spec.kernel == "stride" && (spec.strideBytes == 0 || spec.strideBytes % elementBytes != 0)) {
        return badArgument("invalid stride " + std::to_string(spec.strideBytes) + " bytes: use a positive multiple of "
                           + std::to_string(elementBytes) + " bytes, e.g. 4KiB or 64KiB");
    }
    if (spec.kernel == "ping-pong" && (spec.rounds < 1 || spec.rounds > maxRounds)) {
        return badArgument("invalid round count " + std::to_string(spec.rounds) + "; accepted: 1 to "
                           + std::to_string(maxRounds));
    }
    if (spec.mode == "managed-advise") {
        if (std::ranges::find(adviceTable, spec.advice) == adviceTable.end())
            return badArgument("invalid advice '" + spec.advice + "'; accepted: " + join(adviceTable));
    } else if (!spec.advice.empty()) {
        return badArgument("--advice applies only to the managed-advise mode, not to " + spec.mode);
    }
    return okStatus();
}

} // namespace sharescope
