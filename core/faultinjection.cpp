// SPDX-License-Identifier: GPL-3.0-or-later
#include "faultinjection.h"

#include <array>
#include <charconv>
#include <cstdlib>
#include <string>
#include <utility>

namespace sharescope {
namespace {

constexpr std::array<std::pair<InjectedFault, std::string_view>, 3> faultNames{{
    {InjectedFault::OutOfMemory, "out-of-memory"},
    {InjectedFault::InvalidValue, "invalid-value"},
    {InjectedFault::IllegalAddress, "illegal-address"},
}};

Error malformed(std::string_view text, std::string_view why)
{
    return badArgument("SHARESCOPE_INJECT_FAULT '" + std::string(text) + "': " + std::string(why)
                       + "; accepted: PHASE:FAULT[:N] with PHASE one of alloc, host-init, to-device, kernel, "
                         "to-host, host-read, free, FAULT one of out-of-memory, invalid-value, illegal-address, "
                         "and N from 1 (the N-th time the phase starts)");
}

} // namespace

std::string_view faultName(InjectedFault fault)
{
    for (const auto &[id, name] : faultNames) {
        if (id == fault)
            return name;
    }
    return {};
}

Result<FaultPlan> parseFaultPlan(std::string_view text)
{
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos)
        return malformed(text, "no ':' between the phase and the fault");
    FaultPlan plan;
    const auto phase = phaseFromName(text.substr(0, colon));
    if (!phase || *phase == Phase::IpcOpen)
        return malformed(text, "unknown phase '" + std::string(text.substr(0, colon)) + "'");
    plan.phase = *phase;
    std::string_view rest = text.substr(colon + 1);
    const std::size_t second = rest.find(':');
    const std::string_view fault = rest.substr(0, second);
    bool known = false;
    for (const auto &[id, name] : faultNames) {
        if (name == fault) {
            plan.fault = id;
            known = true;
        }
    }
    if (!known)
        return malformed(text, "unknown fault '" + std::string(fault) + "'");
    if (second != std::string_view::npos) {
        const std::string_view count = rest.substr(second + 1);
        const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), plan.occurrence);
        if (error != std::errc() || end != count.data() + count.size() || plan.occurrence < 1)
            return malformed(text, "N '" + std::string(count) + "' is not a whole number from 1");
    }
    return plan;
}

bool faultInjectionBuilt()
{
#if SHARESCOPE_FAULT_INJECTION
    return true;
#else
    return false;
#endif
}

Result<std::optional<FaultPlan>> faultPlanFromEnvironment()
{
#if SHARESCOPE_FAULT_INJECTION
    const char *text = std::getenv("SHARESCOPE_INJECT_FAULT");
    if (!text || !*text)
        return std::optional<FaultPlan>();
    auto plan = parseFaultPlan(text);
    if (!plan)
        return plan.error();
    return std::optional<FaultPlan>(*plan);
#else
    return std::optional<FaultPlan>();
#endif
}

} // namespace sharescope
