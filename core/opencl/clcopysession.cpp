// SPDX-License-Identifier: GPL-3.0-or-later
#include "opencl/openclsession.h"

#include "opencl/clerror.h"

#include "hostmemory.h"
#include "trnoop.h"

#include <cstring>

namespace sharescope::opencl {
namespace {

// cl-copy: a device buffer and a host array per buffer, with explicit
// clEnqueueWriteBuffer / clEnqueueReadBuffer between them.
class CopySession final : public ClSession
{
public:
    using ClSession::ClSession;

    Status allocate(PhaseMeter &) override
    {
        return guarded([&]() -> Status {
            for (std::size_t b = 0; b < bufferCount(); ++b) {
                m_host.emplace_back(m_spec.bytes, m_context.info.baseAddressAlignBytes, HostTouch::Prefault);
                if (!m_host.back())
                    return errorOf(ErrorKind::Failed,
                                   SHARESCOPE_TR_NOOP("Core", "could not allocate %1 bytes of host memory"),
                                   {std::to_string(m_spec.bytes)});
                m_device.emplace_back(m_context.context, CL_MEM_READ_WRITE, m_spec.bytes);
                m_reports[b].placement = SHARESCOPE_TR_NOOP(
                    "Core", "device buffer + host array; copied with clEnqueueWriteBuffer/ReadBuffer");
            }
            return okStatus();
        });
    }

    Result<std::vector<void *>> acquireHost(HostAccess, PhaseMeter &) override
    {
        std::vector<void *> pointers;
        for (const AlignedHostArray &array : m_host)
            pointers.push_back(array.data());
        return pointers;
    }

    Status releaseHost(PhaseMeter &) override { return okStatus(); }

    Status toDevice(PhaseMeter &meter) override { return copy(HostAccess::Write, meter); }
    Status toHost(PhaseMeter &meter) override { return copy(HostAccess::Read, meter); }
    // --host-threads: the thread's slice of every buffer that travels, on
    // its own queue.
    Status toDeviceSlice(PhaseMeter &meter, const Slice &slice) override
    {
        return copySlice(HostAccess::Write, meter, slice);
    }
    Status toHostSlice(PhaseMeter &meter, const Slice &slice) override
    {
        return copySlice(HostAccess::Read, meter, slice);
    }

    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override
    {
        // A buffer the kernel never touches (first-touch's CPU-only one)
        // lives in the host array alone.
        if (!kernelTouches(m_kernel.buffers[buffer].role)) {
            std::memcpy(out.data(), static_cast<const std::uint32_t *>(m_host[buffer].data()) + first,
                        out.size_bytes());
            return okStatus();
        }
        return guarded([&]() -> Status {
            m_context.queue.enqueueReadBuffer(m_device[buffer], CL_TRUE, first * elementBytes, out.size_bytes(),
                                              out.data());
            return okStatus();
        });
    }

    Status release(PhaseMeter &) override
    {
        return guarded([&]() -> Status {
            m_context.queue.finish();
            m_device.clear();
            m_host.clear();
            return okStatus();
        });
    }

private:
    void setBufferArgument(cl::Kernel &kernel, cl_uint argument, std::size_t buffer) override
    {
        kernel.setArg(argument, m_device[buffer]);
    }

    Status copy(HostAccess direction, PhaseMeter &meter)
    {
        return guarded([&]() -> Status {
            std::vector<cl::Event> events;
            for (const std::size_t b : buffersCopied(direction)) {
                cl::Event &event = events.emplace_back();
                if (direction == HostAccess::Write)
                    m_context.queue.enqueueWriteBuffer(m_device[b], CL_FALSE, 0, m_spec.bytes, m_host[b].data(),
                                                       nullptr, &event);
                else
                    m_context.queue.enqueueReadBuffer(m_device[b], CL_FALSE, 0, m_spec.bytes, m_host[b].data(), nullptr,
                                                      &event);
            }
            m_context.queue.finish();
            for (const cl::Event &event : events) {
                meter.addDeviceNs(eventNs(event));
                direction == HostAccess::Write ? meter.addToDevice(m_spec.bytes) : meter.addToHost(m_spec.bytes);
            }
            return okStatus();
        });
    }

    Status copySlice(HostAccess direction, PhaseMeter &meter, const Slice &slice)
    {
        return guarded([&]() -> Status {
            cl::CommandQueue &queue = sliceQueue(slice);
            const std::size_t offset = slice.first * elementBytes;
            const std::size_t bytes = slice.count * elementBytes;
            for (const std::size_t b : buffersCopied(direction)) {
                void *host = static_cast<char *>(m_host[b].data()) + offset;
                if (direction == HostAccess::Write)
                    queue.enqueueWriteBuffer(m_device[b], CL_FALSE, offset, bytes, host);
                else
                    queue.enqueueReadBuffer(m_device[b], CL_FALSE, offset, bytes, host);
                direction == HostAccess::Write ? meter.addToDevice(bytes) : meter.addToHost(bytes);
            }
            queue.finish();
            return okStatus();
        });
    }

    std::vector<AlignedHostArray> m_host;
    std::vector<cl::Buffer> m_device;
};

} // namespace

std::unique_ptr<Session> makeCopySession(ClContext &context, const ExperimentSpec &spec)
{
    return std::make_unique<CopySession>(context, spec);
}

} // namespace sharescope::opencl
