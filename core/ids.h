// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

// Kept apart from catalogue.h so that CUDA sources, compiled as C++17, can
// name them too.
namespace sharescope {

// The sharing modes and kernels. Everywhere inside the program they are these
// ids; their names ("managed-advise") exist only where text comes in or goes
// out: the command line, report files, settings. Switches over them list
// every case, without a default, so that -Wswitch (an error in every build,
// cmake/ShareScopeWarnings.cmake) names the places a new one must be
// handled: its catalogue row first (catalogue.cpp).
enum class ModeId : std::uint8_t {
    Device,
    Pinned,
    PinnedRegistered,
    ZeroCopy,
    Registered,
    Managed,
    ManagedPrefetch,
    ManagedAdvise,
    Ipc,
    IpcVmm,
    IpcPool,
    PeerCopy,
    PeerAccess,
    ManagedPeer,
    ManagedPeerPrefetch,
    ManagedDiscard,
    ManagedDiscardPrefetch,
    ClCopy,
    ClUseHostPtr,
    ClAllocHostPtr,
    ClSvmCoarse,
    ClSvmFine,
#ifdef SHARESCOPE_COMPILE_CHECK_NEW_MODE
    CompileCheckNewMode, // tests/CMakeLists.txt: a mode without its catalogue row must not build
#endif
};

// How a mode gets data to the kernel, which decides what there is to show.
enum class ModeFamily : std::uint8_t {
    Copy, // explicit copies between host and device memory
    Mapped, // the kernel reaches host memory over the bus
    Managed, // unified memory: pages migrate (between the host and a GPU, or between two GPUs)
    Ipc, // device memory shared with another process
    Peer, // device memory reached from a second GPU: copied between the two, or accessed in place over the link
    ClCopy, // OpenCL write/read buffer
    ClMap, // OpenCL map/unmap of host-visible buffers
    ClSvm, // OpenCL shared virtual memory
};

enum class KernelId : std::uint8_t { VectorAdd, Scale, Stride, Gather, PingPong, FirstTouch };

// managed-advise's hints (cudaMemAdvise).
enum class Advice : std::uint8_t { PreferredDevice, PreferredHost, AccessedBy, ReadMostly };

// Where a counted pass's migration records come from (--records).
enum class RecordsSource : std::uint8_t {
    DriverEvents, // the UVM driver's own event queue, which counts what it drops; CUPTI where it has none
    Cupti, // CUPTI's unified-memory activity, which loses records under fault storms without saying how many
    None, // none: the driver's exact totals alone, at the least cost
};

} // namespace sharescope
