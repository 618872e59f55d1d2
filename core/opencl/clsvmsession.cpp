// SPDX-License-Identifier: GPL-3.0-or-later
#include "opencl/openclsession.h"

#include "opencl/clerror.h"
#include "trnoop.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace sharescope::opencl {
namespace {

// cl-svm-coarse and cl-svm-fine: one pointer valid on host and device.
// Coarse-grained memory is handed over with clEnqueueSVMMap/Unmap; fine-grained
// memory needs no map, only the queue finished before the host looks.
class SvmSession final : public ClSession
{
public:
    SvmSession(ClContext &context, const ExperimentSpec &spec, bool fineGrained)
        : ClSession(context, spec)
        , m_fine(fineGrained)
        , m_pointers(bufferCount(), nullptr)
        , m_mapped(bufferCount(), false)
    {
    }

    ~SvmSession() override { freeAll(); }

    Status allocate(PhaseMeter &) override
    {
        return guarded([&]() -> Status {
            const cl_svm_mem_flags flags = CL_MEM_READ_WRITE | (m_fine ? CL_MEM_SVM_FINE_GRAIN_BUFFER : 0);
            for (std::size_t b = 0; b < bufferCount(); ++b) {
                m_pointers[b] = clSVMAlloc(m_context.context(), flags, m_spec.bytes, 0);
                if (!m_pointers[b]) {
                    return failed("clSVMAlloc returned no memory for " + std::to_string(m_spec.bytes) + " bytes ("
                                  + (m_fine ? "fine" : "coarse") + "-grained)");
                }
                m_reports[b].placement = m_fine
                    ? SHARESCOPE_TR_NOOP("Core", "fine-grained SVM buffer: one pointer, no map")
                    : SHARESCOPE_TR_NOOP("Core", "coarse-grained SVM buffer: one pointer, mapped around host access");
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
                if (!m_fine) {
                    cl::Event event;
                    m_context.queue.enqueueMapSVM(m_pointers[b], CL_TRUE, flags, m_spec.bytes, nullptr, &event);
                    meter.addDeviceNs(eventNs(event));
                    m_mapped[b] = true;
                }
                pointers[b] = m_pointers[b];
            }
            return pointers;
        });
    }

    Status releaseHost(PhaseMeter &meter) override
    {
        return guarded([&]() -> Status {
            std::vector<cl::Event> events;
            for (std::size_t b = 0; b < bufferCount(); ++b) {
                if (!m_mapped[b])
                    continue;
                m_context.queue.enqueueUnmapSVM(m_pointers[b], nullptr, &events.emplace_back());
                m_mapped[b] = false;
            }
            m_context.queue.finish();
            for (const cl::Event &event : events)
                meter.addDeviceNs(eventNs(event));
            return okStatus();
        });
    }

    Status toDevice(PhaseMeter &) override { return okStatus(); }
    Status toHost(PhaseMeter &) override { return okStatus(); }
    // --host-threads: nothing moves before or after the kernel.
    Status toDeviceSlice(PhaseMeter &, const Slice &) override { return okStatus(); }
    Status toHostSlice(PhaseMeter &, const Slice &) override { return okStatus(); }

    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override
    {
        return guarded([&]() -> Status {
            auto *source = static_cast<std::uint32_t *>(m_pointers[buffer]) + first;
            if (!m_fine)
                m_context.queue.enqueueMapSVM(source, CL_TRUE, CL_MAP_READ, out.size_bytes());
            std::memcpy(out.data(), source, out.size_bytes());
            if (!m_fine) {
                cl::Event event;
                m_context.queue.enqueueUnmapSVM(source, nullptr, &event);
                event.wait();
            }
            return okStatus();
        });
    }

    Status release(PhaseMeter &meter) override
    {
        Status unmapped = releaseHost(meter);
        return guarded([&]() -> Status {
            m_context.queue.finish();
            freeAll();
            return unmapped;
        });
    }

private:
    void setBufferArgument(cl::Kernel &kernel, cl_uint argument, std::size_t buffer) override
    {
        kernel.setArg(argument, m_pointers[buffer]);
    }

    // clSVMAlloc's default alignment is the largest built-in type's; the
    // pointers are at hand, so look.
    bool buffersAligned16() const override
    {
        return std::ranges::all_of(m_pointers,
                                   [](const void *p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; });
    }

    void freeAll()
    {
        for (void *&pointer : m_pointers) {
            if (pointer)
                clSVMFree(m_context.context(), pointer);
            pointer = nullptr;
        }
    }

    const bool m_fine;
    std::vector<void *> m_pointers;
    std::vector<bool> m_mapped;
};

} // namespace

std::unique_ptr<Session> makeSvmSession(ClContext &context, const ExperimentSpec &spec, bool fineGrained)
{
    return std::make_unique<SvmSession>(context, spec, fineGrained);
}

} // namespace sharescope::opencl
