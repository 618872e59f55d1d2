// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cuda/cudasession.h"

#include "hostmemory.h"
#include "trnoop.h"

#include <cstring>

namespace sharescope::cuda {

// device: cudaMalloc buffers and ordinary (pageable) host arrays; cudaMemcpy
// stages every copy through the driver's pinned bounce buffer.
// pinned: the host arrays are page-locked (cudaHostAlloc), so the copy
// engine reads them directly with DMA.
// pinned-registered: ordinary host arrays, allocated and touched as device's
// are, then page-locked in place (cudaHostRegister): what a program does to
// memory it already has (CuPy's hostRegister, torch.cuda.cudart()).
class CopySession : public CudaSession
{
public:
    CopySession(CudaContext &context, const ExperimentSpec &spec, bool pinned)
        : CudaSession(context, spec)
        , m_pinned(pinned)
        , m_registered(!pinned && spec.modeInfo().hostMemory == HostMemory::Registered)
        , m_device(bufferCount(), nullptr)
        , m_pinnedHost(bufferCount(), nullptr)
        , m_pageable(bufferCount())
    {
    }
    ~CopySession() override { freeAll(); }

    Status allocate(PhaseMeter &) override
    {
        if (Status made = allocateDevice(); !made)
            return made;
        for (std::size_t b = 0; b < bufferCount(); ++b) {
            if (m_pinned) {
                const unsigned flags = m_spec.writeCombined ? cudaHostAllocWriteCombined : cudaHostAllocDefault;
                SHARESCOPE_CUDA_TRY(m_context.health, cudaHostAlloc(&m_pinnedHost[b], m_spec.bytes, flags));
            } else {
                m_pageable[b] = AlignedHostArray(m_spec.bytes, 4096, HostTouch::Prefault);
                if (!m_pageable[b])
                    return errorOf(ErrorKind::Failed,
                                   SHARESCOPE_TR_NOOP("Core", "could not allocate %1 bytes of host memory"),
                                   {std::to_string(m_spec.bytes)});
                if (m_registered) {
                    SHARESCOPE_CUDA_TRY(m_context.health,
                                        cudaHostRegister(m_pageable[b].data(), m_spec.bytes, cudaHostRegisterDefault));
                    m_registeredCount = b + 1;
                }
            }
            const auto writeCombined = m_pinned ? allocatedWriteCombined(m_pinnedHost[b]) : Result<bool>(false);
            if (!writeCombined)
                return writeCombined.error();
            m_reports[b].placement = m_registered
                ? SHARESCOPE_TR_NOOP("Core",
                                     "cudaMalloc buffer + ordinary host array, touched, then page-locked in place "
                                     "(cudaHostRegister); DMA copies")
                : m_pinned
                ? (*writeCombined
                       ? SHARESCOPE_TR_NOOP("Core",
                                            "cudaMalloc buffer + page-locked, write-combined host array "
                                            "(cudaHostAllocWriteCombined): DMA copies; the CPU reads it uncached")
                       : SHARESCOPE_TR_NOOP("Core",
                                            "cudaMalloc buffer + page-locked host array (cudaHostAlloc); DMA copies"))
                : SHARESCOPE_TR_NOOP(
                    "Core",
                    "cudaMalloc buffer + pageable host array; cudaMemcpy stages through a pinned bounce "
                    "buffer");
        }
        return okStatus();
    }

    Result<std::vector<void *>> acquireHost(HostAccess, PhaseMeter &) override
    {
        if (Status s = healthy(); !s)
            return s.error();
        std::vector<void *> pointers;
        for (std::size_t b = 0; b < bufferCount(); ++b)
            pointers.push_back(host(b));
        return pointers;
    }
    Status releaseHost(PhaseMeter &) override { return okStatus(); }

    Status toDevice(PhaseMeter &meter) override { return copy(HostAccess::Write, meter); }
    Status toHost(PhaseMeter &meter) override { return copy(HostAccess::Read, meter); }
    Status toDeviceSlice(PhaseMeter &meter, const Slice &slice) override
    {
        return copySlice(HostAccess::Write, meter, slice);
    }
    Status toHostSlice(PhaseMeter &meter, const Slice &slice) override
    {
        return copySlice(HostAccess::Read, meter, slice);
    }

    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override
    {
        // A buffer the kernel never touches (first-touch's CPU-only one)
        // lives in the host array alone.
        if (!kernelTouches(m_kernel.buffers[buffer].role)) {
            std::memcpy(out.data(), static_cast<const std::uint32_t *>(host(buffer)) + first, out.size_bytes());
            return okStatus();
        }
        SHARESCOPE_CUDA_TRY(m_context.health,
                            cudaMemcpy(out.data(), static_cast<const std::uint32_t *>(m_device[buffer]) + first,
                                       out.size_bytes(), cudaMemcpyDeviceToHost));
        return okStatus();
    }

    Status release(PhaseMeter &) override { return released(freeAll(), "cudaFree"); }

protected:
    // The device buffers, into m_device: cudaMalloc here. The ipc modes make
    // theirs in the ways they export; they free them before this class's
    // release and destructor (which cudaFree what m_device still holds).
    virtual Status allocateDevice()
    {
        for (void *&buffer : m_device)
            SHARESCOPE_CUDA_TRY(m_context.health, cudaMalloc(&buffer, m_spec.bytes));
        return okStatus();
    }

    void *kernelPointer(std::size_t buffer) const override { return m_device[buffer]; }
    void *host(std::size_t b) const { return m_pinned ? m_pinnedHost[b] : m_pageable[b].data(); }

    Status copy(HostAccess direction, PhaseMeter &meter)
    {
        const bool in = direction == HostAccess::Write;
        for (const std::size_t b : buffersCopied(direction)) {
            void *to = in ? m_device[b] : host(b);
            const void *from = in ? host(b) : m_device[b];
            const cudaMemcpyKind kind = in ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
            Status copied = m_pinned || m_registered
                ? timed(meter, "cudaMemcpyAsync",
                        [&] { return cudaMemcpyAsync(to, from, m_spec.bytes, kind, nullptr); })
                : timed(meter, "cudaMemcpy", [&] { return cudaMemcpy(to, from, m_spec.bytes, kind); });
            if (!copied)
                return copied;
            in ? meter.addToDevice(m_spec.bytes) : meter.addToHost(m_spec.bytes);
        }
        return okStatus();
    }

    // --host-threads: the thread's slice of every buffer that travels, with
    // cudaMemcpyAsync on its stream (from pageable memory too: the runtime
    // stages it, and the call returns once the source may be reused).
    Status copySlice(HostAccess direction, PhaseMeter &meter, const Slice &slice)
    {
        const bool in = direction == HostAccess::Write;
        const std::vector<std::size_t> which = buffersCopied(direction);
        Status copied = onSliceStream("cudaMemcpyAsync", [&](cudaStream_t stream) {
            for (const std::size_t b : which) {
                void *to = sliceOf(in ? m_device[b] : host(b), slice);
                const void *from = sliceOf(in ? host(b) : m_device[b], slice);
                const cudaMemcpyKind kind = in ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
                if (const cudaError_t e = cudaMemcpyAsync(to, from, sliceBytes(slice), kind, stream); e != cudaSuccess)
                    return e;
            }
            return cudaSuccess;
        });
        if (!copied)
            return copied;
        for (std::size_t i = 0; i < which.size(); ++i)
            in ? meter.addToDevice(sliceBytes(slice)) : meter.addToHost(sliceBytes(slice));
        return okStatus();
    }
    cudaError_t freeAll()
    {
        FirstError error;
        error.keep(freeEach(m_device, cudaFree));
        error.keep(freeEach(m_pinnedHost, cudaFreeHost));
        for (std::size_t b = 0; b < m_registeredCount; ++b)
            error.keep(cudaHostUnregister(m_pageable[b].data()));
        m_registeredCount = 0;
        m_pageable.clear();
        m_pageable.resize(bufferCount());
        return error.first;
    }

    const bool m_pinned;
    const bool m_registered;
    std::size_t m_registeredCount = 0; // the host arrays cudaHostRegister took, from the first
    std::vector<void *> m_device;
    std::vector<void *> m_pinnedHost;
    std::vector<AlignedHostArray> m_pageable;
};

} // namespace sharescope::cuda
