#pragma once

#include "../backend.h"
#include "cudaerror.h"

namespace sharescope::cuda {

// What every session on one device shares.
struct CudaContext
{
    DeviceInfo info;
    ContextHealth health;
    std::string countersProblem; // why CUPTI counters are unavailable, if they are
};

class CudaBackend final : public Backend
{
public:
    explicit CudaBackend(DeviceInfo info);

    // Sets CUPTI up, then creates the device's context (CUPTI wants to be
    // first).
    Status open();

    const DeviceInfo &device() const override { return m_context.info; }
    Status check(const ExperimentSpec &spec) const override;
    Result<std::unique_ptr<Session>> createSession(const ExperimentSpec &spec) override;
    std::string countersNote(const ExperimentSpec &spec) const override;
    std::vector<CalibrationStep> calibrationSteps() const override;
    Result<CalibrationResult> measureCeiling(CalibrationStep step, const CalibrationPlan &plan) override;

private:
    mutable CudaContext m_context;
};

} // namespace sharescope::cuda
