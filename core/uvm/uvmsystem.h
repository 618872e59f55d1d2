// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sharescope::uvm {

// The few system calls behind UvmCounters, so that a test can play the
// driver. Failures come back as values (a negative errno, an empty
// optional, an Error), never as exceptions.
class UvmSystem
{
public:
    struct OpenFile
    {
        int fd = -1;
        std::string target; // what /proc/self/fd/<fd> links to
    };

    virtual ~UvmSystem() = default;

    // The whole file; empty when it cannot be read.
    virtual std::optional<std::string> readFile(const std::string &path) = 0;
    virtual std::vector<OpenFile> openFiles() = 0;
    // Read-only and close-on-exec: ioctls need no write access, and a
    // spawned helper must not inherit the driver's reference.
    virtual int open(const std::string &path) = 0; // fd, or -errno
    virtual void close(int fd) = 0;
    virtual int ioctl(int fd, unsigned long request, void *argument) = 0; // 0, or -errno
    // Zeroed, writable, page-aligned memory that a forked child does not
    // share (the driver pins it: copy-on-write must never move it).
    virtual Result<void *> mapPages(std::size_t bytes) = 0;
    virtual void unmapPages(void *pages, std::size_t bytes) = 0;
    virtual std::size_t pageSize() = 0;
};

inline constexpr const char *uvmDevicePath = "/dev/nvidia-uvm";
inline constexpr const char *uvmToolsDevicePath = "/dev/nvidia-uvm-tools";

// UVM_TOOLS_INIT_EVENT_TRACKER_PARAMS (uvm_ioctl.h), which ioctls 56 (a
// counter tracker, or a version-1 queue) and 76 (a version-2 queue) take.
struct UvmInitEventTrackerParams
{
    alignas(8) std::uint64_t queueBuffer;
    alignas(8) std::uint64_t queueBufferSize; // entries, a power of two; 0: a counter tracker
    alignas(8) std::uint64_t controlBuffer; // the queue's pointers, or the counter page
    std::uint8_t processor[16]; // NvProcessorUuid; ignored for all processors
    std::uint32_t allProcessors;
    std::uint32_t uvmFd;
    std::uint32_t rmStatus;
};
static_assert(sizeof(UvmInitEventTrackerParams) == 56 && offsetof(UvmInitEventTrackerParams, controlBuffer) == 16
              && offsetof(UvmInitEventTrackerParams, allProcessors) == 40
              && offsetof(UvmInitEventTrackerParams, uvmFd) == 44
              && offsetof(UvmInitEventTrackerParams, rmStatus) == 48);

// CUDA's /dev/nvidia-uvm descriptors in this process. CUDA may hold two: its
// VA space and, on newer drivers, one that only keeps its memory map alive,
// which the tools refuse. Why not, where there are none.
Result<std::vector<int>> uvmDescriptors(UvmSystem &system);
// /dev/nvidia-uvm-tools opened: its descriptor, or why not.
Result<int> openUvmTools(UvmSystem &system);

// An NV_STATUS for a message: "NV_ERR_INVALID_ARGUMENT 0x1f".
std::string uvmStatusText(std::uint32_t status);
// A negative errno for a message: "Permission denied (errno 13)".
std::string uvmErrnoText(int negativeErrno);

// The real thing: /proc, open(2), ioctl(2), mmap(2).
std::shared_ptr<UvmSystem> linuxUvmSystem();

} // namespace sharescope::uvm
