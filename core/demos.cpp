#include "demos.h"

#include "trnoop.h"

#include <array>

namespace sharescope {
namespace {

constexpr std::uint64_t MiB = 1ULL << 20;

constexpr std::array<std::string_view, 3> copiesCuda{"device", "pinned", "zero-copy"};
constexpr std::array<std::string_view, 3> copiesOpenCL{"cl-copy", "cl-use-host-ptr", "cl-alloc-host-ptr"};
constexpr std::array<std::string_view, 2> prefetchCuda{"managed", "managed-prefetch"};
constexpr std::array<std::string_view, 3> pagesCuda{"managed", "zero-copy", "device"};
constexpr std::array<std::string_view, 2> pagesOpenCL{"cl-copy", "cl-use-host-ptr"};
constexpr std::array<std::string_view, 4> pingPongCuda{"managed", "managed-advise", "zero-copy", "device"};
constexpr std::array<std::string_view, 3> pingPongOpenCL{"cl-copy", "cl-use-host-ptr", "cl-svm-fine"};
constexpr std::array<std::string_view, 2> processCuda{"device", "ipc"};

constexpr std::array<DemoInfo, 5> catalogue{{
    {"copies-vs-zero-copy",
     SHARESCOPE_TR_NOOP("Demos", "Copies vs zero-copy"),
     "vector-add",
     64 * MiB,
     copiesCuda,
     copiesOpenCL,
     {}},
    {"prefetch", SHARESCOPE_TR_NOOP("Demos", "Why prefetch matters"), "vector-add", 64 * MiB, prefetchCuda, {}, {}},
    {"pages-move-whole",
     SHARESCOPE_TR_NOOP("Demos", "Pages move whole (stride)"),
     "stride",
     64 * MiB,
     pagesCuda,
     pagesOpenCL,
     {}},
    {"ping-pong", SHARESCOPE_TR_NOOP("Demos", "Ping-pong and thrashing"), "ping-pong", 16 * MiB, pingPongCuda,
     pingPongOpenCL, "preferred-host"},
    {"other-process",
     SHARESCOPE_TR_NOOP("Demos", "Sharing with another process"),
     "vector-add",
     64 * MiB,
     processCuda,
     {},
     {}},
}};

} // namespace

std::span<const DemoInfo> demos()
{
    return catalogue;
}

const DemoInfo *findDemo(std::string_view id)
{
    for (const DemoInfo &demo : catalogue) {
        if (demo.id == id)
            return &demo;
    }
    return nullptr;
}

std::string demoIdList(std::string_view separator)
{
    std::string list;
    for (const DemoInfo &demo : catalogue) {
        if (!list.empty())
            list += separator;
        list += demo.id;
    }
    return list;
}

std::vector<std::string> demoModes(const DemoInfo &demo, BackendKind backend)
{
    const auto modes = backend == BackendKind::Cuda ? demo.cudaModes : demo.openclModes;
    return {modes.begin(), modes.end()};
}

ExperimentSpec demoSpec(const DemoInfo &demo, ExperimentSpec base, bool sizeGiven)
{
    base.mode.clear();
    base.kernel = std::string(demo.kernel);
    if (!sizeGiven)
        base.bytes = demo.bytes;
    base.advice = std::string(demo.advice);
    return base;
}

DemoPlan planDemo(const DemoInfo &demo, ExperimentSpec base, bool sizeGiven, const DeviceInfo &device)
{
    DemoPlan plan;
    const std::vector<std::string> modes = demoModes(demo, device.backend);
    if (modes.empty()) {
        plan.unavailable = unsupported(SHARESCOPE_TR_NOOP("Core", "the %1 demo needs a CUDA device, and %2 is %3"),
                                       {std::string(demo.id), device.id, std::string(backendName(device.backend))});
        return plan;
    }
    base.deviceId = device.id;
    plan.runs = planRuns(ReportSet::Kind::Compare, demoSpec(demo, std::move(base), sizeGiven), modes, {}, device);
    if (plan.runs.runs.empty()) {
        plan.unavailable = unsupported(SHARESCOPE_TR_NOOP("Core", "%1 can run none of the modes of the %2 demo"),
                                       {device.id, std::string(demo.id)});
    }
    return plan;
}

} // namespace sharescope
