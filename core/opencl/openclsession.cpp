#include "openclsession.h"

#include "clerror.h"

#include <algorithm>

namespace sharescope::opencl {

ClSession::ClSession(ClContext &context, const ExperimentSpec &spec)
    : m_context(context)
    , m_spec(spec)
    , m_kernel(spec.kernelInfo())
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
            m_clKernel = cl::Kernel(m_context.program, std::string(m_kernel.openclFunction).c_str());
            cl_uint argument = 0;
            for (std::size_t b = 0; b < bufferCount(); ++b)
                setBufferArgument(m_clKernel, argument++, b);
            m_clKernel.setArg(argument++, n);
            if (m_kernel.usesStride)
                m_clKernel.setArg(argument++, static_cast<cl_ulong>(m_spec.strideElements()));
        }
        // One work-item per element (the kernels loop when there are more
        // elements than work-items); the driver picks the work-group size.
        const std::uint64_t items = m_spec.kernelItems();
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
    switch (spec.modeInfo().family) {
    case ModeFamily::ClCopy:
        return makeCopySession(context, spec);
    case ModeFamily::ClMap:
        return makeMapSession(context, spec, spec.mode == ModeId::ClUseHostPtr);
    case ModeFamily::ClSvm:
        return makeSvmSession(context, spec, spec.mode == ModeId::ClSvmFine);
    case ModeFamily::Copy:
    case ModeFamily::Mapped:
    case ModeFamily::Managed:
    case ModeFamily::Ipc:
        break;
    }
    return unsupported("mode " + std::string(modeName(spec.mode)) + " is not an OpenCL mode");
}

} // namespace sharescope::opencl
