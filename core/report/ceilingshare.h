// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/phaseceiling.h"
#include "report/runreport.h"

#include <cstdint>
#include <optional>

namespace sharescope {

// One of a phase's two shares of its ceilings, as every table says it: a
// percentage, or why there is none. Never a zero standing in for "none".
struct CeilingShare
{
    enum class State : std::uint8_t {
        Value, // percent holds it
        NoCeiling, // the report has no ceilings (written before them), or its path has none of this kind
        MeasurementProblem, // above its path's specification: not a result
        NothingMoved, // the phase moved no data: no bandwidth to hold against anything
    };
    State state = State::NothingMoved;
    double percent = 0; // Value only
    bool cached = false; // a working set the device's cache may serve: above 100% is no problem
};

// A phase of a report against the report's ceilings: both shares, and the
// phaseCeiling() they came from (empty where the report has no ceilings or
// the phase moved nothing).
struct PhaseShares
{
    CeilingShare ofMeasured;
    CeilingShare ofSpecification;
    std::optional<PhaseCeiling> ceiling;

    bool problem() const { return ofMeasured.state == CeilingShare::State::MeasurementProblem; }
};

PhaseShares phaseShares(const RunReport &report, const PhaseResult &phase);

} // namespace sharescope
