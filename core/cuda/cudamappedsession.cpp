// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudasession.h"

#include "hostmemory.h"
#include "trnoop.h"

namespace sharescope::cuda {
namespace {

// zero-copy: page-locked host memory mapped into the GPU's address space
// (cudaHostAllocMapped); registered: memory the program already had, pinned
// and mapped with cudaHostRegister. Either way nothing is copied: every
// access the kernel makes crosses the bus.
class MappedSession final : public CudaSession
{
public:
    MappedSession(CudaContext &context, const ExperimentSpec &spec, bool registered)
        : CudaSession(context, spec)
        , m_registered(registered)
        , m_host(bufferCount(), nullptr)
        , m_device(bufferCount(), nullptr)
        , m_arrays(bufferCount())
    {
    }
    ~MappedSession() override { freeAll(); }

    Status allocate(PhaseMeter &) override
    {
        for (std::size_t b = 0; b < bufferCount(); ++b) {
            if (m_registered) {
                m_arrays[b] = AlignedHostArray(m_spec.bytes, 4096);
                if (!m_arrays[b])
                    return errorOf(ErrorKind::Failed,
                                   SHARESCOPE_TR_NOOP("Core", "could not allocate %1 bytes of host memory"),
                                   {std::to_string(m_spec.bytes)});
                SHARESCOPE_CUDA_TRY(m_context.health,
                                    cudaHostRegister(m_arrays[b].data(), m_spec.bytes, cudaHostRegisterMapped));
                m_host[b] = m_arrays[b].data();
            } else {
                const unsigned flags = cudaHostAllocMapped | (m_spec.writeCombined ? cudaHostAllocWriteCombined : 0U);
                SHARESCOPE_CUDA_TRY(m_context.health, cudaHostAlloc(&m_host[b], m_spec.bytes, flags));
            }
            const auto writeCombined = allocatedWriteCombined(m_host[b]);
            if (!writeCombined)
                return writeCombined.error();
            SHARESCOPE_CUDA_TRY(m_context.health, cudaHostGetDevicePointer(&m_device[b], m_host[b], 0));
            m_reports[b].zeroCopy = true;
            m_reports[b].placement = m_registered
                ? SHARESCOPE_TR_NOOP(
                    "Core",
                    "host array pinned and mapped with cudaHostRegister: the kernel reads and writes it "
                    "over the bus")
                : *writeCombined
                ? SHARESCOPE_TR_NOOP("Core",
                                     "page-locked, write-combined host memory mapped into the GPU "
                                     "(cudaHostAllocMapped | cudaHostAllocWriteCombined): accessed over the bus; the "
                                     "CPU reads it uncached")
                : SHARESCOPE_TR_NOOP("Core",
                                     "page-locked host memory mapped into the GPU (cudaHostAllocMapped): accessed over "
                                     "the bus");
        }
        return okStatus();
    }

    Result<std::vector<void *>> acquireHost(HostAccess, PhaseMeter &) override
    {
        if (Status s = healthy(); !s)
            return s.error();
        return m_host;
    }
    Status releaseHost(PhaseMeter &) override { return okStatus(); }
    Status toDevice(PhaseMeter &) override { return healthy(); }
    Status toHost(PhaseMeter &) override { return healthy(); }
    // --host-threads: nothing moves before or after the kernel.
    Status toDeviceSlice(PhaseMeter &, const Slice &) override { return okStatus(); }
    Status toHostSlice(PhaseMeter &, const Slice &) override { return okStatus(); }

    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override
    {
        return readHostVisible(m_host[buffer], first, out);
    }

    Status release(PhaseMeter &) override
    {
        return released(freeAll(), m_registered ? "cudaHostUnregister" : "cudaFreeHost");
    }

private:
    void *kernelPointer(std::size_t buffer) const override { return m_device[buffer]; }

    cudaError_t freeAll()
    {
        FirstError error;
        for (void *&pointer : m_host) {
            if (pointer)
                error.keep(m_registered ? cudaHostUnregister(pointer) : cudaFreeHost(pointer));
            pointer = nullptr;
        }
        m_arrays.clear();
        m_arrays.resize(bufferCount());
        return error.first;
    }

    const bool m_registered;
    std::vector<void *> m_host;
    std::vector<void *> m_device;
    std::vector<AlignedHostArray> m_arrays; // registered only
};

} // namespace

std::unique_ptr<CudaSession> makeMappedSession(CudaContext &context, const ExperimentSpec &spec, bool registered)
{
    return std::make_unique<MappedSession>(context, spec, registered);
}

} // namespace sharescope::cuda
