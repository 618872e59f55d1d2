// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/migration.h"
#include "result.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace sharescope::cuda {

// Unified-memory counters through CUPTI's activity API. CUPTI delivers
// records through process-wide callbacks, so there is one collector per
// process; the engine's thread starts and stops it around each run.
class CuptiCollector
{
public:
    static CuptiCollector &instance();

    // Which kinds initialize() configures: all eight unless a benchmark asks
    // for fewer, to tell which kinds cost time. A kind left out is reported
    // as "not reported", as one the driver refuses is. Returns false, and
    // changes nothing, once initialize() has run (CUPTI takes the
    // configuration once per process).
    bool setKinds(const std::array<bool, counterKindCount> &kinds);

    // Registers the callbacks and configures the chosen counter kinds for
    // `device` (everyDevice: for every GPU of the process), each on its own
    // so that one the driver refuses leaves the others. Must run before the
    // device's context exists. Returns why counters are unavailable, or an
    // empty string when at least one kind is reported.
    const MessageTemplate &initialize(int device, bool everyDevice = false);
    bool available() const { return m_initialized && m_problem.empty(); }
    const MessageTemplate &problem() const { return m_problem; }
    // The kinds configured and accepted by the driver; all false before
    // initialize().
    const std::array<bool, counterKindCount> &reported() const { return m_reported; }

    Status start(); // clears and enables collection
    CounterRecords stop(); // flushes, disables, hands over what came
    void disable(); // a run without counters: CUPTI stays out of the way
    std::optional<std::uint64_t> timestamp() const;

    // Called from CUPTI's threads.
    void append(const MigrationEvent &event);
    void addLost(std::uint64_t count);

private:
    CuptiCollector() = default;

    bool m_initialized = false;
    MessageTemplate m_problem;
    std::array<bool, counterKindCount> m_kinds = [] {
        std::array<bool, counterKindCount> all{};
        all.fill(true);
        return all;
    }();
    std::array<bool, counterKindCount> m_reported{};
};

} // namespace sharescope::cuda
