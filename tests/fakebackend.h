// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "backend/backend.h"
#include "run/engine.h"

#include <optional>
#include <string>

namespace sharescope::testing {

// What the fake device should do wrong.
struct FakeBehaviour
{
    std::string failIn; // "allocate", "toDevice", "launch", "toHost", "acquireRead", ...
    int failOnCall = 1; // the n-th call of that method fails
    bool corruptOneElement = false; // the kernel writes one wrong value
    int *releases = nullptr; // counts release() calls
    std::string *calls = nullptr; // appends "method " for every call
    // Counters: a counted pass runs the experiment again on a fake device
    // whose sessions are instrumented (the driver's exact counts: the kernel
    // phase moves one buffer to the device; CUPTI's records: half of that).
    bool counters = false;
    bool instrumented = false; // this fake is the counted pass's device
    std::optional<Error> countedPassFails; // the counted pass's outcome instead
    // The device says it is a CUDA GPU with managed memory, for the managed
    // modes (it behaves as it does for any mode).
    bool managedGpu = false;
    bool loseDevice = false; // failIn's failure loses the device (Error::deviceLost)
    // The device has an SM clock: 1,000 MHz until the clock warm-up
    // (failIn "warmClock" fails it), 1,980 MHz after it.
    bool clock = false;
};

// A backend whose "device" is a second host array per buffer and whose
// kernels run on the CPU: the engine's logic, tested without a device.
class FakeBackend final : public Backend
{
public:
    explicit FakeBackend(FakeBehaviour behaviour = {});

    const DeviceInfo &device() const override { return m_device; }
    Result<std::unique_ptr<Session>> createSession(const ExperimentSpec &spec) override;
    MessageTemplate countersNote(const ExperimentSpec &) const override
    {
        return m_behaviour.counters || m_behaviour.instrumented ? MessageTemplate()
                                                                : MessageTemplate("the fake device has no counters");
    }
    // A fake with counters times; its counted pass runs on an instrumented fake.
    bool sessionsCarryInstruments() const override { return !m_behaviour.counters; }

private:
    DeviceInfo m_device;
    FakeBehaviour m_behaviour;
};

// The counted pass of an engine on FakeBackend(behaviour): in this process,
// on an instrumented fake, or the failure the behaviour asks for.
CountedPassLauncher countedOnFake(const FakeBehaviour &behaviour);

} // namespace sharescope::testing
