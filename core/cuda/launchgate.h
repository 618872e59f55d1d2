// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cuda_runtime_api.h>

namespace sharescope::cuda {

// Keeps a kernel launch's host-side latency out of the events that time it.
// On an idle GPU a start event completes at once and the GPU then waits
// while the host submits the kernel, so events around a launch measure the
// launch too: several microseconds, more with a profiling library attached,
// a large share of a kernel that itself takes tens of microseconds. hold()
// queues a one-thread kernel that spins on a host-mapped flag; the caller
// then queues the start event, the kernel and the stop event, and release()
// lets the spinning kernel end, so that the GPU finds all three queued.
// This is how NVIDIA's nvbench times kernels.
//
// The spinning kernel gives up after a timeout, so that a host that never
// releases (a crash, a tool that runs each launch to completion before it
// returns, as Nsight Compute or CUDA_LAUNCH_BLOCKING=1 do) costs at most
// the timeout: the queue never hangs. A hold that timed out turns the gate
// off for the rest of its life, and that launch is timed as without it.
class LaunchGate
{
public:
    LaunchGate() = default;
    ~LaunchGate();
    LaunchGate(const LaunchGate &) = delete;
    LaunchGate &operator=(const LaunchGate &) = delete;

    // Allocates the flag; without it (no mapped memory, CUDA_LAUNCH_BLOCKING
    // set) the gate stays off and hold() queues nothing.
    void open();

    // Queues the spinning kernel on `stream`. Returns false, having queued
    // nothing, when the gate is off or the launch failed.
    bool hold(cudaStream_t stream);
    // Lets the held kernel end; does nothing when nothing is held. Must
    // follow every successful hold() before the host waits on the stream.
    void release();

    bool isOn() const { return m_flags && !m_off; }

private:
    // m_flags[0]: the generation the host released; m_flags[1]: the
    // generation that timed out. Host-mapped, read and written by both.
    unsigned *m_flags = nullptr;
    unsigned *m_deviceFlags = nullptr;
    unsigned m_generation = 0;
    bool m_held = false;
    bool m_off = false;
};

// Releases a hold when it leaves scope, on every return path.
class GateRelease
{
public:
    explicit GateRelease(LaunchGate *gate)
        : m_gate(gate)
    {
    }
    ~GateRelease()
    {
        if (m_gate)
            m_gate->release();
    }
    GateRelease(const GateRelease &) = delete;
    GateRelease &operator=(const GateRelease &) = delete;

private:
    LaunchGate *m_gate;
};

} // namespace sharescope::cuda
