// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudasession.h"

#include "cuda/cudakernels.h"
#include "cuda/spinkernel.h"
#include "trnoop.h"
#if SHARESCOPE_FAULT_INJECTION
#include "cuda/faultkernel.h"
#endif

#include <algorithm>
#include <cstring>

namespace sharescope::cuda {

CudaSession::CudaSession(CudaContext &context, const ExperimentSpec &spec, int kernelDevice)
    : m_context(context)
    , m_spec(spec)
    , m_kernel(spec.kernelInfo())
    , m_kernelDevice(kernelDevice < 0 ? context.info.index : kernelDevice)
{
    for (const BufferSpec &buffer : m_kernel.buffers)
        m_reports.push_back({std::string(buffer.name), buffer.type, buffer.role, spec.bytes, {}, std::nullopt});
}

CudaSession::~CudaSession()
{
    if (m_start)
        cudaEventDestroy(m_start);
    if (m_stop)
        cudaEventDestroy(m_stop);
}

Status CudaSession::begin(bool instrumented)
{
    // Events and the gate belong to the GPU current when they are made, and
    // time work on its default stream: the GPU that runs the kernel.
    SHARESCOPE_CUDA_TRY(m_context.health, cudaSetDevice(m_kernelDevice));
    SHARESCOPE_CUDA_TRY(m_context.health,
                        cudaDeviceGetAttribute(&m_multiprocessors, cudaDevAttrMultiProcessorCount, m_kernelDevice));
    SHARESCOPE_CUDA_TRY(m_context.health, cudaEventCreate(&m_start));
    SHARESCOPE_CUDA_TRY(m_context.health, cudaEventCreate(&m_stop));
    // Without concurrent managed access, any launch (the gate's too) moves
    // all managed memory to the GPU: that belongs in the kernel's time.
    if (m_context.info.concurrentManagedAccess || m_spec.modeInfo().family != ModeFamily::Managed) {
        m_gate.open();
        SHARESCOPE_CUDA_TRY(m_context.health, loadKernel(m_spec.kernel));
    }
    if (!instrumented)
        return okStatus();
    m_instruments = std::make_unique<Instruments>(m_context);
    return m_instruments->start(m_spec.records);
}

std::vector<std::size_t> CudaSession::buffersFor(HostAccess access) const
{
    return sharescope::buffersFor(m_kernel, access);
}

std::vector<std::size_t> CudaSession::buffersCopied(HostAccess direction) const
{
    return sharescope::buffersCopied(m_kernel, direction);
}

Status CudaSession::finishTimed(PhaseMeter &meter, LaunchGate *gate)
{
    SHARESCOPE_CUDA_TRY(m_context.health, cudaEventRecord(m_stop, nullptr));
    if (gate)
        gate->release();
    SHARESCOPE_CUDA_TRY(m_context.health, cudaEventSynchronize(m_stop));
    float ms = 0;
    SHARESCOPE_CUDA_TRY(m_context.health, cudaEventElapsedTime(&ms, m_start, m_stop));
    meter.addDeviceNs(static_cast<std::uint64_t>(static_cast<double>(ms) * 1e6));
    return okStatus();
}

Status CudaSession::launch(PhaseMeter &meter)
{
    std::vector<void *> pointers;
    for (std::size_t b = 0; b < bufferCount(); ++b)
        pointers.push_back(kernelPointer(b));
    const int multiprocessors = std::max(1, m_multiprocessors);
    // A kernel's own faults (an illegal address) surface at the wait, as a
    // sticky error: finishTimed reports it and marks the context lost.
    const auto enqueue = [&] {
        return launchKernel(m_spec.kernel, pointers.data(), m_spec.elementCount(), m_spec.strideElements(),
                            multiprocessors, nullptr);
    };
    return timed(meter, "kernel launch", enqueue, &m_gate);
}

Status CudaSession::launchSlice(PhaseMeter &, const Slice &slice)
{
    // A buffer read where other elements point (gather's x) is passed
    // whole; the others from the slice's first element (the stride
    // kernel's slices start on an element it touches).
    std::vector<void *> pointers;
    for (std::size_t b = 0; b < bufferCount(); ++b)
        pointers.push_back(m_kernel.buffers[b].readAtRandom ? kernelPointer(b) : sliceOf(kernelPointer(b), slice));
    const int multiprocessors = std::max(1, m_multiprocessors);
    return onSliceStream("kernel launch", [&](cudaStream_t stream) {
        return launchKernel(m_spec.kernel, pointers.data(), slice.count, m_spec.strideElements(), multiprocessors,
                            stream);
    });
}

Status CudaSession::sliceHealthy() const
{
    const std::lock_guard lock(m_sliceMutex);
    return m_context.health.check();
}

Status CudaSession::sliceFailed(cudaError_t error, const char *what)
{
    const std::lock_guard lock(m_sliceMutex);
    return m_context.health.fail(error, what);
}

void CudaSession::phaseStarting()
{
    if (m_instruments)
        m_instruments->phaseStarting();
}

void CudaSession::phaseEnded(int iteration, Phase phase)
{
    if (m_instruments)
        m_instruments->phaseEnded(iteration, phase, m_reports);
}

std::optional<CounterRecords> CudaSession::takeCounterRecords()
{
    if (!m_instruments)
        return std::nullopt;
    CounterRecords records = m_instruments->finish();
    m_instruments.reset();
    return records;
}

const GpuClock *CudaSession::kernelClock() const
{
    return m_kernelDevice == m_context.info.index ? m_context.clock.get() : nullptr;
}

std::optional<RunClocks> CudaSession::clocks() const
{
    RunClocks clocks;
    if (const GpuClock *clock = kernelClock())
        clocks.maxSmMHz = clock->maxSmMHz();
    else if (m_context.clock)
        clocks.note = {SHARESCOPE_TR_NOOP("Core", "the kernel runs on the peer GPU, whose clock is not read"), {}};
    else
        clocks.note = m_context.clockProblem;
    return clocks;
}

std::optional<std::uint32_t> CudaSession::smClockMHz() const
{
    const GpuClock *clock = kernelClock();
    return clock ? clock->smMHz() : std::nullopt;
}

Result<std::optional<ClockWarmup>> CudaSession::warmClock(const std::atomic<bool> *cancel)
{
    // Without concurrent managed access every launch moves all managed
    // memory to the GPU: outside a phase, that would hide what the phases
    // move.
    if (m_spec.modeInfo().family == ModeFamily::Managed && !m_context.info.concurrentManagedAccess)
        return std::optional<ClockWarmup>();
    if (Status healthy = m_context.health.check(); !healthy)
        return healthy.error();
    SHARESCOPE_CUDA_TRY(m_context.health, cudaSetDevice(m_kernelDevice));
    const GpuClock *clock = kernelClock();
    const std::optional<std::uint32_t> maximum = clock ? clock->maxSmMHz() : std::nullopt;
    // About 10 ms at the highest clock (2 GHz where it is not said); longer
    // while the clock is lower.
    constexpr long long cyclesPerMHzIn10ms = 10'000;
    const long long cycles = static_cast<long long>(maximum.value_or(2000)) * cyclesPerMHzIn10ms;
    const int multiprocessors = std::max(1, m_multiprocessors);
    auto warmed = sharescope::warmClock(
        [&]() -> Status {
            if (cancel && cancel->load(std::memory_order_relaxed))
                return cancelledByUser();
            cudaError_t e = launchSpin(cycles, multiprocessors, nullptr);
            if (e == cudaSuccess)
                e = cudaStreamSynchronize(nullptr);
            return e == cudaSuccess ? okStatus() : m_context.health.fail(e, "the clock warm-up's kernel");
        },
        [&] { return clock ? clock->smMHz() : std::nullopt; }, maximum);
    if (!warmed)
        return warmed.error();
    return std::optional<ClockWarmup>(*warmed);
}

Status CudaSession::injectFault(InjectedFault fault, PhaseMeter &meter)
{
#if SHARESCOPE_FAULT_INJECTION
    (void)meter;
    if (Status s = healthy(); !s)
        return s;
    switch (fault) {
    case InjectedFault::OutOfMemory: {
        // More than the whole device: the allocation fails as it does when
        // other programs hold the memory.
        void *pointer = nullptr;
        const std::size_t tooMuch = m_context.info.globalMemoryBytes + (std::size_t(1) << 40);
        if (const cudaError_t e = cudaMalloc(&pointer, tooMuch); e != cudaSuccess)
            return m_context.health.fail(e, "cudaMalloc");
        cudaFree(pointer);
        return okStatus();
    }
    case InjectedFault::InvalidValue:
        // A copy whose direction is no cudaMemcpyKind.
        SHARESCOPE_CUDA_TRY(m_context.health, cudaMemcpy(nullptr, nullptr, 1, static_cast<cudaMemcpyKind>(99)));
        return okStatus();
    case InjectedFault::IllegalAddress:
        SHARESCOPE_CUDA_TRY(m_context.health, launchFaultingKernel());
        return okStatus();
    }
    return okStatus();
#else
    return Session::injectFault(fault, meter);
#endif
}

Status CudaSession::readHostVisible(const void *base, std::uint64_t first, std::span<std::uint32_t> out) const
{
    if (Status s = healthy(); !s)
        return s;
    std::memcpy(out.data(), static_cast<const std::uint32_t *>(base) + first, out.size_bytes());
    return okStatus();
}

Result<bool> CudaSession::allocatedWriteCombined(void *host) const
{
    unsigned flags = 0;
    SHARESCOPE_CUDA_TRY(m_context.health, cudaHostGetFlags(&flags, host));
    return (flags & cudaHostAllocWriteCombined) != 0;
}

Status CudaSession::released(cudaError_t freeError, const char *what) const
{
    if (Status s = healthy(); !s)
        return s;
    if (freeError != cudaSuccess)
        return m_context.health.fail(freeError, what);
    return okStatus();
}

} // namespace sharescope::cuda
