// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/launchgate.h"

#include <cstdlib>
#include <cstring>

namespace sharescope::cuda {
namespace {

// Far beyond what queuing an event, a kernel and an event takes (tens of
// microseconds; milliseconds when the first launch loads the module), short
// enough that a tool which serialises launches loses little time once.
constexpr unsigned long long timeoutNs = 250'000'000;

__device__ unsigned long long globalNs()
{
    unsigned long long ns;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
    return ns;
}

__global__ void spinUntilReleased(volatile unsigned *flags, unsigned generation, unsigned long long timeout)
{
    const unsigned long long start = globalNs();
    while (flags[0] != generation) {
        if (globalNs() - start > timeout) {
            flags[1] = generation;
            __threadfence_system();
            return;
        }
#if __CUDA_ARCH__ >= 700
        __nanosleep(1000); // each look is a read across the bus: no need to ask more often
#endif
    }
}

} // namespace

LaunchGate::~LaunchGate()
{
    release();
    if (m_flags)
        cudaFreeHost(m_flags);
}

void LaunchGate::open()
{
    if (m_flags)
        return;
    // Launches that return only when the kernel is done could never be
    // released in time.
    if (const char *blocking = std::getenv("CUDA_LAUNCH_BLOCKING"); blocking && std::strcmp(blocking, "1") == 0)
        return;
    void *flags = nullptr;
    if (cudaHostAlloc(&flags, 2 * sizeof(unsigned), cudaHostAllocMapped) != cudaSuccess) {
        cudaGetLastError(); // not sticky: the gate stays off and timing goes on without it
        return;
    }
    void *device = nullptr;
    if (cudaHostGetDevicePointer(&device, flags, 0) != cudaSuccess) {
        cudaGetLastError();
        cudaFreeHost(flags);
        return;
    }
    m_flags = static_cast<unsigned *>(flags);
    m_deviceFlags = static_cast<unsigned *>(device);
    m_flags[0] = m_flags[1] = 0;
}

bool LaunchGate::hold(cudaStream_t stream)
{
    if (!isOn() || m_held)
        return false;
    // The last hold's kernel has ended (its stream was waited for): if it
    // gave up, the host is too slow to release in time here, for good.
    if (m_generation != 0 && static_cast<volatile unsigned *>(m_flags)[1] == m_generation) {
        m_off = true;
        return false;
    }
    ++m_generation;
    spinUntilReleased<<<1, 1, 0, stream>>>(m_deviceFlags, m_generation, timeoutNs);
    if (cudaGetLastError() != cudaSuccess)
        return false;
    m_held = true;
    return true;
}

void LaunchGate::release()
{
    if (!m_held)
        return;
    m_held = false;
    static_cast<volatile unsigned *>(m_flags)[0] = m_generation;
}

} // namespace sharescope::cuda
