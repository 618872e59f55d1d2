#include "countedpasschild.h"

#include "../countedpass.h"
#include "../trnoop.h"
#include "cudabackend.h"
#include "cudadevices.h"

#include <algorithm>
#include <iostream>

namespace sharescope::cuda {
namespace {

Result<RunReport> countedRun(const ExperimentSpec &spec, EngineObserver *observer)
{
    std::vector<std::string> problems;
    const std::vector<DeviceInfo> devices = listDevices(problems);
    const auto device = std::ranges::find(devices, spec.deviceId, &DeviceInfo::id);
    if (device == devices.end())
        return unsupported(SHARESCOPE_TR_NOOP("Core", "the counted pass found no device %1"), {spec.deviceId});
    auto backend = std::make_unique<CudaBackend>(*device, Instrumentation::Counted);
    if (Status opened = backend->open(); !opened)
        return opened.error();
    Engine engine(std::move(backend));
    return engine.run(spec, observer);
}

} // namespace

int runCountedPassChild()
{
    return serveCountedPass(std::cin, std::cout, countedRun);
}

} // namespace sharescope::cuda
