#pragma once

#include "../backend.h"
#include "clinclude.h"

#include <optional>

namespace sharescope::opencl {

// What every session on one device shares: one context, one in-order queue
// with profiling, and the kernels' program, built once.
struct ClContext
{
    DeviceInfo info;
    cl::Device device;
    cl::Context context;
    cl::CommandQueue queue;
    cl::Program program;
};

class OpenClBackend final : public Backend
{
public:
    OpenClBackend(DeviceInfo info, const cl::Device &device);

    const DeviceInfo &device() const override { return m_context.info; }
    Result<std::unique_ptr<Session>> createSession(const ExperimentSpec &spec) override;
    std::string countersNote(const ExperimentSpec &spec) const override;
    std::vector<CalibrationStep> calibrationSteps() const override;
    Result<CalibrationResult> measureCeiling(CalibrationStep step, const CalibrationPlan &plan) override;

private:
    Status buildProgram();

    ClContext m_context;
    bool m_built = false;
};

} // namespace sharescope::opencl
