#include "phase.h"

namespace sharescope {

std::string_view phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Alloc:
        return "alloc";
    case Phase::IpcOpen:
        return "ipc-open";
    case Phase::HostInit:
        return "host-init";
    case Phase::ToDevice:
        return "to-device";
    case Phase::Kernel:
        return "kernel";
    case Phase::ToHost:
        return "to-host";
    case Phase::HostRead:
        return "host-read";
    case Phase::Free:
        return "free";
    }
    return "?";
}

std::optional<Phase> phaseFromName(std::string_view name)
{
    for (const Phase phase : allPhases) {
        if (phaseName(phase) == name)
            return phase;
    }
    return std::nullopt;
}

std::uint64_t PhaseResult::timeNs() const
{
    if (phase == Phase::HostInit || phase == Phase::HostRead)
        return hostNs;
    return deviceNs.value_or(hostNs);
}

std::optional<double> PhaseResult::bandwidth() const
{
    if (bytesAccessed == 0 || timeNs() == 0)
        return std::nullopt;
    return static_cast<double>(bytesAccessed) * 1e9 / static_cast<double>(timeNs());
}

} // namespace sharescope
