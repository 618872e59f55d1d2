// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/doctor.h"

#include "trnoop.h"

#include <algorithm>

namespace sharescope::doctor {
namespace {

// Every check, once: its name, title, section of the docs, and where the
// program shows it at work.
constexpr CheckInfo checkTable[] = {
    {CheckId::SharedMemory, "shared-memory", SHARESCOPE_TR_NOOP("Core", "shared memory for worker processes"),
     "shared-memory-for-worker-processes", "", "", false, false},
    {CheckId::OpenFiles, "open-files", SHARESCOPE_TR_NOOP("Core", "open-file limit"), "open-file-limit", "", "", false,
     false},
    {CheckId::DescriptorPassing, "descriptor-passing",
     SHARESCOPE_TR_NOOP("Core", "passing descriptors between processes"), "passing-descriptors-between-processes", "",
     "ipc-vmm", false, true},
    {CheckId::LegacyIpc, "legacy-ipc", SHARESCOPE_TR_NOOP("Core", "legacy CUDA IPC"), "legacy-cuda-ipc",
     "other-process", "ipc", true, true},
    {CheckId::PinnedMemory, "pinned-memory", SHARESCOPE_TR_NOOP("Core", "page-locked (pinned) memory"),
     "page-locked-pinned-memory", "when-pinning-pays", "pinned", true, true},
    {CheckId::Numa, "numa", SHARESCOPE_TR_NOOP("Core", "NUMA placement"), "numa-placement", "", "pinned", true, true},
    {CheckId::PcieLink, "pcie-link", SHARESCOPE_TR_NOOP("Core", "the PCIe link"), "the-pcie-link",
     "copies-vs-zero-copy", "", true, true},
    {CheckId::PeerToPeer, "peer-to-peer", SHARESCOPE_TR_NOOP("Core", "peer-to-peer between GPUs"),
     "peer-to-peer-between-gpus", "peer-access", "peer-copy", true, true},
    {CheckId::AddressingMode, "addressing-mode", SHARESCOPE_TR_NOOP("Core", "addressing mode (HMM, ATS)"),
     "addressing-mode-hmm-ats", "", "managed", true, false},
    {CheckId::Mps, "mps", SHARESCOPE_TR_NOOP("Core", "MPS and compute mode"), "mps-and-compute-mode", "", "", false,
     false},
    {CheckId::ManagedMemory, "managed-memory", SHARESCOPE_TR_NOOP("Core", "managed memory"), "managed-memory",
     "ping-pong", "managed", true, true},
    {CheckId::Driver, "driver", SHARESCOPE_TR_NOOP("Core", "driver, runtime and clocks"), "driver-runtime-and-clocks",
     "", "", true, true},
};
static_assert(std::size(checkTable) == allCheckIds.size());

constexpr bool tableInOrder()
{
    for (std::size_t i = 0; i < allCheckIds.size(); ++i) {
        if (checkTable[i].id != allCheckIds[i])
            return false;
    }
    return true;
}
static_assert(tableInOrder(), "checkTable lists the checks in CheckId's order");

} // namespace

const CheckInfo &checkInfo(CheckId id)
{
    return checkTable[static_cast<std::size_t>(id)];
}

std::optional<CheckId> checkFromName(std::string_view name)
{
    const auto found = std::ranges::find(checkTable, name, &CheckInfo::name);
    if (found == std::end(checkTable))
        return std::nullopt;
    return found->id;
}

std::string_view verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Ok:
        return "ok";
    case Verdict::Warning:
        return "warning";
    case Verdict::Problem:
        return "problem";
    case Verdict::NotApplicable:
        return "not-applicable";
    case Verdict::CouldNotCheck:
        return "could-not-check";
    }
    return "could-not-check";
}

std::optional<Verdict> verdictFromName(std::string_view name)
{
    for (const Verdict verdict : allVerdicts) {
        if (verdictName(verdict) == name)
            return verdict;
    }
    return std::nullopt;
}

const char *verdictTitle(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Ok:
        return SHARESCOPE_TR_NOOP("Core", "ok");
    case Verdict::Warning:
        return SHARESCOPE_TR_NOOP("Core", "warning");
    case Verdict::Problem:
        return SHARESCOPE_TR_NOOP("Core", "problem");
    case Verdict::NotApplicable:
        return SHARESCOPE_TR_NOOP("Core", "not applicable");
    case Verdict::CouldNotCheck:
        return SHARESCOPE_TR_NOOP("Core", "could not check");
    }
    return "";
}

std::string docsLink(CheckId id)
{
    return "docs/doctor.md#" + std::string(checkInfo(id).anchor);
}

std::uint64_t sharedMemoryNeed(const DoctorPlan &plan)
{
    const std::uint64_t batches = static_cast<std::uint64_t>(std::max(plan.workers, 0))
        * static_cast<std::uint64_t>(std::max(plan.prefetch, 0));
    return batches * plan.batchBytes / 4 * 5 + (64ULL << 20);
}

std::uint64_t descriptorNeed(const DoctorPlan &plan, int tensorsPerBatch)
{
    const std::uint64_t workers = static_cast<std::uint64_t>(std::max(plan.workers, 0));
    return workers * static_cast<std::uint64_t>(std::max(plan.prefetch, 0))
        * static_cast<std::uint64_t>(std::max(tensorsPerBatch, 0))
        + 4 * workers + 256;
}

Status validateDoctorOptions(const DoctorOptions &options)
{
    if (options.workers && (*options.workers < 1 || *options.workers > 1024))
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid --workers '%1'; accepted: 1 to 1024"),
                           {std::to_string(*options.workers)});
    if (options.batchBytes && (*options.batchBytes < 1 || *options.batchBytes > (1ULL << 40)))
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid --batch '%1' bytes; accepted: 1 byte to 1 TiB"),
                           {std::to_string(*options.batchBytes)});
    if (options.peerPid && *options.peerPid < 1)
        return badArgument(SHARESCOPE_TR_NOOP("Core", "invalid --peer-pid '%1'; accepted: a process id, 1 or more"),
                           {std::to_string(*options.peerPid)});
    return okStatus();
}

bool DoctorReport::problemFound() const
{
    return count(Verdict::Problem) > 0;
}

int DoctorReport::count(Verdict verdict) const
{
    return static_cast<int>(std::ranges::count(checks, verdict, &Check::verdict));
}

} // namespace sharescope::doctor
