// SPDX-License-Identifier: GPL-3.0-or-later
#include "opencl/clcalibration.h"

#include "ceilings/ceilings.h"
#include "ceilings/hostbandwidth.h"
#include "hostmemory.h"
#include "opencl/clerror.h"
#include "trnoop.h"

#include <algorithm>
#include <cstring>

namespace sharescope::opencl {
namespace {

std::uint64_t eventNs(const cl::Event &event)
{
    const auto start = event.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = event.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return end > start ? end - start : 0;
}

// Enqueues one repetition, waits for it, and returns its event time; the
// first is a warm-up and not kept.
template<typename Enqueue>
std::vector<std::uint64_t> timedRepetitions(int repetitions, Enqueue &&enqueue)
{
    std::vector<std::uint64_t> times;
    for (int rep = 0; rep <= repetitions; ++rep) {
        cl::Event event;
        enqueue(event);
        event.wait();
        if (rep > 0)
            times.push_back(eventNs(event));
    }
    return times;
}

CalibrationResult readKernel(ClContext &c, const cl::Buffer &buffer, std::uint64_t bytes, int repetitions)
{
    const bool cpu = c.info.cpuDevice;
    cl::Kernel kernel(c.program, cpu ? "calibrate_read_blocks" : "calibrate_read");
    const std::size_t most = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(c.device);
    const std::size_t local = std::min<std::size_t>(cpu ? 1 : 256, most);
    const std::size_t items = std::max<std::uint32_t>(c.info.computeUnits, 1) * (cpu ? 1 : 4) * local;
    const std::uint64_t perItem = bytes / 16 / items;
    cl::Buffer sums(c.context, CL_MEM_WRITE_ONLY, items * sizeof(cl_uint));
    kernel.setArg(0, buffer);
    kernel.setArg(1, static_cast<cl_ulong>(perItem));
    kernel.setArg(2, sums);
    CalibrationResult result;
    result.step = CalibrationStep::DeviceRead;
    result.bytes = perItem * items * 16; // what the work-items read: the size rounded down to whole parts
    placeOnPath(result, c.info, Path::DeviceMemory, false);
    setMethod(result,
              {SHARESCOPE_TR_NOOP("Core",
                                  "a kernel reading a buffer with %1 work-items in groups of %2, OpenCL "
                                  "profiling events"),
               std::vector<std::string>{std::to_string(items), std::to_string(local)}});
    setRates(result, timedRepetitions(repetitions, [&](cl::Event &event) {
                 c.queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(items), cl::NDRange(local), nullptr,
                                              &event);
             }));
    return result;
}

} // namespace

std::vector<CalibrationStep> clCalibrationSteps()
{
    return {CalibrationStep::HostToDeviceCopy, CalibrationStep::DeviceToHostCopy, CalibrationStep::DeviceCopy,
            CalibrationStep::DeviceRead};
}

Result<CalibrationResult> measureClCeiling(ClContext &c, CalibrationStep step, const CalibrationPlan &plan)
{
    const std::vector<CalibrationStep> steps = clCalibrationSteps();
    if (std::ranges::find(steps, step) == steps.end())
        return unsupported(SHARESCOPE_TR_NOOP("Core", "OpenCL has no calibration step %1"),
                           {std::string(calibrationStepName(step))});
    // Two buffers of the size, within the device's and the host's memory.
    const std::uint64_t deviceRoom = std::min(c.info.globalMemoryBytes / 2, c.info.maxAllocationBytes * 4);
    const std::uint64_t hostRoom = availableHostMemory().value_or(plan.bytes * 8) / 2;
    const std::uint64_t bytes = calibrationBytes(calibrationBytes(plan.bytes, deviceRoom), hostRoom);
    return guarded([&]() -> Result<CalibrationResult> {
        cl::Buffer first(c.context, CL_MEM_READ_WRITE, bytes);
        if (step == CalibrationStep::DeviceRead) {
            c.queue.enqueueFillBuffer(first, cl_uint(1), 0, bytes);
            return readKernel(c, first, bytes, plan.repetitions);
        }
        CalibrationResult result;
        result.step = step;
        result.bytes = bytes;
        if (step == CalibrationStep::DeviceCopy) {
            cl::Buffer second(c.context, CL_MEM_READ_WRITE, bytes);
            c.queue.enqueueFillBuffer(first, cl_uint(1), 0, bytes);
            placeOnPath(result, c.info, Path::DeviceMemory, true);
            setMethod(result,
                      MessageTemplate(std::string(SHARESCOPE_TR_NOOP(
                          "Core", "clEnqueueCopyBuffer, bytes read plus written, OpenCL profiling events"))));
            setRates(result, timedRepetitions(plan.repetitions, [&](cl::Event &event) {
                         c.queue.enqueueCopyBuffer(first, second, 0, 0, bytes, nullptr, &event);
                     }));
            return result;
        }
        AlignedHostArray host(bytes, std::max<std::size_t>(c.info.baseAddressAlignBytes, 4096), HostTouch::Prefault);
        if (!host)
            return failed("out of host memory");
        std::memset(host.data(), 1, bytes);
        const bool in = step == CalibrationStep::HostToDeviceCopy;
        placeOnPath(result, c.info, in ? Path::HostToDevice : Path::DeviceToHost, true);
        setMethod(result,
                  MessageTemplate(std::string(
                      in ? SHARESCOPE_TR_NOOP(
                          "Core", "clEnqueueWriteBuffer from pre-faulted host memory, OpenCL profiling events")
                         : SHARESCOPE_TR_NOOP(
                             "Core", "clEnqueueReadBuffer to pre-faulted host memory, OpenCL profiling events"))));
        setRates(result, timedRepetitions(plan.repetitions, [&](cl::Event &event) {
                     if (in)
                         c.queue.enqueueWriteBuffer(first, CL_FALSE, 0, bytes, host.data(), nullptr, &event);
                     else
                         c.queue.enqueueReadBuffer(first, CL_FALSE, 0, bytes, host.data(), nullptr, &event);
                 }));
        return result;
    });
}

} // namespace sharescope::opencl
