// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "opencl/clcontext.h"

#include <memory>
#include <vector>

namespace sharescope::opencl {

// What the OpenCL modes share: the kernel launch and the bookkeeping of
// which buffers the host writes and reads. Subclasses place the buffers.
class ClSession : public Session
{
public:
    ClSession(ClContext &context, const ExperimentSpec &spec);

    Status launch(PhaseMeter &meter) final;
    // --host-threads: a queue of its own for each thread, and a kernel of
    // its own whose end is the slice's end (the scalar kernels, whose
    // elements are their work-items' indices); each launches over its
    // slice with a global offset.
    Status prepareThreads(std::span<const Slice> slices) final;
    Status launchSlice(PhaseMeter &meter, const Slice &slice) final;
    std::vector<BufferReport> buffers() const override { return m_reports; }
    Status injectFault(InjectedFault fault, PhaseMeter &meter) override;

protected:
    virtual void setBufferArgument(cl::Kernel &kernel, cl_uint argument, std::size_t buffer) = 0;
    // Whether every buffer starts on a 16-byte boundary, as the _vec4
    // kernels need.
    virtual bool buffersAligned16() const;

    // The buffers a host access touches: Write the inputs, Read the outputs,
    // ReadWrite the in-place ones.
    // The queue the thread of `slice` enqueues on.
    cl::CommandQueue &sliceQueue(const Slice &slice) { return m_threadQueues[static_cast<std::size_t>(slice.thread)]; }

    std::vector<std::size_t> buffersFor(HostAccess access) const;
    std::vector<std::size_t> buffersCopied(HostAccess direction) const;
    std::size_t bufferCount() const { return m_kernel.buffers.size(); }
    static std::uint64_t eventNs(const cl::Event &event);
    // Write maps promise to overwrite everything, so nothing is copied in.
    static cl_map_flags mapFlags(HostAccess access);

    ClContext &m_context;
    const ExperimentSpec m_spec;
    const KernelInfo &m_kernel;
    std::vector<BufferReport> m_reports;

private:
    void createKernel();

    cl::Kernel m_clKernel;
    std::vector<cl::CommandQueue> m_threadQueues; // --host-threads, a queue per thread
    std::uint64_t m_sliceGlobal = 0; // --host-threads: every slice's grid, the same (vector_add.cl says why)
    std::vector<cl::Kernel> m_threadKernels; // and a kernel each
    cl::NDRange m_local;
    bool m_vectorised = false;
};

std::unique_ptr<Session> makeCopySession(ClContext &context, const ExperimentSpec &spec);
std::unique_ptr<Session> makeMapSession(ClContext &context, const ExperimentSpec &spec, bool useHostPointer);
std::unique_ptr<Session> makeSvmSession(ClContext &context, const ExperimentSpec &spec, bool fineGrained);

Result<std::unique_ptr<Session>> createClSession(ClContext &context, const ExperimentSpec &spec);

} // namespace sharescope::opencl
