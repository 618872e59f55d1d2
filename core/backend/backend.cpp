// SPDX-License-Identifier: GPL-3.0-or-later
#include "backend/backend.h"

#include "trnoop.h"

namespace sharescope {

std::vector<std::size_t> buffersFor(const KernelInfo &kernel, HostAccess access)
{
    std::vector<std::size_t> indices;
    for (std::size_t b = 0; b < kernel.buffers.size(); ++b) {
        const BufferRole role = kernel.buffers[b].role;
        const bool wanted = access == HostAccess::Write ? hostWrites(role)
            : access == HostAccess::Read                ? hostReads(role)
                                                        : role == BufferRole::InOut;
        if (wanted)
            indices.push_back(b);
    }
    return indices;
}

std::vector<std::size_t> buffersCopied(const KernelInfo &kernel, HostAccess direction)
{
    std::vector<std::size_t> indices;
    for (std::size_t b = 0; b < kernel.buffers.size(); ++b) {
        const BufferRole role = kernel.buffers[b].role;
        const bool wanted = direction == HostAccess::Write ? copiedToDevice(role)
            : direction == HostAccess::Read                ? copiedToHost(role)
                                                           : role == BufferRole::InOut;
        if (wanted)
            indices.push_back(b);
    }
    return indices;
}

namespace {

Status notSplit()
{
    return errorOf(ErrorKind::Unsupported,
                   SHARESCOPE_TR_NOOP("Core", "this mode does not split its work over host threads"), {});
}

} // namespace

Status Session::prepareThreads(std::span<const Slice>)
{
    return notSplit();
}

Status Session::toDeviceSlice(PhaseMeter &, const Slice &)
{
    return notSplit();
}

Status Session::launchSlice(PhaseMeter &, const Slice &)
{
    return notSplit();
}

Status Session::toHostSlice(PhaseMeter &, const Slice &)
{
    return notSplit();
}

Status Session::injectFault(InjectedFault fault, PhaseMeter &)
{
    return unsupported("this device cannot inject the fault " + std::string(faultName(fault)));
}

Result<CalibrationResult> Backend::measureCeiling(CalibrationStep step, const CalibrationPlan &)
{
    return unsupported(SHARESCOPE_TR_NOOP("Core", "%1 cannot take the calibration step %2"),
                       {device().id, std::string(calibrationStepName(step))});
}

} // namespace sharescope
