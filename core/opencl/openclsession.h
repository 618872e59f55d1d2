// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "../backend.h"
#include "clcontext.h"

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
    std::vector<BufferReport> buffers() const override { return m_reports; }
    Status injectFault(InjectedFault fault, PhaseMeter &meter) override;

protected:
    virtual void setBufferArgument(cl::Kernel &kernel, cl_uint argument, std::size_t buffer) = 0;
    // Whether every buffer starts on a 16-byte boundary, as the _vec4
    // kernels need.
    virtual bool buffersAligned16() const;

    // The buffers a host access touches: Write the inputs, Read the outputs,
    // ReadWrite the in-place ones.
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
    cl::NDRange m_local;
    bool m_vectorised = false;
};

std::unique_ptr<Session> makeCopySession(ClContext &context, const ExperimentSpec &spec);
std::unique_ptr<Session> makeMapSession(ClContext &context, const ExperimentSpec &spec, bool useHostPointer);
std::unique_ptr<Session> makeSvmSession(ClContext &context, const ExperimentSpec &spec, bool fineGrained);

Result<std::unique_ptr<Session>> createClSession(ClContext &context, const ExperimentSpec &spec);

} // namespace sharescope::opencl
