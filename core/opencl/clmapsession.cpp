// SPDX-License-Identifier: GPL-3.0-or-later
#include "opencl/openclsession.h"

#include "opencl/clerror.h"

#include "hostmemory.h"
#include "trnoop.h"

#include <algorithm>
#include <cstring>

namespace sharescope::opencl {
namespace {

// cl-use-host-ptr and cl-alloc-host-ptr: the host reaches each buffer only
// through clEnqueueMapBuffer/clEnqueueUnmapMemObject. Whether a map hands out
// the buffer's own storage (zero-copy) or a copy is observed, not assumed.
class MapSession final : public ClSession
{
public:
    MapSession(ClContext &context, const ExperimentSpec &spec, bool useHostPointer)
        : ClSession(context, spec)
        , m_useHostPointer(useHostPointer)
        , m_state(bufferCount())
    {
    }

    Status allocate(PhaseMeter &) override
    {
        return guarded([&]() -> Status {
            for (std::size_t b = 0; b < bufferCount(); ++b) {
                BufferState &state = m_state[b];
                if (m_useHostPointer) {
                    // Aligned as the device asks (and to a page, which some
                    // drivers need before they will use the array in place).
                    state.host = AlignedHostArray(m_spec.bytes,
                                                  std::max<std::size_t>(m_context.info.baseAddressAlignBytes, 4096),
                                                  HostTouch::Prefault);
                    if (!state.host)
                        return errorOf(ErrorKind::Failed,
                                       SHARESCOPE_TR_NOOP("Core", "could not allocate %1 bytes of host memory"),
                                       {std::to_string(m_spec.bytes)});
                    state.buffer = cl::Buffer(m_context.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, m_spec.bytes,
                                              state.host.data());
                } else {
                    state.buffer
                        = cl::Buffer(m_context.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, m_spec.bytes);
                }
                updateReport(b);
            }
            return okStatus();
        });
    }

    Result<std::vector<void *>> acquireHost(HostAccess access, PhaseMeter &meter) override
    {
        return guarded([&]() -> Result<std::vector<void *>> {
            std::vector<void *> pointers(bufferCount(), nullptr);
            const cl_map_flags flags = mapFlags(access);
            for (const std::size_t b : buffersFor(access)) {
                BufferState &state = m_state[b];
                cl::Event event;
                void *mapped
                    = m_context.queue.enqueueMapBuffer(state.buffer, CL_TRUE, flags, 0, m_spec.bytes, nullptr, &event);
                meter.addDeviceNs(eventNs(event));
                observeMap(b, mapped);
                state.mapped = mapped;
                state.written = access != HostAccess::Read;
                // A map that does not return the buffer's own storage brings
                // the data over, unless the host promised to overwrite it.
                if (state.zeroCopy == false && access != HostAccess::Write)
                    meter.addToHost(m_spec.bytes);
                pointers[b] = mapped;
            }
            return pointers;
        });
    }

    Status releaseHost(PhaseMeter &meter) override
    {
        return guarded([&]() -> Status {
            std::vector<std::pair<std::size_t, cl::Event>> events;
            for (std::size_t b = 0; b < bufferCount(); ++b) {
                BufferState &state = m_state[b];
                if (!state.mapped)
                    continue;
                events.emplace_back(b, cl::Event());
                m_context.queue.enqueueUnmapMemObject(state.buffer, state.mapped, nullptr, &events.back().second);
                state.mapped = nullptr;
            }
            m_context.queue.finish();
            for (const auto &[b, event] : events) {
                meter.addDeviceNs(eventNs(event));
                if (m_state[b].zeroCopy == false && m_state[b].written)
                    meter.addToDevice(m_spec.bytes);
            }
            return okStatus();
        });
    }

    // The unmap in releaseHost is the hand-over; nothing else to do.
    Status toDevice(PhaseMeter &) override { return okStatus(); }
    Status toHost(PhaseMeter &) override { return okStatus(); }
    // --host-threads: nothing moves before or after the kernel.
    Status toDeviceSlice(PhaseMeter &, const Slice &) override { return okStatus(); }
    Status toHostSlice(PhaseMeter &, const Slice &) override { return okStatus(); }

    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override
    {
        return guarded([&]() -> Status {
            BufferState &state = m_state[buffer];
            void *mapped = m_context.queue.enqueueMapBuffer(state.buffer, CL_TRUE, CL_MAP_READ, first * elementBytes,
                                                            out.size_bytes());
            std::memcpy(out.data(), mapped, out.size_bytes());
            cl::Event event;
            m_context.queue.enqueueUnmapMemObject(state.buffer, mapped, nullptr, &event);
            event.wait();
            return okStatus();
        });
    }

    Status release(PhaseMeter &meter) override
    {
        Status unmapped = releaseHost(meter);
        return guarded([&]() -> Status {
            m_context.queue.finish();
            m_state.clear();
            return unmapped;
        });
    }

private:
    struct BufferState
    {
        AlignedHostArray host; // cl-use-host-ptr only
        cl::Buffer buffer;
        void *mapped = nullptr;
        void *firstMapped = nullptr;
        bool written = false;
        std::optional<bool> zeroCopy;
    };

    void setBufferArgument(cl::Kernel &kernel, cl_uint argument, std::size_t buffer) override
    {
        kernel.setArg(argument, m_state[buffer].buffer);
    }

    // USE_HOST_PTR: zero-copy when the map returns the host array itself.
    // ALLOC_HOST_PTR has no array of ours to compare with: a map that returns
    // a different pointer each time is a copy; the same pointer on a device
    // that shares host memory is the buffer itself; the same pointer on a
    // discrete device says nothing about where the kernel reads, so unknown.
    void observeMap(std::size_t b, void *mapped)
    {
        BufferState &state = m_state[b];
        if (m_useHostPointer) {
            state.zeroCopy = mapped == state.host.data();
        } else if (!state.firstMapped) {
            state.firstMapped = mapped;
            if (m_context.info.hostUnifiedMemory)
                state.zeroCopy = true;
        } else if (mapped != state.firstMapped) {
            state.zeroCopy = false;
        }
        updateReport(b);
    }

    void updateReport(std::size_t b)
    {
        BufferReport &report = m_reports[b];
        const std::optional<bool> zeroCopy = m_state[b].zeroCopy;
        report.zeroCopy = zeroCopy;
        if (m_useHostPointer) {
            report.placement = !zeroCopy ? SHARESCOPE_TR_NOOP("Core", "host array given to CL_MEM_USE_HOST_PTR")
                : *zeroCopy
                ? SHARESCOPE_TR_NOOP("Core", "host array used in place: the map returned the array itself (zero-copy)")
                : SHARESCOPE_TR_NOOP("Core", "host array with a device copy: the map returned another pointer");
        } else {
            report.placement = !zeroCopy
                ? SHARESCOPE_TR_NOOP("Core", "runtime's host-visible memory; where the kernel reads it is not reported")
                : *zeroCopy
                ? SHARESCOPE_TR_NOOP("Core",
                                     "runtime's host memory, shared with the device: the same pointer on every map")
                : SHARESCOPE_TR_NOOP("Core",
                                     "runtime memory with a separate host copy: the map returned a new pointer");
        }
    }

    const bool m_useHostPointer;
    std::vector<BufferState> m_state;
};

} // namespace

std::unique_ptr<Session> makeMapSession(ClContext &context, const ExperimentSpec &spec, bool useHostPointer)
{
    return std::make_unique<MapSession>(context, spec, useHostPointer);
}

} // namespace sharescope::opencl
