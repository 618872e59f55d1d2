#include "openclsession.h"

#include "clerror.h"

#include <algorithm>

namespace sharescope::opencl {
namespace {

const char *functionName(std::string_view kernel)
{
    if (kernel == "vector-add")
        return "vector_add";
    if (kernel == "stride")
        return "stride_add";
    if (kernel == "ping-pong")
        return "ping_pong";
    if (kernel == "scale")
        return "scale";
    return "gather";
}

} // namespace

ClSession::ClSession(ClContext &context, const ExperimentSpec &spec)
    : m_context(context)
    , m_spec(spec)
    , m_kernel(*findKernel(spec.kernel))
{
    for (const BufferSpec &buffer : m_kernel.buffers)
        m_reports.push_back({std::string(buffer.name), buffer.type, buffer.role, spec.bytes, {}, std::nullopt});
}

std::vector<std::size_t> ClSession::buffersFor(HostAccess access) const
{
    return sharescope::buffersFor(m_kernel, access);
}

std::uint64_t ClSession::eventNs(const cl::Event &event)
{
    const auto start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return end > start ? end - start : 0;
}

cl_map_flags ClSession::mapFlags(HostAccess access)
{
    switch (access) {
    case HostAccess::Write:
        return CL_MAP_WRITE_INVALIDATE_REGION;
    case HostAccess::Read:
        return CL_MAP_READ;
    case HostAccess::ReadWrite:
        break;
    }
    return CL_MAP_READ | CL_MAP_WRITE;
}

Status ClSession::launch(PhaseMeter &meter)
{
    return guarded([&]() -> Status {
        const cl_ulong n = m_spec.elementCount();
        if (!m_clKernel()) {
            m_clKernel = cl::Kernel(m_context.program, functionName(m_spec.kernel));
            cl_uint argument = 0;
            for (std::size_t b = 0; b < bufferCount(); ++b)
                setBufferArgument(m_clKernel, argument++, b);
            m_clKernel.setArg(argument++, n);
            if (m_spec.kernel == "stride")
                m_clKernel.setArg(argument++, static_cast<cl_ulong>(m_spec.strideBytes / elementBytes));
        }
        // One work-item per element (the kernels loop when there are more
        // elements than work-items); the driver picks the work-group size.
        const std::uint64_t items = m_spec.kernel == "stride" ? m_spec.strideTouched() : n;
        const std::uint64_t global = std::min<std::uint64_t>((items + 255) / 256 * 256, 1ULL << 30);
        cl::Event event;
        m_context.queue.enqueueNDRangeKernel(m_clKernel, cl::NullRange, cl::NDRange(global), cl::NullRange, nullptr,
                                             &event);
        event.wait();
        meter.addDeviceNs(eventNs(event));
        return okStatus();
    });
}

Result<std::unique_ptr<Session>> createClSession(ClContext &context, const ExperimentSpec &spec)
{
    const std::string &mode = spec.mode;
    if (mode == "cl-copy")
        return makeCopySession(context, spec);
    if (mode == "cl-use-host-ptr" || mode == "cl-alloc-host-ptr")
        return makeMapSession(context, spec, mode == "cl-use-host-ptr");
    if (mode == "cl-svm-coarse" || mode == "cl-svm-fine")
        return makeSvmSession(context, spec, mode == "cl-svm-fine");
    return unsupported("mode " + mode + " is not an OpenCL mode");
}

} // namespace sharescope::opencl
