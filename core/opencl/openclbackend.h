// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "opencl/clcontext.h"

#include <optional>

namespace sharescope::opencl {

class OpenClBackend final : public Backend
{
public:
    OpenClBackend(DeviceInfo info, const cl::Device &device);

    const DeviceInfo &device() const override { return m_context.info; }
    Status check(const ExperimentSpec &) const override { return m_context.check(); }
    Result<std::unique_ptr<Session>> createSession(const ExperimentSpec &spec) override;
    MessageTemplate countersNote(const ExperimentSpec &spec) const override;
    std::vector<CalibrationStep> calibrationSteps() const override;
    Result<CalibrationResult> measureCeiling(CalibrationStep step, const CalibrationPlan &plan) override;

private:
    Status buildProgram();

    ClContext m_context;
    bool m_built = false;
};

} // namespace sharescope::opencl
