// SPDX-License-Identifier: GPL-3.0-or-later
#include "opencl/openclbackend.h"

#include "trnoop.h"

#include "opencl/clcalibration.h"
#include "opencl/clerror.h"
#include "opencl/openclsession.h"

#include <string_view>

namespace sharescope::opencl {

std::string_view kernelSource(); // generated from resources/kernels/*.cl

OpenClBackend::OpenClBackend(DeviceInfo info, const cl::Device &device)
{
    m_context.info = std::move(info);
    m_context.device = device;
    m_context.context = cl::Context(device);
    m_context.queue = cl::CommandQueue(m_context.context, device, CL_QUEUE_PROFILING_ENABLE);
}

Status OpenClBackend::buildProgram()
{
    if (m_built)
        return okStatus();
    cl::Program program(m_context.context, std::string(kernelSource()));
    try {
        program.build({m_context.device});
    } catch (const cl::BuildError &error) {
        std::string log;
        for (const auto &[device, text] : error.getBuildLog())
            log += text;
        return failed("the OpenCL kernels did not build for " + m_context.info.id + " (" + m_context.info.name + "):\n"
                      + log);
    }
    m_context.program = program;
    m_built = true;
    return okStatus();
}

Result<std::unique_ptr<Session>> OpenClBackend::createSession(const ExperimentSpec &spec)
{
    return guarded([&]() -> Result<std::unique_ptr<Session>> {
        if (Status usable = m_context.check(); !usable)
            return usable.error();
        if (Status built = buildProgram(); !built)
            return built.error();
        return createClSession(m_context, spec);
    });
}

MessageTemplate OpenClBackend::countersNote(const ExperimentSpec &) const
{
    return {SHARESCOPE_TR_NOOP("Core", "OpenCL reports no page-migration counters"), {}};
}

std::vector<CalibrationStep> OpenClBackend::calibrationSteps() const
{
    return clCalibrationSteps();
}

Result<CalibrationResult> OpenClBackend::measureCeiling(CalibrationStep step, const CalibrationPlan &plan)
{
    return guarded([&]() -> Result<CalibrationResult> {
        if (Status built = buildProgram(); !built)
            return built.error();
        return measureClCeiling(m_context, step, plan);
    });
}

} // namespace sharescope::opencl
