// SPDX-License-Identifier: GPL-3.0-or-later
// The library `sharescope watch` loads into the command it starts, through
// CUDA_INJECTION64_PATH: the CUDA driver calls InitializeInjection at
// cuInit. It subscribes to CUPTI's callbacks for the driver's memory calls
// (the runtime's calls go through them too; numba calls the driver alone)
// and sends one record per call to the watcher's socket. It calls no CUDA
// function itself, allocates nothing in a callback but a few map nodes,
// and finds CUPTI where the watcher says (SHARESCOPE_CUPTI), so that
// nothing of it is linked into the program. If anything is missing it
// does nothing: the program runs as it would.

#include "watch/routerecord.h"

#include <cupti.h>

#include <dlfcn.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>

namespace {

using namespace sharescope::watch;

int routeSocket = -1;
sockaddr_un routeAddress{};
socklen_t routeAddressLength = 0;

// Page-locked host ranges (pinned allocations, registrations) and device
// ranges, to tell a copy's direction and whether its host side is pinned
// without asking CUDA inside a callback. Start -> end.
std::mutex rangesMutex;
std::map<std::uintptr_t, std::uintptr_t> pinnedRanges;
std::map<std::uintptr_t, std::uintptr_t> deviceRanges;

std::uint64_t monotonicNs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u + static_cast<std::uint64_t>(ts.tv_nsec);
}

void sendRecord(RouteCall call, std::uint16_t flags, std::int32_t device, std::uint64_t bytes, std::uint64_t start,
                std::uint64_t end, std::uint64_t value = 0)
{
    if (routeSocket < 0)
        return;
    RouteRecord record{routeRecordMagic,
                       static_cast<std::uint32_t>(getpid()),
                       static_cast<std::uint16_t>(call),
                       flags,
                       device,
                       bytes,
                       start,
                       end,
                       value};
    // A watcher that is gone refuses at once; the program goes on.
    sendto(routeSocket, &record, sizeof record, MSG_NOSIGNAL, reinterpret_cast<const sockaddr *>(&routeAddress),
           routeAddressLength);
}

bool inRanges(const std::map<std::uintptr_t, std::uintptr_t> &ranges, std::uintptr_t address)
{
    const auto after = ranges.upper_bound(address);
    if (after == ranges.begin())
        return false;
    const auto range = std::prev(after);
    return address >= range->first && address < range->second;
}

std::uint64_t rangeBytes(const std::map<std::uintptr_t, std::uintptr_t> &ranges, std::uintptr_t start)
{
    const auto found = ranges.find(start);
    return found == ranges.end() ? 0 : found->second - found->first;
}

void addRange(std::map<std::uintptr_t, std::uintptr_t> &ranges, std::uintptr_t start, std::uint64_t bytes)
{
    if (start == 0 || bytes == 0)
        return;
    const std::lock_guard lock(rangesMutex);
    ranges[start] = start + bytes;
}

void removeRange(std::map<std::uintptr_t, std::uintptr_t> &ranges, std::uintptr_t start)
{
    const std::lock_guard lock(rangesMutex);
    ranges.erase(start);
}

bool pinned(const void *host)
{
    const std::lock_guard lock(rangesMutex);
    return inRanges(pinnedRanges, reinterpret_cast<std::uintptr_t>(host));
}

// A unified-address copy (cuMemcpy): which side is the device's.
void unifiedCopy(CUdeviceptr dst, CUdeviceptr src, std::size_t bytes, std::uint16_t flags, std::uint64_t start,
                 std::uint64_t end)
{
    bool dstDevice, srcDevice, dstPinned, srcPinned;
    {
        const std::lock_guard lock(rangesMutex);
        dstDevice = inRanges(deviceRanges, dst);
        srcDevice = inRanges(deviceRanges, src);
        dstPinned = inRanges(pinnedRanges, dst);
        srcPinned = inRanges(pinnedRanges, src);
    }
    if (dstDevice && srcDevice)
        sendRecord(RouteCall::CopyWithinDevice, flags, -2, bytes, start, end);
    else if (dstDevice)
        sendRecord(RouteCall::CopyToDevice, flags | (srcPinned ? RoutePinned : 0), -2, bytes, start, end);
    else if (srcDevice)
        sendRecord(RouteCall::CopyToHost, flags | (dstPinned ? RoutePinned : 0), -2, bytes, start, end);
    // Host to host, or memory this library did not see allocated: not a route.
}

std::int32_t locationDevice(const CUmemLocation &location)
{
    return location.type == CU_MEM_LOCATION_TYPE_DEVICE ? location.id : -1;
}

// Allocations and frees of device, managed, pool and pinned memory, and host registrations; false for a call of another
// kind.
bool allocationCall(CUpti_CallbackId id, const void *p, bool ok, std::uint16_t failed, std::uint64_t start,
                    std::uint64_t end)
{
    switch (id) {
    case CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2: {
        const auto *a = static_cast<const cuMemAlloc_v2_params *>(p);
        if (ok)
            addRange(deviceRanges, *a->dptr, a->bytesize);
        sendRecord(RouteCall::AllocDevice, failed, -2, a->bytesize, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocManaged: {
        const auto *a = static_cast<const cuMemAllocManaged_params *>(p);
        sendRecord(RouteCall::AllocManaged, failed, -2, a->bytesize, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync:
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync_ptsz: {
        const auto *a = static_cast<const cuMemAllocAsync_params *>(p);
        if (ok)
            addRange(deviceRanges, *a->dptr, a->bytesize);
        sendRecord(RouteCall::PoolAlloc, failed | RouteAsync, -2, a->bytesize, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync:
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync_ptsz: {
        const auto *a = static_cast<const cuMemAllocFromPoolAsync_params *>(p);
        if (ok)
            addRange(deviceRanges, *a->dptr, a->bytesize);
        sendRecord(RouteCall::PoolAlloc, failed | RouteAsync, -2, a->bytesize, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemFree_v2:
        removeRange(deviceRanges, static_cast<const cuMemFree_v2_params *>(p)->dptr);
        break;
    case CUPTI_DRIVER_TRACE_CBID_cuMemHostAlloc: {
        const auto *a = static_cast<const cuMemHostAlloc_params *>(p);
        if (ok)
            addRange(pinnedRanges, reinterpret_cast<std::uintptr_t>(*a->pp), a->bytesize);
        const bool mapped = a->Flags & CU_MEMHOSTALLOC_DEVICEMAP;
        sendRecord(RouteCall::AllocPinned, failed | (mapped ? RouteMapped : 0), -1, a->bytesize, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemAllocHost_v2: {
        const auto *a = static_cast<const cuMemAllocHost_v2_params *>(p);
        if (ok)
            addRange(pinnedRanges, reinterpret_cast<std::uintptr_t>(*a->pp), a->bytesize);
        sendRecord(RouteCall::AllocPinned, failed, -1, a->bytesize, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemHostRegister:
    case CUPTI_DRIVER_TRACE_CBID_cuMemHostRegister_v2: {
        const auto *a = static_cast<const cuMemHostRegister_v2_params *>(p);
        if (ok)
            addRange(pinnedRanges, reinterpret_cast<std::uintptr_t>(a->p), a->bytesize);
        const bool mapped = a->Flags & CU_MEMHOSTREGISTER_DEVICEMAP;
        sendRecord(RouteCall::RegisterHost, failed | (mapped ? RouteMapped : 0), -1, a->bytesize, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemFreeHost:
        removeRange(pinnedRanges, reinterpret_cast<std::uintptr_t>(static_cast<const cuMemFreeHost_params *>(p)->p));
        break;
    case CUPTI_DRIVER_TRACE_CBID_cuMemHostUnregister:
        removeRange(pinnedRanges,
                    reinterpret_cast<std::uintptr_t>(static_cast<const cuMemHostUnregister_params *>(p)->p));
        break;
    default:
        return false;
    }
    return true;
}

// Copies, each way, with whether the host side was pinned; false for a call of another kind.
bool copyCall(CUpti_CallbackId id, const void *p, std::uint16_t failed, std::uint64_t start, std::uint64_t end)
{
    switch (id) {
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoD_v2:
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoD_v2_ptds: {
        const auto *c = static_cast<const cuMemcpyHtoD_v2_params *>(p);
        sendRecord(RouteCall::CopyToDevice, failed | (pinned(c->srcHost) ? RoutePinned : 0), -2, c->ByteCount, start,
                   end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2:
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2_ptsz: {
        const auto *c = static_cast<const cuMemcpyHtoDAsync_v2_params *>(p);
        sendRecord(RouteCall::CopyToDevice, failed | RouteAsync | (pinned(c->srcHost) ? RoutePinned : 0), -2,
                   c->ByteCount, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoH_v2:
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoH_v2_ptds: {
        const auto *c = static_cast<const cuMemcpyDtoH_v2_params *>(p);
        sendRecord(RouteCall::CopyToHost, failed | (pinned(c->dstHost) ? RoutePinned : 0), -2, c->ByteCount, start,
                   end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoHAsync_v2:
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoHAsync_v2_ptsz: {
        const auto *c = static_cast<const cuMemcpyDtoHAsync_v2_params *>(p);
        sendRecord(RouteCall::CopyToHost, failed | RouteAsync | (pinned(c->dstHost) ? RoutePinned : 0), -2,
                   c->ByteCount, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoD_v2:
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoD_v2_ptds:
        sendRecord(RouteCall::CopyWithinDevice, failed, -2, static_cast<const cuMemcpyDtoD_v2_params *>(p)->ByteCount,
                   start, end);
        break;
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoDAsync_v2:
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoDAsync_v2_ptsz:
        sendRecord(RouteCall::CopyWithinDevice, failed | RouteAsync, -2,
                   static_cast<const cuMemcpyDtoDAsync_v2_params *>(p)->ByteCount, start, end);
        break;
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpy:
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpy_ptds: {
        const auto *c = static_cast<const cuMemcpy_params *>(p);
        unifiedCopy(c->dst, c->src, c->ByteCount, failed, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyAsync:
    case CUPTI_DRIVER_TRACE_CBID_cuMemcpyAsync_ptsz: {
        const auto *c = static_cast<const cuMemcpyAsync_params *>(p);
        unifiedCopy(c->dst, c->src, c->ByteCount, failed | RouteAsync, start, end);
        break;
    }
    default:
        return false;
    }
    return true;
}

// Prefetches, advice, discards, IPC and virtual memory management; false for a call of another kind.
bool placementCall(CUpti_CallbackId id, const void *p, bool ok, std::uint16_t failed, std::uint64_t start,
                   std::uint64_t end)
{
    switch (id) {
    case CUPTI_DRIVER_TRACE_CBID_cuMemPrefetchAsync:
    case CUPTI_DRIVER_TRACE_CBID_cuMemPrefetchAsync_ptsz: {
        const auto *a = static_cast<const cuMemPrefetchAsync_params *>(p);
        sendRecord(RouteCall::Prefetch, failed | RouteAsync, a->dstDevice < 0 ? -1 : a->dstDevice, a->count, start,
                   end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemPrefetchAsync_v2:
    case CUPTI_DRIVER_TRACE_CBID_cuMemPrefetchAsync_v2_ptsz: {
        const auto *a = static_cast<const cuMemPrefetchAsync_v2_params *>(p);
        sendRecord(RouteCall::Prefetch, failed | RouteAsync, locationDevice(a->location), a->count, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemAdvise: {
        const auto *a = static_cast<const cuMemAdvise_params *>(p);
        sendRecord(RouteCall::Advise, failed, a->device, a->count, start, end, static_cast<std::uint64_t>(a->advice));
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemAdvise_v2: {
        const auto *a = static_cast<const cuMemAdvise_v2_params *>(p);
        sendRecord(RouteCall::Advise, failed, locationDevice(a->location), a->count, start, end,
                   static_cast<std::uint64_t>(a->advice));
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemDiscardBatchAsync:
    case CUPTI_DRIVER_TRACE_CBID_cuMemDiscardAndPrefetchBatchAsync: {
        // Both start with the same three fields: the pointers, sizes, count.
        const auto *a = static_cast<const cuMemDiscardBatchAsync_params *>(p);
        std::uint64_t bytes = 0;
        for (std::size_t i = 0; a->sizes && i < a->count && i < (1u << 20); ++i)
            bytes += a->sizes[i];
        sendRecord(RouteCall::Discard, failed | RouteAsync, -2, bytes, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuIpcGetMemHandle: {
        const auto *a = static_cast<const cuIpcGetMemHandle_params *>(p);
        std::uint64_t bytes;
        {
            const std::lock_guard lock(rangesMutex);
            bytes = rangeBytes(deviceRanges, a->dptr);
        }
        sendRecord(RouteCall::IpcExport, failed, -2, bytes, start, end);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuIpcOpenMemHandle:
    case CUPTI_DRIVER_TRACE_CBID_cuIpcOpenMemHandle_v2:
        sendRecord(RouteCall::IpcImport, failed, -2, 0, start, end);
        break;
    case CUPTI_DRIVER_TRACE_CBID_cuMemCreate:
        sendRecord(RouteCall::VmmCreate, failed, -2, static_cast<const cuMemCreate_params *>(p)->size, start, end);
        break;
    case CUPTI_DRIVER_TRACE_CBID_cuMemMap: {
        const auto *a = static_cast<const cuMemMap_params *>(p);
        if (ok)
            addRange(deviceRanges, a->ptr, a->size);
        break;
    }
    case CUPTI_DRIVER_TRACE_CBID_cuMemExportToShareableHandle:
        sendRecord(RouteCall::VmmExport, failed, -2, 0, start, end);
        break;
    case CUPTI_DRIVER_TRACE_CBID_cuMemImportFromShareableHandle:
        sendRecord(RouteCall::VmmImport, failed, -2, 0, start, end);
        break;
    case CUPTI_DRIVER_TRACE_CBID_cuMemPoolExportToShareableHandle:
        sendRecord(RouteCall::PoolExport, failed, -2, 0, start, end);
        break;
    default:
        return false;
    }
    return true;
}

void CUPTIAPI onCall(void *, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void *data)
{
    if (domain != CUPTI_CB_DOMAIN_DRIVER_API)
        return;
    const auto *call = static_cast<const CUpti_CallbackData *>(data);
    if (call->callbackSite == CUPTI_API_ENTER) {
        *call->correlationData = monotonicNs();
        return;
    }
    const std::uint64_t start = *call->correlationData;
    const std::uint64_t end = monotonicNs();
    const bool ok
        = call->functionReturnValue && *static_cast<const CUresult *>(call->functionReturnValue) == CUDA_SUCCESS;
    const std::uint16_t failed = ok ? 0 : RouteFailed;
    const void *p = call->functionParams;
    if (!allocationCall(id, p, ok, failed, start, end) && !copyCall(id, p, failed, start, end))
        placementCall(id, p, ok, failed, start, end);
}

constexpr CUpti_CallbackId watchedCalls[] = {
    CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocManaged,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuMemFree_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemHostAlloc,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocHost_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemHostRegister,
    CUPTI_DRIVER_TRACE_CBID_cuMemHostRegister_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemFreeHost,
    CUPTI_DRIVER_TRACE_CBID_cuMemHostUnregister,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoD_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoD_v2_ptds,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoH_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoH_v2_ptds,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoHAsync_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoHAsync_v2_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoD_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoD_v2_ptds,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoDAsync_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoDAsync_v2_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpy,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpy_ptds,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyAsync,
    CUPTI_DRIVER_TRACE_CBID_cuMemcpyAsync_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuMemPrefetchAsync,
    CUPTI_DRIVER_TRACE_CBID_cuMemPrefetchAsync_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuMemPrefetchAsync_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemPrefetchAsync_v2_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuMemAdvise,
    CUPTI_DRIVER_TRACE_CBID_cuMemAdvise_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemDiscardBatchAsync,
    CUPTI_DRIVER_TRACE_CBID_cuMemDiscardAndPrefetchBatchAsync,
    CUPTI_DRIVER_TRACE_CBID_cuIpcGetMemHandle,
    CUPTI_DRIVER_TRACE_CBID_cuIpcOpenMemHandle,
    CUPTI_DRIVER_TRACE_CBID_cuIpcOpenMemHandle_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemCreate,
    CUPTI_DRIVER_TRACE_CBID_cuMemMap,
    CUPTI_DRIVER_TRACE_CBID_cuMemExportToShareableHandle,
    CUPTI_DRIVER_TRACE_CBID_cuMemImportFromShareableHandle,
    CUPTI_DRIVER_TRACE_CBID_cuMemPoolExportToShareableHandle,
};

} // namespace

extern "C" __attribute__((visibility("default"))) int InitializeInjection()
{
    const char *socketPath = std::getenv(routeSocketVariable);
    const char *cuptiPath = std::getenv(routeCuptiVariable);
    if (!socketPath || !cuptiPath || std::strlen(socketPath) >= sizeof routeAddress.sun_path)
        return 1;
    routeSocket = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (routeSocket < 0)
        return 1;
    routeAddress.sun_family = AF_UNIX;
    std::memcpy(routeAddress.sun_path, socketPath, std::strlen(socketPath) + 1);
    routeAddressLength = sizeof routeAddress;
    const std::uint64_t now = monotonicNs();
    // CUPTI from where the watcher found it, its functions looked up here:
    // the program links nothing of ours.
    void *cupti = dlopen(cuptiPath, RTLD_NOW | RTLD_LOCAL);
    using Subscribe = CUptiResult (*)(CUpti_SubscriberHandle *, CUpti_CallbackFunc, void *);
    using EnableCallback = CUptiResult (*)(uint32_t, CUpti_SubscriberHandle, CUpti_CallbackDomain, CUpti_CallbackId);
    const auto subscribe = cupti ? reinterpret_cast<Subscribe>(dlsym(cupti, "cuptiSubscribe")) : nullptr;
    const auto enable = cupti ? reinterpret_cast<EnableCallback>(dlsym(cupti, "cuptiEnableCallback")) : nullptr;
    if (!subscribe || !enable) {
        sendRecord(RouteCall::Hello, RouteFailed, -2, 0, now, now, 0xFFFF);
        return 1;
    }
    CUpti_SubscriberHandle subscriber;
    const CUptiResult subscribed = subscribe(&subscriber, onCall, nullptr);
    if (subscribed != CUPTI_SUCCESS) {
        // One subscriber per process: a profiler got there first.
        sendRecord(RouteCall::Hello, RouteFailed, -2, 0, now, now, static_cast<std::uint64_t>(subscribed));
        return 1;
    }
    for (const CUpti_CallbackId id : watchedCalls)
        enable(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API, id);
    sendRecord(RouteCall::Hello, 0, -2, 0, now, now, 1);
    return 1;
}
