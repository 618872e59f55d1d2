// SPDX-License-Identifier: GPL-3.0-or-later
// sharescope._native: what Python cannot get from the command line, and
// nothing else. The UVM driver counts, per process, the bytes it migrated
// each way and the page faults it serviced (core/uvm/uvmcounters.h); only
// the process itself can read its own counters, so `sharescope.counting()`
// and the `%%sharescope` cell magic read them here, around the user's code.
#include "uvm/uvmcounters.h"
#include "uvm/uvmdriverversion.h"
#include "uvm/uvmsystem.h"

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>

#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

namespace nb = nanobind;

namespace {

using sharescope::uvm::UvmCounters;
using sharescope::uvm::UvmCounterValues;

// One tracker of the process's counters, open until close() or its end.
class Counters
{
public:
    explicit Counters(std::unique_ptr<UvmCounters> counters)
        : m_counters(std::move(counters))
    {
    }

    // Bytes host to device, bytes device to host, CPU faults, GPU faults:
    // totals since the process's unified memory began, which only grow.
    std::tuple<std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t> read() const
    {
        if (!m_counters)
            throw nb::value_error("the counters are closed");
        const UvmCounterValues v = m_counters->read();
        return {v.bytesHostToDevice, v.bytesDeviceToHost, v.cpuPageFaults, v.gpuPageFaults};
    }

    std::string driverVersion() const { return m_counters ? m_counters->driverVersion() : std::string(); }
    void close() { m_counters.reset(); }

private:
    std::unique_ptr<UvmCounters> m_counters;
};

// (Counters, "", "") where the driver counts for this process, else
// (None, kind, why): kind "no-driver" (no NVIDIA driver here at all),
// "driver" (one whose counters this version does not read), "no-cuda"
// (CUDA has not opened this process's unified memory yet) or "refused"
// (the driver refused the tracker; why says how).
std::tuple<nb::object, std::string, std::string> openCounters()
{
    const std::shared_ptr<sharescope::uvm::UvmSystem> system = sharescope::uvm::linuxUvmSystem();
    if (auto version = sharescope::uvm::supportedUvmDriverVersion(*system); !version) {
        const bool present = sharescope::uvm::nvidiaDriverPresent(*system);
        return {nb::none(), present ? "driver" : "no-driver", version.error().message};
    }
    if (auto uvm = sharescope::uvm::uvmDescriptors(*system); !uvm)
        return {nb::none(), "no-cuda", uvm.error().message};
    auto counters = UvmCounters::open(system);
    if (!counters)
        return {nb::none(), "refused", counters.error().message};
    return {nb::cast(Counters(std::move(*counters))), std::string(), std::string()};
}

} // namespace

NB_MODULE(_native, m)
{
    m.doc() = "The NVIDIA UVM driver's counters of this process (see sharescope.counting).";
    nb::class_<Counters>(m, "Counters", "One tracker of this process's UVM counters.")
        .def("read", &Counters::read,
             "(bytes host to device, bytes device to host, CPU page faults, GPU page faults) so far.")
        .def_prop_ro("driver_version", &Counters::driverVersion, "The UVM driver's version.")
        .def("close", &Counters::close, "Releases the tracker (the driver's reference to this process).");
    m.def("open_counters", &openCounters,
          "(Counters, '', '') where the UVM driver counts for this process, else (None, kind, why).");
}
