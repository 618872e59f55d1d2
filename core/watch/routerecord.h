// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One memory call of a watched program, as the injection library
// (sharescope_inject, loaded through CUDA_INJECTION64_PATH) sends it to the
// watcher: a datagram of this fixed layout on the socket that
// SHARESCOPE_ROUTE_SOCKET names. Plain C types only: the library includes
// this and nothing else of ShareScope's.

#include <stdint.h>

namespace sharescope::watch {

inline constexpr uint32_t routeRecordMagic = 0x53535231; // "SSR1": the layout's version
inline constexpr const char *routeSocketVariable = "SHARESCOPE_ROUTE_SOCKET";
inline constexpr const char *routeCuptiVariable = "SHARESCOPE_CUPTI";

enum class RouteCall : uint16_t {
    Hello = 1, // the library is in; value: 1 when CUPTI subscribed, else the CUPTI error
    AllocDevice, // cuMemAlloc (cudaMalloc)
    AllocManaged, // cuMemAllocManaged (cudaMallocManaged)
    AllocPinned, // cuMemHostAlloc, cuMemAllocHost (cudaHostAlloc, cudaMallocHost); flags: mapped
    RegisterHost, // cuMemHostRegister (cudaHostRegister); flags: mapped
    CopyToDevice, // host to device; flags: pinned, async
    CopyToHost, // device to host; flags: pinned, async
    CopyWithinDevice, // device to device, same GPU or peer; flags: async
    Prefetch, // cuMemPrefetchAsync; device: the destination (-1 the host)
    Advise, // cuMemAdvise; value: the advice
    IpcExport, // cuIpcGetMemHandle
    IpcImport, // cuIpcOpenMemHandle
    VmmCreate, // cuMemCreate
    VmmExport, // cuMemExportToShareableHandle
    VmmImport, // cuMemImportFromShareableHandle
    PoolAlloc, // cuMemAllocAsync, cuMemAllocFromPoolAsync (cudaMallocAsync)
    PoolExport, // cuMemPoolExportToShareableHandle
    Discard, // cuMemDiscardBatchAsync, cuMemDiscardAndPrefetchBatchAsync
};

enum RouteFlag : uint16_t {
    RoutePinned = 1, // the host side of a copy is page-locked memory
    RouteAsync = 2, // the call only queued the work: its time is not the work's
    RouteMapped = 4, // pinned memory mapped into the device's address space (zero-copy)
    RouteFailed = 8, // the call returned an error
};

struct RouteRecord
{
    uint32_t magic;
    uint32_t pid;
    uint16_t call; // RouteCall
    uint16_t flags; // RouteFlag bits
    int32_t device; // the CUDA device the call named, -1 the host, -2 none
    uint64_t bytes;
    uint64_t startNs; // CLOCK_MONOTONIC, as the watcher reads it
    uint64_t endNs;
    uint64_t value; // see RouteCall
};
static_assert(sizeof(RouteRecord) == 48, "the record is read as it is sent");

} // namespace sharescope::watch
