// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ceilingshare.h"

#include "ceilings/phasepaths.h"

namespace sharescope {
namespace {

CeilingShare shareOf(const std::optional<double> &percent, bool cached)
{
    if (!percent)
        return {CeilingShare::State::NoCeiling};
    return {CeilingShare::State::Value, *percent, cached};
}

} // namespace

PhaseShares phaseShares(const RunReport &report, const PhaseResult &phase)
{
    PhaseShares shares;
    // Whether the phase has a bandwidth at all is a matter of its loads, not
    // of the ceilings: an old report's copy still moved data.
    if (pathLoads(phase, report.spec, report.device).empty() || phase.timeNs() == 0)
        return shares;
    if (!report.ceilings) {
        shares.ofMeasured.state = shares.ofSpecification.state = CeilingShare::State::NoCeiling;
        return shares;
    }
    shares.ceiling = phaseCeiling(phase, report.spec, report.device, *report.ceilings);
    if (shares.ceiling->problem) {
        shares.ofMeasured.state = shares.ofSpecification.state = CeilingShare::State::MeasurementProblem;
        return shares;
    }
    shares.ofMeasured = shareOf(shares.ceiling->percentOfMeasured, false);
    shares.ofSpecification = shareOf(shares.ceiling->percentOfSpecification, shares.ceiling->cached);
    return shares;
}

} // namespace sharescope
