#include "countedpasschild.h"

#include "../countedpass.h"
#include "../trnoop.h"
#include "cudabackend.h"
#include "cudadevices.h"
#include "cupticollector.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <iostream>
#include <string_view>

namespace sharescope::cuda {
namespace {

// SHARESCOPE_COUNTER_KINDS: the CUPTI counter kinds to configure, comma
// separated ("all" or unset: every kind) - for the benchmark that tells
// which kinds cost time.
void chooseCounterKinds()
{
    const char *text = std::getenv("SHARESCOPE_COUNTER_KINDS");
    if (!text || std::string_view(text).empty() || std::string_view(text) == "all")
        return;
    std::array<bool, counterKindCount> kinds{};
    std::string_view rest(text);
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        if (const auto kind = counterKindFromName(rest.substr(0, comma)))
            kinds[static_cast<std::size_t>(*kind)] = true;
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    CuptiCollector::instance().setKinds(kinds);
}

Result<RunReport> countedRun(const ExperimentSpec &spec, EngineObserver *observer)
{
    std::vector<std::string> problems;
    const std::vector<DeviceInfo> devices = listDevices(problems);
    const auto device = std::ranges::find(devices, spec.deviceId, &DeviceInfo::id);
    if (device == devices.end())
        return unsupported(SHARESCOPE_TR_NOOP("Core", "the counted pass found no device %1"), {spec.deviceId});
    auto backend = std::make_unique<CudaBackend>(*device, Instrumentation::Counted, spec.modeInfo().needsPeer);
    if (Status opened = backend->open(); !opened)
        return opened.error();
    Engine engine(std::move(backend));
    return engine.run(spec, observer);
}

} // namespace

int runCountedPassChild()
{
    chooseCounterKinds();
    return serveCountedPass(std::cin, std::cout, countedRun);
}

} // namespace sharescope::cuda
