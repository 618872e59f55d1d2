// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/countedpassrole.h"

#include "run/countedpass.h"
#include "run/devices.h"
#include "run/engine.h"
#include "trnoop.h"

#include <algorithm>
#include <iostream>

namespace sharescope {
namespace {

// The experiment's device, opened with every instrument on; only its own
// backend is asked for devices (a CUDA counted pass never starts OpenCL).
Result<RunReport> countedRun(const ExperimentSpec &spec, EngineObserver *observer)
{
    const BackendKind backend = spec.deviceId.starts_with("cuda:") ? BackendKind::Cuda : BackendKind::OpenCL;
    const DeviceList list = listDevices(backend);
    const auto device = std::ranges::find(list.devices, spec.deviceId, &DeviceInfo::id);
    if (device == list.devices.end())
        return unsupported(SHARESCOPE_TR_NOOP("Core", "the counted pass found no device %1"), {spec.deviceId});
    auto opened = openBackend(
        *device, {.counted = true, .countEveryDevice = spec.modeInfo().needsPeer(), .records = spec.records});
    if (!opened)
        return opened.error();
    Engine engine(std::move(*opened));
    return engine.run(spec, observer);
}

} // namespace

int runCountedPassRole()
{
    return serveCountedPass(std::cin, std::cout, countedRun);
}

} // namespace sharescope
