// SPDX-License-Identifier: GPL-3.0-or-later
#include "uvm/uvmcounters.h"

#include "uvm/uvmdriverversion.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <vector>

namespace sharescope::uvm {
namespace {

// The tools interface of NVIDIA's open kernel module, kernel-open/nvidia-uvm
// (MIT), as uvmdriverversion.cpp lists the branches. On Linux an ioctl
// number is the plain index (UVM_IOCTL_BASE(i) is i), not an _IOWR code.
constexpr unsigned long toolsInitEventTracker = 56; // UVM_TOOLS_INIT_EVENT_TRACKER
constexpr unsigned long toolsEnableCounters = 60; // UVM_TOOLS_ENABLE_COUNTERS
// UVM_TOOLS_ENABLE_COUNTERS_PARAMS: a mask of 1 << UvmCounterName.
struct EnableCountersParams
{
    alignas(8) std::uint64_t counterTypeFlags;
    std::uint32_t rmStatus;
};
static_assert(sizeof(EnableCountersParams) == 16 && offsetof(EnableCountersParams, rmStatus) == 8);

// UvmCounterName (uvm_types.h): the index of each counter in the page. The
// page holds one 64-bit slot per name; a process-wide (all processors)
// tracker adds every GPU's and the CPU's counts into the same slot. 3 to 6
// are Windows-only; 7 and 8 (prefetched bytes) are never incremented on
// Linux, where prefetches count in 0 and 1.
enum CounterName : unsigned {
    BytesXferHtD = 0,
    BytesXferDtH = 1,
    CpuPageFaultCount = 2,
    GpuPageFaultCount = 9,
    TotalCounters = 10,
};
constexpr std::uint64_t enabledCounters
    = (1ull << BytesXferHtD) | (1ull << BytesXferDtH) | (1ull << CpuPageFaultCount) | (1ull << GpuPageFaultCount);

// What open() holds until it succeeds; released on every way out.
struct Held
{
    UvmSystem &system;
    int fd = -1;
    void *page = nullptr;
    std::size_t pageBytes = 0;

    ~Held()
    {
        // The driver unpins the page when the tracker's file closes.
        if (fd >= 0)
            system.close(fd);
        if (page)
            system.unmapPages(page, pageBytes);
    }
};

std::uint64_t load(std::uint64_t &slot)
{
    return std::atomic_ref<std::uint64_t>(slot).load(std::memory_order_acquire);
}

} // namespace

UvmCounterValues operator-(const UvmCounterValues &after, const UvmCounterValues &before)
{
    return {after.bytesHostToDevice - before.bytesHostToDevice, after.bytesDeviceToHost - before.bytesDeviceToHost,
            after.cpuPageFaults - before.cpuPageFaults, after.gpuPageFaults - before.gpuPageFaults};
}

Result<std::unique_ptr<UvmCounters>> UvmCounters::open(const std::shared_ptr<UvmSystem> &system)
{
    Result<std::string> version = supportedUvmDriverVersion(*system);
    if (!version)
        return version.error();
    Result<std::vector<int>> uvmFds = uvmDescriptors(*system);
    if (!uvmFds)
        return uvmFds.error();
    return openOnAny(*uvmFds, system, "this process", std::move(*version));
}

Result<std::unique_ptr<UvmCounters>> UvmCounters::openOn(int uvmFd, const std::shared_ptr<UvmSystem> &system)
{
    Result<std::string> version = supportedUvmDriverVersion(*system);
    if (!version)
        return version.error();
    return openOnAny({uvmFd}, system, "the process", std::move(*version));
}

Result<std::unique_ptr<UvmCounters>> UvmCounters::openOnAny(const std::vector<int> &uvmFds,
                                                            const std::shared_ptr<UvmSystem> &system,
                                                            const std::string &whose, std::string version)
{
    Held held{*system};
    Result<int> tools = openUvmTools(*system);
    if (!tools)
        return tools.error();
    held.fd = *tools;
    held.pageBytes = system->pageSize();
    Result<void *> page = system->mapPages(held.pageBytes);
    if (!page)
        return page.error();
    held.page = *page;

    std::string refusals;
    bool tracking = false;
    for (int uvmFd : uvmFds) {
        UvmInitEventTrackerParams init{};
        init.controlBuffer = reinterpret_cast<std::uintptr_t>(held.page);
        init.allProcessors = 1;
        init.uvmFd = static_cast<std::uint32_t>(uvmFd);
        const int result = system->ioctl(held.fd, toolsInitEventTracker, &init);
        if (result < 0)
            return failed("ioctl UVM_TOOLS_INIT_EVENT_TRACKER (56) failed: " + uvmErrnoText(result));
        if (init.rmStatus == 0) {
            tracking = true;
            break;
        }
        // A refused descriptor leaves the tools file as it was: try the next.
        refusals
            += (refusals.empty() ? "" : "; ") + ("fd " + std::to_string(uvmFd)) + ": " + uvmStatusText(init.rmStatus);
    }
    if (!tracking)
        return failed(std::string("UVM_TOOLS_INIT_EVENT_TRACKER (56) refused every ") + uvmDevicePath + " of " + whose
                      + " (" + refusals + ")");

    EnableCountersParams enable{};
    enable.counterTypeFlags = enabledCounters;
    const int result = system->ioctl(held.fd, toolsEnableCounters, &enable);
    if (result < 0)
        return failed("ioctl UVM_TOOLS_ENABLE_COUNTERS (60) failed: " + uvmErrnoText(result));
    if (enable.rmStatus != 0)
        return failed("UVM_TOOLS_ENABLE_COUNTERS (60) refused: " + uvmStatusText(enable.rmStatus));

    std::unique_ptr<UvmCounters> counters(
        new UvmCounters(system, held.fd, held.page, held.pageBytes, std::move(version)));
    held.fd = -1;
    held.page = nullptr;
    return counters;
}

UvmCounters::UvmCounters(std::shared_ptr<UvmSystem> system, int toolsFd, void *page, std::size_t pageBytes,
                         std::string driverVersion)
    : m_system(std::move(system))
    , m_toolsFd(toolsFd)
    , m_page(page)
    , m_pageBytes(pageBytes)
    , m_driverVersion(std::move(driverVersion))
{
}

UvmCounters::~UvmCounters()
{
    // The tracker unpins the page when its file closes: close first.
    m_system->close(m_toolsFd);
    m_system->unmapPages(m_page, m_pageBytes);
}

UvmCounterValues UvmCounters::read() const
{
    auto *slots = static_cast<std::uint64_t *>(m_page);
    // The loads must stay between the phases around them. A compiler barrier
    // on each side is enough: the CPU takes the page faults they count in
    // program order, and the driver's adds are atomic.
    std::atomic_signal_fence(std::memory_order_seq_cst);
    UvmCounterValues values{load(slots[BytesXferHtD]), load(slots[BytesXferDtH]), load(slots[CpuPageFaultCount]),
                            load(slots[GpuPageFaultCount])};
    std::atomic_signal_fence(std::memory_order_seq_cst);
    return values;
}

} // namespace sharescope::uvm
