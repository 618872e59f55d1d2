// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "cuda/cudacontext.h"

#include <memory>
#include <optional>

namespace sharescope::cuda {

class CudaBackend final : public Backend
{
public:
    explicit CudaBackend(DeviceInfo info, Instrumentation instrumentation = Instrumentation::Timing,
                         bool countEveryDevice = false, RecordsSource records = RecordsSource::DriverEvents);
    // A device whose context was lost is reset here (cudaDeviceReset), so
    // that opening it again makes a new context: closing it is how the
    // window recovers from a sticky error.
    ~CudaBackend() override;

    // Creates the device's context; for a counted pass sets CUPTI up first
    // (it wants to come before the context) and opens the driver's counters
    // and the page map after (they want a context).
    Status open();

    const DeviceInfo &device() const override { return m_context.info; }
    Status check(const ExperimentSpec &spec) const override;
    Result<std::unique_ptr<Session>> createSession(const ExperimentSpec &spec) override;
    MessageTemplate countersNote(const ExperimentSpec &spec) const override;
    bool sessionsCarryInstruments() const override { return m_context.instrumentation == Instrumentation::Counted; }
    std::vector<CalibrationStep> calibrationSteps() const override;
    Result<CalibrationResult> measureCeiling(CalibrationStep step, const CalibrationPlan &plan) override;

private:
    Status checkPeerMemory(const ExperimentSpec &spec) const;
    void startCupti();
    // The GPU's clock through NVML, where the driver's library is there.
    void openClock();

    mutable CudaContext m_context;
};

} // namespace sharescope::cuda
