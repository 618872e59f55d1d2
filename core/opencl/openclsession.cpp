// SPDX-License-Identifier: GPL-3.0-or-later
#include "opencl/openclsession.h"

#include "opencl/clerror.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace sharescope::opencl {
namespace {

constexpr std::uint64_t groupSize = 256;

} // namespace

Status ClSession::injectFault(InjectedFault fault, PhaseMeter &meter)
{
#if SHARESCOPE_FAULT_INJECTION
    (void)meter;
    return guarded([&]() -> Status {
        switch (fault) {
        case InjectedFault::OutOfMemory: {
            // One byte more than the device's largest allocation, which the
            // specification has clCreateBuffer refuse with
            // CL_INVALID_BUFFER_SIZE. NVIDIA's OpenCL (driver 580) accepts it
            // and allocates later, if ever; then a buffer of no bytes, which
            // it refuses with the same error.
            const auto most = m_context.device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
            const cl::Buffer tooLarge(m_context.context, CL_MEM_READ_WRITE, static_cast<std::size_t>(most) + 1);
            const cl::Buffer empty(m_context.context, CL_MEM_READ_WRITE, 0);
            return okStatus();
        }
        case InjectedFault::InvalidValue: {
            // A read past the end of a 16-byte buffer.
            const cl::Buffer small(m_context.context, CL_MEM_READ_WRITE, 16);
            std::array<std::byte, 16> bytes{};
            m_context.queue.enqueueReadBuffer(small, CL_TRUE, 16, bytes.size(), bytes.data());
            return okStatus();
        }
        case InjectedFault::IllegalAddress:
            // PoCL runs kernels in this process, where a store to an
            // unmapped address would end it; NVIDIA's OpenCL answers one with
            // CL_OUT_OF_RESOURCES at the next wait and leaves the context
            // unusable, which is what this reports.
            m_context.lost = "clFinish failed: CL_OUT_OF_RESOURCES (-5), the answer NVIDIA's OpenCL gives to a "
                             "kernel's illegal address. The context is lost: every later call on this device fails "
                             "until it is opened again (the window does so before its next run; a command runs "
                             "again as a new process).";
            return m_context.check();
        }
        return okStatus();
    });
#else
    return Session::injectFault(fault, meter);
#endif
}

ClSession::ClSession(ClContext &context, const ExperimentSpec &spec)
    : m_context(context)
    , m_spec(spec)
    , m_kernel(spec.kernelInfo())
{
    for (const BufferSpec &buffer : m_kernel.buffers)
        m_reports.push_back({std::string(buffer.name), buffer.type, buffer.role, spec.bytes, {}, std::nullopt});
}

// Every buffer of a conforming implementation is aligned for the largest
// built-in type: CL_DEVICE_MEM_BASE_ADDR_ALIGN is at least long16's 128 bytes.
bool ClSession::buffersAligned16() const
{
    return m_context.info.baseAddressAlignBytes >= 16;
}

std::vector<std::size_t> ClSession::buffersFor(HostAccess access) const
{
    return sharescope::buffersFor(m_kernel, access);
}

std::vector<std::size_t> ClSession::buffersCopied(HostAccess direction) const
{
    return sharescope::buffersCopied(m_kernel, direction);
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

// The _vec4 kernels move 16 bytes per access wherever the buffers allow it,
// whatever CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT says: that width is about
// arithmetic (NVIDIA reports 1, yet its memory system serves a 16-byte access
// with a quarter of the instructions, as the CUDA kernels use it), and on
// PoCL they are no slower. stride touches one element in many: it stays
// scalar.
void ClSession::createKernel()
{
    const bool stride = m_kernel.usesStride;
    m_vectorised = !stride && buffersAligned16();
    const std::string name = std::string(m_kernel.openclFunction) + (m_vectorised ? "_vec4" : "");
    m_clKernel = cl::Kernel(m_context.program, name.c_str());
    cl_uint argument = 0;
    // A buffer the kernel never touches (first-touch's CPU-only one) is no
    // argument: a runtime may move a buffer to the device because a kernel
    // names it.
    for (std::size_t b = 0; b < bufferCount(); ++b) {
        if (kernelTouches(m_kernel.buffers[b].role))
            setBufferArgument(m_clKernel, argument++, b);
    }
    if (!m_vectorised) // the element-wise kernels start at `first`: the whole buffer's is 0
        m_clKernel.setArg(argument++, cl_ulong(0));
    m_clKernel.setArg(argument++, static_cast<cl_ulong>(m_spec.elementCount()));
    if (stride)
        m_clKernel.setArg(argument++, static_cast<cl_ulong>(m_spec.strideElements()));
    // A GPU gets groups of 256, as the CUDA kernels; a CPU runtime picks its
    // own, to suit its vectoriser and threads.
    const auto most = m_clKernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(m_context.device);
    m_local = !m_context.info.cpuDevice && most >= groupSize ? cl::NDRange(groupSize) : cl::NullRange;
}

Status ClSession::launch(PhaseMeter &meter)
{
    return guarded([&]() -> Status {
        if (!m_clKernel())
            createKernel();
        // One work-item per element or vector, in whole groups (the kernels
        // loop when there are more than work-items, and a vector kernel's
        // first work-items take the last n % 4 elements).
        const std::uint64_t n = m_spec.elementCount();
        const std::uint64_t items = m_kernel.usesStride ? m_spec.strideTouched() : m_vectorised ? n / 4 : n;
        const std::uint64_t groups = (std::max<std::uint64_t>(items, 1) + groupSize - 1) / groupSize;
        const std::uint64_t global = std::min<std::uint64_t>(groups * groupSize, 1ULL << 30);
        cl::Event event;
        m_context.queue.enqueueNDRangeKernel(m_clKernel, cl::NullRange, cl::NDRange(global), m_local, nullptr, &event);
        event.wait();
        meter.addDeviceNs(eventNs(event));
        return okStatus();
    });
}

Status ClSession::prepareThreads(std::span<const Slice> slices)
{
    return guarded([&]() -> Status {
        if (Status s = m_context.check(); !s)
            return s;
        if (!m_clKernel())
            createKernel(); // m_local: the work-group size the one-thread launch uses
        m_threadQueues.clear();
        m_threadKernels.clear();
        // The stride kernel's items are the elements it touches: a slice
        // starts on one, so its first item is its first element / stride.
        const std::uint64_t stride = m_kernel.usesStride ? m_spec.strideElements() : 1;
        std::uint64_t mostItems = 1;
        for (const Slice &slice : slices)
            mostItems = std::max(mostItems, (slice.count + stride - 1) / stride);
        // Every slice the same grid, from offset 0 (see vector_add.cl): a
        // work-item per item of the longest slice, in whole groups as the
        // one-thread launch, at most 2^30 (the kernels loop over the rest).
        const std::uint64_t groups = (mostItems + groupSize - 1) / groupSize;
        m_sliceGlobal = std::min<std::uint64_t>(groups * groupSize, 1ULL << 30);
        for (const Slice &slice : slices) {
            m_threadQueues.emplace_back(m_context.context, m_context.device);
            cl::Kernel &kernel
                = m_threadKernels.emplace_back(m_context.program, std::string(m_kernel.openclFunction).c_str());
            cl_uint argument = 0;
            for (std::size_t b = 0; b < bufferCount(); ++b) {
                if (kernelTouches(m_kernel.buffers[b].role))
                    setBufferArgument(kernel, argument++, b);
            }
            kernel.setArg(argument++, static_cast<cl_ulong>(slice.first / stride));
            kernel.setArg(argument++, static_cast<cl_ulong>(slice.first + slice.count));
            if (m_kernel.usesStride)
                kernel.setArg(argument, static_cast<cl_ulong>(m_spec.strideElements()));
        }
        return okStatus();
    });
}

Status ClSession::launchSlice(PhaseMeter &, const Slice &slice)
{
    return guarded([&]() -> Status {
        // The grid prepareThreads sized for the longest slice; the kernel's
        // first and end, the slice's, keep each work-item inside it.
        cl::CommandQueue &queue = sliceQueue(slice);
        queue.enqueueNDRangeKernel(m_threadKernels[static_cast<std::size_t>(slice.thread)], cl::NullRange,
                                   cl::NDRange(m_sliceGlobal), m_local);
        queue.finish();
        return okStatus();
    });
}

Result<std::unique_ptr<Session>> createClSession(ClContext &context, const ExperimentSpec &spec)
{
    switch (spec.mode) {
    case ModeId::ClCopy:
        return makeCopySession(context, spec);
    case ModeId::ClUseHostPtr:
        return makeMapSession(context, spec, true);
    case ModeId::ClAllocHostPtr:
        return makeMapSession(context, spec, false);
    case ModeId::ClSvmCoarse:
        return makeSvmSession(context, spec, false);
    case ModeId::ClSvmFine:
        return makeSvmSession(context, spec, true);
    case ModeId::Device:
    case ModeId::Pinned:
    case ModeId::PinnedRegistered:
    case ModeId::ZeroCopy:
    case ModeId::Registered:
    case ModeId::Managed:
    case ModeId::ManagedPrefetch:
    case ModeId::ManagedAdvise:
    case ModeId::Ipc:
    case ModeId::IpcVmm:
    case ModeId::IpcPool:
    case ModeId::PeerCopy:
    case ModeId::PeerAccess:
    case ModeId::ManagedPeer:
    case ModeId::ManagedPeerPrefetch:
    case ModeId::ManagedDiscard:
    case ModeId::ManagedDiscardPrefetch:
        break;
    }
    return unsupported("mode " + std::string(modeName(spec.mode)) + " is not an OpenCL mode");
}

} // namespace sharescope::opencl
