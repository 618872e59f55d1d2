// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "cuda/cudacontext.h"
#include "cuda/instruments.h"
#include "cuda/launchgate.h"

#include <cuda_runtime_api.h>

#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace sharescope::cuda {

// Frees go on after an error; the first one is what is reported.
struct FirstError
{
    cudaError_t first = cudaSuccess;
    void keep(cudaError_t e)
    {
        if (first == cudaSuccess)
            first = e;
    }
};

// Frees every pointer that is set with `release` (cudaFree, cudaFreeHost)
// and clears it: the first error.
inline cudaError_t freeEach(std::vector<void *> &pointers, cudaError_t (*release)(void *))
{
    FirstError error;
    for (void *&pointer : pointers) {
        if (pointer)
            error.keep(release(pointer));
        pointer = nullptr;
    }
    return error.first;
}

// What the CUDA modes share: device timing with events (behind a LaunchGate
// for kernels), the kernel launch, sticky-error handling and the CUPTI
// counters of the run. Every operation goes on the legacy default stream and
// is waited for, so each phase's host time covers its work.
class CudaSession : public Session
{
public:
    // kernelDevice: the GPU whose kernel runs, and whose default stream the
    // session times on (-1: the context's device; the peer modes: the peer).
    CudaSession(CudaContext &context, const ExperimentSpec &spec, int kernelDevice = -1);
    ~CudaSession() override;

    // Makes the kernel's GPU current and creates the timing events there
    // and, in a counted pass, the instruments.
    Status begin(bool instrumented);

    Status launch(PhaseMeter &meter) override;
    // --host-threads: each thread launches on its slice of the buffers, on
    // the stream --default-stream names; nothing to prepare.
    Status prepareThreads(std::span<const Slice>) override { return healthy(); }
    Status launchSlice(PhaseMeter &meter, const Slice &slice) override;
    // The kernel's GPU made current on the thread, and its stream made.
    Status threadReady(const Slice &) override
    {
        return onSliceStream("cudaStreamQuery", [](cudaStream_t stream) {
            const cudaError_t e = cudaStreamQuery(stream); // work still running is no error
            return e == cudaErrorNotReady ? cudaSuccess : e;
        });
    }
    std::vector<BufferReport> buffers() const override { return m_reports; }
    void phaseStarting() override;
    void phaseEnded(int iteration, Phase phase) override;
    std::optional<CounterRecords> takeCounterRecords() override;
    std::optional<RunClocks> clocks() const override;
    std::optional<std::uint32_t> smClockMHz() const override;
    // A kernel that spins on every multiprocessor, touching no memory, in
    // rounds of about 10 ms, until the kernel GPU's clock settles.
    Result<std::optional<ClockWarmup>> warmClock(const std::atomic<bool> *cancel) override;
    Status injectFault(InjectedFault fault, PhaseMeter &meter) override;

protected:
    // The pointer the kernel uses for a buffer.
    virtual void *kernelPointer(std::size_t buffer) const = 0;

    // Runs `work` (which enqueues on the default stream and returns a
    // cudaError_t) between two events, waits, and adds the device time.
    // gate: for a kernel launch, whose host-side latency would otherwise be
    // a large part of its time (see launchgate.h); copies take long enough
    // without one.
    template<typename Work>
    Status timed(PhaseMeter &meter, const char *what, Work &&work, LaunchGate *gate = nullptr)
    {
        if (Status healthy = m_context.health.check(); !healthy)
            return healthy;
        if (gate)
            gate->hold(nullptr);
        const GateRelease releaseOnEveryPath(gate); // finishTimed releases it sooner
        if (const cudaError_t e = cudaEventRecord(m_start, nullptr); e != cudaSuccess)
            return m_context.health.fail(e, "cudaEventRecord");
        if (const cudaError_t e = work(); e != cudaSuccess)
            return m_context.health.fail(e, what);
        return finishTimed(meter, gate);
    }

    // read() where the host reaches the buffer's memory directly (managed
    // and mapped memory): a copy from `base`.
    Status readHostVisible(const void *base, std::uint64_t first, std::span<std::uint32_t> out) const;
    // release(): the first error of freeing (freeError, from `what`) or a
    // sticky error from before, after everything was freed all the same.
    Status released(cudaError_t freeError, const char *what) const;

    // --host-threads. Each slice's work: `enqueue(stream)` on the thread's
    // stream, after making the kernel's GPU current on this thread (a new
    // thread starts on GPU 0), then waiting for that stream. An error is
    // told to the context's health under a lock, as threads fail together.
    template<typename Enqueue>
    Status onSliceStream(const char *what, Enqueue &&enqueue)
    {
        const cudaStream_t stream
            = m_spec.defaultStream == DefaultStream::PerThread ? cudaStreamPerThread : cudaStreamLegacy;
        if (Status s = sliceHealthy(); !s)
            return s;
        cudaError_t e = cudaSetDevice(m_kernelDevice);
        if (e == cudaSuccess)
            e = enqueue(stream);
        if (e == cudaSuccess)
            e = cudaStreamSynchronize(stream);
        return e == cudaSuccess ? okStatus() : sliceFailed(e, what);
    }
    // Where a slice starts in a buffer, and its bytes.
    static void *sliceOf(void *base, const Slice &slice)
    {
        return static_cast<char *>(base) + slice.first * elementBytes;
    }
    static std::uint64_t sliceBytes(const Slice &slice) { return slice.count * elementBytes; }

    std::vector<std::size_t> buffersFor(HostAccess access) const;
    std::vector<std::size_t> buffersCopied(HostAccess direction) const;
    std::size_t bufferCount() const { return m_kernel.buffers.size(); }
    Status healthy() const { return m_context.health.check(); }
    // Whether CUDA allocated page-locked `host` write-combined, as
    // cudaHostGetFlags reports it (what a buffer's description says).
    Result<bool> allocatedWriteCombined(void *host) const;

    CudaContext &m_context;
    const ExperimentSpec m_spec;
    const KernelInfo &m_kernel;
    const int m_kernelDevice;
    std::vector<BufferReport> m_reports;

private:
    // The clock of the GPU that runs the kernel: the context's own, not
    // read for a peer.
    const GpuClock *kernelClock() const;
    Status sliceHealthy() const;
    Status sliceFailed(cudaError_t error, const char *what);

    mutable std::mutex m_sliceMutex; // the context's health, from the slices' threads
    // Records the stop event, releases the gate's hold (if any) and waits.
    Status finishTimed(PhaseMeter &meter, LaunchGate *gate);

    cudaEvent_t m_start = nullptr;
    cudaEvent_t m_stop = nullptr;
    LaunchGate m_gate;
    int m_multiprocessors = 1;
    std::unique_ptr<Instruments> m_instruments; // a counted pass only
};

std::unique_ptr<CudaSession> makeCopySession(CudaContext &context, const ExperimentSpec &spec, bool pinned);
std::unique_ptr<CudaSession> makeMappedSession(CudaContext &context, const ExperimentSpec &spec, bool registered);
std::unique_ptr<CudaSession> makeManagedSession(CudaContext &context, const ExperimentSpec &spec);
std::unique_ptr<CudaSession> makeManagedDiscardSession(CudaContext &context, const ExperimentSpec &spec);
std::unique_ptr<CudaSession> makeIpcSession(CudaContext &context, const ExperimentSpec &spec);
// The peer modes, between the context's device and the peer `link` names.
std::unique_ptr<CudaSession> makePeerSession(CudaContext &context, const ExperimentSpec &spec, const PeerLink &link);
std::unique_ptr<CudaSession> makeManagedPeerSession(CudaContext &context, const ExperimentSpec &spec,
                                                    const PeerLink &link);

} // namespace sharescope::cuda
