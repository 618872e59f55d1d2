// SPDX-License-Identifier: GPL-3.0-or-later
#include "experimentspec.h"

#include "bytesize.h"
#include "trnoop.h"

#include <algorithm>

namespace sharescope {

std::uint64_t ExperimentSpec::strideElements() const
{
    return std::max<std::uint64_t>(1, strideBytes / elementBytes);
}

std::uint64_t ExperimentSpec::strideTouched() const
{
    return (elementCount() + strideElements() - 1) / strideElements();
}

std::uint64_t ExperimentSpec::kernelItems() const
{
    return kernelInfo().usesStride ? strideTouched() : elementCount();
}

std::uint64_t ExperimentSpec::totalBytes() const
{
    return bytes * kernelInfo().buffers.size();
}

std::uint64_t ExperimentSpec::kernelBytes() const
{
    const KernelInfo &info = kernelInfo();
    const std::uint64_t launches = info.usesRounds ? static_cast<std::uint64_t>(rounds) : 1;
    return info.accessesPerItem * elementBytes * kernelItems() * launches;
}

std::uint64_t ExperimentSpec::hostBytes() const
{
    return totalBytes() + kernelInfo().referenceArrays * bytes;
}

std::string ExperimentSpec::commandLine() const
{
    std::string line = "sharescope run";
    if (!deviceId.empty())
        line += " --device " + deviceId;
    return line + " --mode " + std::string(modeName(mode)) + experimentOptions();
}

std::string ExperimentSpec::experimentOptions(bool withSize) const
{
    std::string line = " --kernel " + std::string(kernelName(kernel));
    if (withSize)
        line += " --size " + formatSizeArgument(bytes);
    line += " --iterations " + std::to_string(iterations) + " --warmup " + std::to_string(warmup);
    if (kernelInfo().usesStride)
        line += " --stride " + formatSizeArgument(strideBytes);
    if (kernelInfo().usesRounds)
        line += " --rounds " + std::to_string(rounds);
    if (advice)
        line += " --advice " + std::string(adviceName(*advice));
    if (!peerId.empty())
        line += " --peer " + peerId;
    if (peerAccess)
        line += *peerAccess ? " --peer-access on" : " --peer-access off";
    if (writeCombined)
        line += " --write-combined";
    if (hostThreads != 1)
        line += " --host-threads " + std::to_string(hostThreads);
    if (defaultStream != DefaultStream::Legacy)
        line += " --default-stream " + std::string(defaultStreamName(defaultStream));
    if (!clockWarmup)
        line += " --no-clock-warmup";
    if (!counters)
        line += " --no-counters";
    else if (records != RecordsSource::DriverEvents)
        line += " --records " + std::string(recordsSourceName(records));
    return line;
}

bool validPeerId(std::string_view id)
{
    constexpr std::string_view prefix = "cuda:";
    return id.starts_with(prefix) && id.size() > prefix.size() && id.size() <= prefix.size() + 4
        && std::ranges::all_of(id.substr(prefix.size()), [](char c) { return c >= '0' && c <= '9'; });
}

Status checkPeerId(std::string_view id)
{
    if (validPeerId(id))
        return okStatus();
    return badArgument(SHARESCOPE_TR_NOOP("Core",
                                          "invalid --peer '%1'; accepted: cuda:N, a CUDA device other "
                                          "than --device (see sharescope devices)"),
                       {std::string(id)});
}

bool peerAccessOn(const ExperimentSpec &spec)
{
    switch (spec.modeInfo().peerAccess) {
    case PeerAccessUse::None:
        return false;
    case PeerAccessUse::Optional:
        return spec.peerAccess == true;
    case PeerAccessUse::Required:
        return true;
    }
    return false;
}

bool takesOption(const ModeInfo &mode, ModeOption option)
{
    switch (option) {
    case ModeOption::Advice:
        return mode.takesAdvice;
    case ModeOption::Peer:
        return mode.needsPeer();
    case ModeOption::PeerAccess:
        return mode.peerAccess == PeerAccessUse::Optional;
    case ModeOption::WriteCombined:
        // The modes whose host memory cudaHostAlloc allocates.
        return mode.hostMemory == HostMemory::PageLocked || mode.hostMemory == HostMemory::Mapped;
    }
    return false;
}

namespace {

// "pinned, zero-copy": the modes --write-combined applies to.
std::string writeCombinedModeNameList()
{
    std::string names;
    for (const ModeInfo &mode : modes()) {
        if (takesOption(mode, ModeOption::WriteCombined))
            names += (names.empty() ? "" : ", ") + std::string(mode.name);
    }
    return names;
}

} // namespace

Error optionNotTaken(ModeOption option, std::optional<ModeId> mode)
{
    switch (option) {
    case ModeOption::Advice:
        if (!mode)
            return badArgument(SHARESCOPE_TR_NOOP("Core", "--advice applies only to the managed-advise mode"), {});
        return badArgument(SHARESCOPE_TR_NOOP("Core", "--advice applies only to the managed-advise mode, not to %1"),
                           {std::string(modeName(*mode))});
    case ModeOption::Peer:
        if (!mode) {
            return badArgument(
                SHARESCOPE_TR_NOOP("Core", "--peer applies only to the modes that use a second GPU (%1)"),
                {peerModeNameList()});
        }
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "--peer applies only to the modes that use a second GPU (%1), "
                                              "not to %2"),
                           {peerModeNameList(), std::string(modeName(*mode))});
    case ModeOption::WriteCombined:
        if (!mode) {
            return badArgument(SHARESCOPE_TR_NOOP("Core", "--write-combined applies only to %1"),
                               {writeCombinedModeNameList()});
        }
        return badArgument(SHARESCOPE_TR_NOOP("Core", "--write-combined applies only to %1, not to %2"),
                           {writeCombinedModeNameList(), std::string(modeName(*mode))});
    case ModeOption::PeerAccess:
        break;
    }
    if (!mode)
        return badArgument(SHARESCOPE_TR_NOOP("Core", "--peer-access applies only to the peer-copy mode"), {});
    return badArgument(SHARESCOPE_TR_NOOP("Core", "--peer-access applies only to the peer-copy mode, not to %1"),
                       {std::string(modeName(*mode))});
}

namespace {

Status validatePeer(const ExperimentSpec &spec)
{
    if (!spec.peerId.empty() && !takesOption(spec.modeInfo(), ModeOption::Peer))
        return optionNotTaken(ModeOption::Peer, spec.mode);
    if (!spec.peerId.empty()) {
        if (Status id = checkPeerId(spec.peerId); !id)
            return id;
    }
    if (spec.peerAccess && !takesOption(spec.modeInfo(), ModeOption::PeerAccess))
        return optionNotTaken(ModeOption::PeerAccess, spec.mode);
    if (spec.writeCombined && !takesOption(spec.modeInfo(), ModeOption::WriteCombined))
        return optionNotTaken(ModeOption::WriteCombined, spec.mode);
    return okStatus();
}

Status validateHostThreads(const ExperimentSpec &spec)
{
    if (spec.hostThreads < 1 || spec.hostThreads > maxHostThreads) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid --host-threads %1; accepted: 1 to %2"),
                           {std::to_string(spec.hostThreads), std::to_string(maxHostThreads)});
    }
    if (spec.defaultStream != DefaultStream::Legacy && spec.modeInfo().backend != BackendKind::Cuda) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "--default-stream applies only to CUDA modes, not to %1 (OpenCL "
                                              "gives each thread a command queue of its own)"),
                           {std::string(modeName(spec.mode))});
    }
    if (!spec.threaded())
        return okStatus();
    if (const auto refusal = hostThreadsRefusal(spec.modeInfo()))
        return errorOf(ErrorKind::BadArgument, *refusal);
    if (spec.kernelInfo().usesStride && spec.strideTouched() < static_cast<std::uint64_t>(spec.hostThreads)) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "--host-threads %1 needs at least %1 elements the stride kernel "
                                              "touches; --size %2 with --stride %3 gives %4"),
                           {std::to_string(spec.hostThreads), std::to_string(spec.bytes),
                            std::to_string(spec.strideBytes), std::to_string(spec.strideTouched())});
    }
    if (spec.elementCount() < static_cast<std::uint64_t>(spec.hostThreads)) {
        return badArgument(
            SHARESCOPE_TR_NOOP("Core",
                               "--host-threads %1 needs at least %1 elements per buffer; "
                               "--size %2 holds %3"),
            {std::to_string(spec.hostThreads), std::to_string(spec.bytes), std::to_string(spec.elementCount())});
    }
    return okStatus();
}

} // namespace

ExperimentSpec inMode(ExperimentSpec base, ModeId mode)
{
    base.mode = mode;
    if (!modeInfo(mode).takesAdvice)
        base.advice.reset();
    else if (!base.advice)
        base.advice = defaultAdvice;
    if (!takesOption(modeInfo(mode), ModeOption::Peer))
        base.peerId.clear();
    if (!takesOption(modeInfo(mode), ModeOption::PeerAccess))
        base.peerAccess.reset();
    if (!takesOption(modeInfo(mode), ModeOption::WriteCombined))
        base.writeCombined = false;
    return base;
}

Status validate(const ExperimentSpec &spec)
{
    const KernelInfo &kernel = spec.kernelInfo();
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
    if (!spec.clockWarmup && spec.modeInfo().backend != BackendKind::Cuda) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "--no-clock-warmup applies only to CUDA modes, not to %1 (an OpenCL "
                                              "run reads no clock and warms none)"),
                           {std::string(modeName(spec.mode))});
    }
    if (kernel.usesStride && (spec.strideBytes == 0 || spec.strideBytes % elementBytes != 0)) {
        return badArgument(
            SHARESCOPE_TR_NOOP("Core",
                               "invalid stride %1 bytes: use a positive multiple of %2 bytes, e.g. 4KiB or 64KiB"),
            {std::to_string(spec.strideBytes), std::to_string(elementBytes)});
    }
    if (kernel.usesRounds && (spec.rounds < 1 || spec.rounds > maxRounds)) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid round count %1; accepted: 1 to %2"),
                           {std::to_string(spec.rounds), std::to_string(maxRounds)});
    }
    if (spec.modeInfo().takesAdvice && !spec.advice) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "%1 needs --advice; accepted: %2"),
                           {std::string(modeName(spec.mode)), adviceNameList()});
    }
    if (!spec.modeInfo().takesAdvice && spec.advice)
        return optionNotTaken(ModeOption::Advice, spec.mode);
    if (Status threads = validateHostThreads(spec); !threads)
        return threads;
    return validatePeer(spec);
}

} // namespace sharescope
