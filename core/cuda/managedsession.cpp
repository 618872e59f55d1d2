#include "managedsession.h"

namespace sharescope::cuda {
namespace {

#if CUDART_VERSION >= 13000
cudaMemLocation locationOf(int place)
{
    cudaMemLocation location{};
    location.type = place == hostPlace ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
    location.id = place == hostPlace ? 0 : place;
    return location;
}
#else
int locationOf(int place)
{
    return place == hostPlace ? cudaCpuDeviceId : place;
}
#endif

} // namespace

cudaError_t prefetchTo(const void *pointer, std::size_t bytes, int place)
{
#if CUDART_VERSION >= 13000
    return cudaMemPrefetchAsync(pointer, bytes, locationOf(place), 0, nullptr);
#else
    return cudaMemPrefetchAsync(pointer, bytes, locationOf(place), nullptr);
#endif
}

cudaError_t adviseFor(const void *pointer, std::size_t bytes, cudaMemoryAdvise advice, int place)
{
    return cudaMemAdvise(pointer, bytes, advice, locationOf(place));
}

ManagedSessionBase::ManagedSessionBase(CudaContext &context, const ExperimentSpec &spec, int kernelDevice)
    : CudaSession(context, spec, kernelDevice)
    , m_pointers(bufferCount(), nullptr)
{
}

ManagedSessionBase::~ManagedSessionBase()
{
    freeAll();
}

Status ManagedSessionBase::allocate(PhaseMeter &)
{
    for (std::size_t b = 0; b < bufferCount(); ++b) {
        SHARESCOPE_CUDA_TRY(m_context.health, cudaMallocManaged(&m_pointers[b], m_spec.bytes, cudaMemAttachGlobal));
        m_reports[b].managed = true;
        m_reports[b].address = reinterpret_cast<std::uintptr_t>(m_pointers[b]);
        m_reports[b].placement = placement(b);
        if (Status done = allocated(b); !done)
            return done;
    }
    return okStatus();
}

Result<std::vector<void *>> ManagedSessionBase::acquireHost(HostAccess, PhaseMeter &)
{
    if (Status s = healthy(); !s)
        return s.error();
    return m_pointers;
}

Status ManagedSessionBase::read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out)
{
    return readHostVisible(m_pointers[buffer], first, out);
}

Status ManagedSessionBase::release(PhaseMeter &)
{
    return released(freeAll(), "cudaFree");
}

Status ManagedSessionBase::prefetchEvery(PhaseMeter &meter, int place, void (PhaseMeter::*count)(std::uint64_t))
{
    for (void *pointer : m_pointers) {
        Status moved = timed(meter, "cudaMemPrefetchAsync", [&] { return prefetchTo(pointer, m_spec.bytes, place); });
        if (!moved)
            return moved;
        (meter.*count)(m_spec.bytes);
    }
    return okStatus();
}

} // namespace sharescope::cuda
