// SPDX-License-Identifier: GPL-3.0-or-later
// The checks of the GPU: page-locked memory, NUMA, addressing mode, managed
// memory, the driver (its paths: linkchecks.cpp).
#include "doctor/checks.h"

#include "bytesize.h"
#include "system/ptracerules.h"
#include "trnoop.h"

#include <algorithm>
#include <cmath>

namespace sharescope::doctor {

using namespace detail;

namespace {

std::string cudaVersion(const int &v)
{
    return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

} // namespace

namespace {

struct MapCount
{
    std::optional<std::int64_t> allowed; // vm.max_map_count
    std::optional<std::size_t> used; // this process's mappings
    // Near the limit: a thousand more would pass 90 % of it.
    bool tight() const
    {
        return allowed && used && *allowed > 0
            && static_cast<double>(*used + 1000) > 0.9 * static_cast<double>(*allowed);
    }
};

// This process's memory mappings against vm.max_map_count, added to the evidence.
MapCount mappings(sys::SystemFiles &files, Check &check)
{
    MapCount count;
    if (const sys::FileResult text = files.read("/proc/sys/vm/max_map_count", 64); text.ok())
        count.allowed = parseInteger(*text.text);
    if (const sys::FileResult text = files.read("/proc/self/maps", 64 << 20); text.ok())
        count.used = countLines(*text.text);
    if (count.allowed && count.used)
        check.evidence.push_back(evidence("/proc/sys/vm/max_map_count, /proc/self/maps",
                                          say(SHARESCOPE_TR_NOOP("Core", "%1 mappings of the %2 allowed"),
                                              {std::to_string(*count.used), std::to_string(*count.allowed)})));
    return count;
}

// RLIMIT_MEMLOCK, which users suspect, said with what it limits (not this).
void addLockedMemoryLimit(sys::SystemFiles &files, Check &check)
{
    if (const sys::FileResult text = files.read("/proc/self/limits", 64 * 1024); text.ok()) {
        if (const auto locked = parseLimits(*text.text).lockedMemory) {
            check.evidence.push_back(
                evidence("/proc/self/limits",
                         say(SHARESCOPE_TR_NOOP("Core",
                                                "Max locked memory %1: limits RDMA (NCCL over InfiniBand, "
                                                "GPUDirect), not cudaHostAlloc or cudaHostRegister"),
                             {locked->soft == unlimited ? std::string("unlimited") : bytes(locked->soft)})));
        }
    }
}

// What the measurements said of page-locking: its cost, both copies'
// speed, and when it pays.
void addPinningEvidence(const Measurements &m, Check &check)
{
    check.evidence.push_back(answered("cudaHostAlloc " + bytes(m.pinning.bytes), m.pinning.hostAllocSeconds, seconds));
    check.evidence.push_back(
        answered("cudaHostRegister " + bytes(m.pinning.bytes), m.pinning.hostRegisterSeconds, seconds));
    check.evidence.push_back(answered(
        "sharescope run --mode pinned, to-device", m.pinnedBytesPerSecond,
        +[](const double &bps) { return formatBandwidth(bps); }));
    check.evidence.push_back(answered(
        "sharescope run --mode device, to-device", m.pageableBytesPerSecond,
        +[](const double &bps) { return formatBandwidth(bps); }));
    if (m.balance) {
        check.evidence.push_back(evidence(
            "when-pinning-pays",
            m.balance->breakEven
                ? say(SHARESCOPE_TR_NOOP("Core",
                                         "setup %1 page-locked against %2 ordinary; copies %3 against %4; "
                                         "it has paid for itself by use %5"),
                      {formatDuration(m.balance->pinnedSetupNs), formatDuration(m.balance->pageableSetupNs),
                       formatDuration(m.balance->pinnedCopiesNs), formatDuration(m.balance->pageableCopiesNs),
                       std::to_string(static_cast<int>(std::ceil(std::max(0.0, *m.balance->breakEven))))})
                : say(SHARESCOPE_TR_NOOP("Core",
                                         "setup %1 page-locked against %2 ordinary; copies %3 against %4; "
                                         "never pays"),
                      {formatDuration(m.balance->pinnedSetupNs), formatDuration(m.balance->pageableSetupNs),
                       formatDuration(m.balance->pinnedCopiesNs), formatDuration(m.balance->pageableCopiesNs)})));
    } else if (!m.balanceProblem.empty()) {
        check.evidence.push_back(
            evidence("when-pinning-pays", say(SHARESCOPE_TR_NOOP("Core", "not measured: %1"), {m.balanceProblem})));
    }
}

} // namespace

Check checkPinnedMemory(const DoctorInputs &in)
{
    if (!in.device)
        return noCudaDevice(CheckId::PinnedMemory, in);
    Check check;
    check.id = CheckId::PinnedMemory;
    // Every page-locked allocation or registration is at least one mapping.
    const MapCount mapCount = mappings(in.files, check);
    addLockedMemoryLimit(in.files, check);
    const std::optional<std::int64_t> &maxMaps = mapCount.allowed;
    const std::optional<std::size_t> &maps = mapCount.used;
    const bool mapsTight = mapCount.tight();
    if (!in.measured) {
        if (mapsTight) {
            check.verdict = Verdict::Warning;
            check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                                   "this process already has %1 of the %2 memory mappings "
                                                   "vm.max_map_count allows: every page-locked buffer adds "
                                                   "one, and cudaHostRegister then fails with out of memory"),
                                {std::to_string(*maps), std::to_string(*maxMaps)});
            check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                                  "Page-lock fewer, larger buffers, or raise "
                                                  "vm.max_map_count (sysctl -w vm.max_map_count=1048576)."));
            return check;
        }
        check.verdict = Verdict::CouldNotCheck;
        check.finding = notMeasured();
        return check;
    }
    const Measurements &m = *in.measured;
    addPinningEvidence(m, check);
    if (!m.pinning.hostAllocSeconds.value) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "cudaHostAlloc of %1 failed: %2"),
                            {bytes(m.pinning.bytes), m.pinning.hostAllocSeconds.why});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Page-locked memory comes out of the host's RAM and a "
                                              "container's memory limit: free memory, raise the limit, or "
                                              "pin smaller buffers and reuse them."));
        return check;
    }
    if (!m.pinning.hostRegisterSeconds.value) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "cudaHostRegister of %1 failed: %2"),
                            {bytes(m.pinning.bytes), m.pinning.hostRegisterSeconds.why});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Register fewer, larger buffers, and check vm.max_map_count "
                                              "and the container's memory limit."));
        return check;
    }
    if (mapsTight) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "this process already has %1 of the %2 memory mappings "
                                               "vm.max_map_count allows: every page-locked buffer adds one"),
                            {std::to_string(*maps), std::to_string(*maxMaps)});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Page-lock fewer, larger buffers, or raise vm.max_map_count "
                                              "(sysctl -w vm.max_map_count=1048576)."));
        return check;
    }
    const MessageTemplate reuse
        = say(SHARESCOPE_TR_NOOP("Core",
                                 "Page-lock once and reuse the buffers (pin_memory=True in a DataLoader "
                                 "reuses them through PyTorch's caching allocator); never pin a tensor for "
                                 "one copy."));
    if (m.pinnedBytesPerSecond.value && m.pageableBytesPerSecond.value
        && *m.pinnedBytesPerSecond.value < 1.1 * *m.pageableBytesPerSecond.value) {
        check.verdict = Verdict::Warning;
        check.finding
            = say(SHARESCOPE_TR_NOOP("Core",
                                     "copies from page-locked memory (%1) were hardly faster than "
                                     "from ordinary memory (%2): pinning costs here and saves "
                                     "little"),
                  {formatBandwidth(*m.pinnedBytesPerSecond.value), formatBandwidth(*m.pageableBytesPerSecond.value)});
        check.advice = reuse;
        return check;
    }
    if (m.balance && (!m.balance->breakEven || *m.balance->breakEven > 10)) {
        check.verdict = Verdict::Warning;
        check.finding = m.balance->breakEven
            ? say(SHARESCOPE_TR_NOOP("Core",
                                     "page-locking a buffer costs as much as %1 of its faster copies: "
                                     "pinning per batch is slower than not pinning"),
                  {std::to_string(static_cast<int>(std::ceil(*m.balance->breakEven)))})
            : say(SHARESCOPE_TR_NOOP("Core", "page-locked copies saved nothing here: pinning never pays"));
        check.advice = reuse;
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = m.pinnedBytesPerSecond.value && m.pageableBytesPerSecond.value
        ? say(SHARESCOPE_TR_NOOP("Core", "page-locking works; copies from it reach %1, from ordinary memory %2"),
              {formatBandwidth(*m.pinnedBytesPerSecond.value), formatBandwidth(*m.pageableBytesPerSecond.value)})
        : say(SHARESCOPE_TR_NOOP("Core", "page-locking works"));
    return check;
}

Check checkNuma(const DoctorInputs &in)
{
    if (!in.device)
        return noCudaDevice(CheckId::Numa, in);
    Check check;
    check.id = CheckId::Numa;
    const std::string base = "/sys/bus/pci/devices/" + in.busId;
    const sys::FileResult online = in.files.read("/sys/devices/system/node/online", 4096);
    const std::optional<std::vector<int>> nodes = online.ok() ? parseCpuList(*online.text) : std::nullopt;
    if (nodes)
        check.evidence.push_back(value("/sys/devices/system/node/online", *online.text));
    std::optional<std::int64_t> gpuNode;
    if (const sys::FileResult text = in.files.read(base + "/numa_node", 64); text.ok()) {
        gpuNode = parseInteger(*text.text);
        check.evidence.push_back(value(base + "/numa_node", *text.text));
    }
    std::optional<std::vector<int>> nearCpus;
    if (const sys::FileResult text = in.files.read(base + "/local_cpulist", 4096); text.ok()) {
        nearCpus = parseCpuList(*text.text);
        check.evidence.push_back(value(base + "/local_cpulist", *text.text));
    }
    std::optional<std::vector<int>> ownCpus;
    if (const sys::FileResult text = in.files.read("/proc/self/status", 64 * 1024); text.ok()) {
        const std::string_view status = *text.text;
        const std::size_t at = status.find("Cpus_allowed_list:");
        if (at != std::string_view::npos) {
            const std::string_view line = status.substr(at + 18, status.find('\n', at) - at - 18);
            ownCpus = parseCpuList(line);
            check.evidence.push_back(value("/proc/self/status Cpus_allowed_list", std::string(line)));
        }
    }
    if (in.gpu && in.gpu->cuda.hostNumaId.value)
        check.evidence.push_back(value("cudaDevAttrHostNumaId", std::to_string(*in.gpu->cuda.hostNumaId.value)));
    if (in.measured)
        check.evidence.push_back(in.measured->pinning.bufferNode.value
                                     ? evidence("move_pages",
                                                say(SHARESCOPE_TR_NOOP("Core", "a cudaHostAlloc buffer is on node %1"),
                                                    {integer(*in.measured->pinning.bufferNode.value)}))
                                     : answered("move_pages", in.measured->pinning.bufferNode, integer));
    if (!nodes) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "the NUMA nodes could not be read from %1 (%2)"),
                            {std::string("/sys/devices/system/node/online"),
                             online.ok() ? std::string("not a list of nodes") : fileProblem(online)});
        return check;
    }
    if (nodes->size() <= 1) {
        check.verdict = Verdict::NotApplicable;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "one NUMA node: all host memory is as near the GPU"));
        return check;
    }
    if (!gpuNode || *gpuNode < 0) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "%1 NUMA nodes, but the firmware gives the GPU none "
                                               "(numa_node -1): which memory is near it is not known"),
                            {std::to_string(nodes->size())});
        return check;
    }
    const MessageTemplate bind = say(SHARESCOPE_TR_NOOP("Core",
                                                        "Run the process on the GPU's node: numactl "
                                                        "--cpunodebind=%1 --membind=%1 python train.py"),
                                     {std::to_string(*gpuNode)});
    if (nearCpus && ownCpus && !nearCpus->empty()) {
        const bool anyNear
            = std::ranges::any_of(*ownCpus, [&](int cpu) { return std::ranges::binary_search(*nearCpus, cpu); });
        if (!anyNear) {
            check.verdict = Verdict::Warning;
            check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                                   "this process runs only on CPUs far from the GPU (node "
                                                   "%1): its page-locked buffers land on the far node, and "
                                                   "copies from them may run at a fraction of the link's "
                                                   "speed"),
                                {std::to_string(*gpuNode)});
            check.advice = bind;
            return check;
        }
    }
    if (in.measured && in.measured->pinning.bufferNode.value && *in.measured->pinning.bufferNode.value != *gpuNode) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "a page-locked buffer allocated here landed on node %1, the "
                                               "GPU is on node %2: copies cross from one processor to the other"),
                            {std::to_string(*in.measured->pinning.bufferNode.value), std::to_string(*gpuNode)});
        check.advice = bind;
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = say(SHARESCOPE_TR_NOOP("Core", "the GPU is on node %1, and this process runs near it"),
                        {std::to_string(*gpuNode)});
    return check;
}

namespace {

// The kernel's configuration, from /boot/config-RELEASE, else /proc/config.gz,
// and where it was read; nothing where neither is readable.
std::optional<std::pair<std::map<std::string, std::string>, std::string>> kernelConfig(sys::SystemFiles &files)
{
    if (const sys::FileResult release = files.read("/proc/sys/kernel/osrelease", 256); release.ok()) {
        std::string name = *release.text;
        while (!name.empty() && (name.back() == '\n' || name.back() == ' '))
            name.pop_back();
        if (const sys::FileResult text = files.read("/boot/config-" + name, 4 << 20); text.ok())
            return std::pair{parseKernelConfig(*text.text), "/boot/config-" + name};
    }
    if (const sys::FileResult packed = files.read("/proc/config.gz", 4 << 20); packed.ok()) {
        if (const auto text = gunzip(*packed.text))
            return std::pair{parseKernelConfig(*text), std::string("/proc/config.gz")};
    }
    return std::nullopt;
}

// With addressing mode None: which prerequisite of HMM is missing, of
// those this process can read, each read added to the check's evidence.
std::vector<MessageTemplate> missingForHmm(const DoctorInputs &in, Check &check)
{
    std::vector<MessageTemplate> missing;
    const sys::PtraceRules rules = sys::readPtraceRules(in.files);
    if (rules.kernel) {
        check.evidence.push_back(value("/proc/sys/kernel/osrelease", sys::kernelText(*rules.kernel)));
        const sys::KernelVersion k = *rules.kernel;
        if (k < sys::KernelVersion{6, 1, 24} || (k.major == 6 && k.minor == 2 && k.patch < 11))
            missing.push_back(
                say(SHARESCOPE_TR_NOOP("Core", "Linux %1 (HMM needs 6.1.24 or later)"), {sys::kernelText(k)}));
    }
    if (const sys::FileResult text = in.files.read("/proc/driver/nvidia/version", 4096); text.ok()) {
        if (const auto module = parseNvidiaVersion(*text.text)) {
            check.evidence.push_back(evidence(
                "/proc/driver/nvidia/version",
                module->open ? say(SHARESCOPE_TR_NOOP("Core", "%1, the open module"), {module->version})
                             : say(SHARESCOPE_TR_NOOP("Core", "%1, the proprietary module"), {module->version})));
            if (!module->open)
                missing.push_back(say(SHARESCOPE_TR_NOOP("Core",
                                                         "the proprietary kernel module (HMM needs the open "
                                                         "one)")));
        }
    }
    const std::string disableHmm = "/sys/module/nvidia_uvm/parameters/uvm_disable_hmm";
    if (const sys::FileResult text = in.files.read(disableHmm, 64); text.ok()) {
        check.evidence.push_back(value(disableHmm, *text.text));
        if (parseModuleBool(*text.text).value_or(false))
            missing.push_back(say(SHARESCOPE_TR_NOOP("Core", "uvm_disable_hmm=Y (nvidia_uvm's option)")));
    }
    if (const auto config = kernelConfig(in.files)) {
        const auto &[options, configSource] = *config;
        std::string seen;
        for (const char *option : {"CONFIG_HMM_MIRROR", "CONFIG_DEVICE_PRIVATE", "CONFIG_ZONE_DEVICE"}) {
            const auto found = options.find(option);
            const std::string state = found == options.end() ? "?" : found->second;
            seen += (seen.empty() ? "" : ", ") + std::string(option) + "=" + state;
            if (state != "y")
                missing.push_back(
                    say(SHARESCOPE_TR_NOOP("Core", "%1 is not set in the kernel"), {std::string(option)}));
        }
        check.evidence.push_back(value(configSource, seen));
    } else {
        check.evidence.push_back(
            evidence("/boot/config-*, /proc/config.gz",
                     say(SHARESCOPE_TR_NOOP("Core", "the kernel's configuration is not readable"))));
    }
    return missing;
}

} // namespace

Check checkAddressingMode(const DoctorInputs &in)
{
    if (!in.device)
        return noCudaDevice(CheckId::AddressingMode, in);
    Check check;
    check.id = CheckId::AddressingMode;
    const cuda::NvmlFacts nvml = in.gpu ? in.gpu->nvml : cuda::NvmlFacts{};
    const cuda::CudaFacts cudaFacts = in.gpu ? in.gpu->cuda : cuda::CudaFacts{};
    static const char *const modes[] = {"None", "HMM", "ATS"};
    check.evidence.push_back(answered<unsigned>(
        "nvmlDeviceGetAddressingMode", nvml.addressingMode,
        +[](const unsigned &m) { return m < 3 ? std::string(modes[m]) : std::to_string(m); }));
    check.evidence.push_back(answered("cudaDevAttrPageableMemoryAccess", cudaFacts.pageableMemoryAccess, integer));
    check.evidence.push_back(
        answered("cudaDevAttrPageableMemoryAccessUsesHostPageTables", cudaFacts.usesHostPageTables, integer));
    std::optional<unsigned> mode = nvml.addressingMode.value;
    if (!mode && cudaFacts.pageableMemoryAccess.value)
        mode = *cudaFacts.pageableMemoryAccess.value == 0    ? 0u
            : cudaFacts.usesHostPageTables.value.value_or(0) ? 2u
                                                             : 1u;
    if (!mode) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "neither NVML nor CUDA said the addressing mode"));
        return check;
    }
    if (*mode == 1 || *mode == 2) {
        check.verdict = Verdict::Ok;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "%1: the GPU reaches ordinary (pageable) host memory"),
                            {std::string(modes[*mode])});
        return check;
    }
    // None: which prerequisite of HMM is missing, of those this process can read.
    const std::vector<MessageTemplate> missing = missingForHmm(in, check);
    check.verdict = Verdict::Warning;
    const MessageTemplate useManaged
        = say(SHARESCOPE_TR_NOOP("Core",
                                 "Kernels here cannot read malloc'd or numpy memory: use cudaMallocManaged, "
                                 "page-locked memory or explicit copies."));
    if (missing.empty()) {
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "addressing mode None, although every prerequisite of HMM "
                                               "that could be read holds"));
        check.advice = useManaged;
        return check;
    }
    MessageTemplate list = missing.front();
    for (std::size_t i = 1; i < missing.size(); ++i)
        list = say(SHARESCOPE_TR_NOOP("Core", "%1; %2"), {list, missing[i]});
    check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                           "addressing mode None: the GPU cannot reach ordinary host memory, "
                                           "because %1"),
                        {list});
    check.advice = useManaged;
    return check;
}

Check checkManagedMemory(const DoctorInputs &in)
{
    if (!in.device)
        return noCudaDevice(CheckId::ManagedMemory, in);
    Check check;
    check.id = CheckId::ManagedMemory;
    const cuda::CudaFacts facts = in.gpu ? in.gpu->cuda : cuda::CudaFacts{};
    check.evidence.push_back(answered("cudaDevAttrManagedMemory", facts.managedMemory, integer));
    check.evidence.push_back(answered("cudaDevAttrConcurrentManagedAccess", facts.concurrentManagedAccess, integer));
    if (facts.freeBytes.value && facts.totalBytes.value)
        check.evidence.push_back(evidence("cudaMemGetInfo",
                                          say(SHARESCOPE_TR_NOOP("Core", "%1 free of %2"),
                                              {bytes(*facts.freeBytes.value), bytes(*facts.totalBytes.value)})));
    if (in.measured && in.measured->managedProblem)
        check.evidence.push_back(
            evidence("cudaMallocManaged, cudaMemset",
                     in.measured->managedProblem->empty()
                         ? say(SHARESCOPE_TR_NOOP("Core", "worked"))
                         : say(SHARESCOPE_TR_NOOP("Core", "failed: %1"), {*in.measured->managedProblem})));
    if (!facts.managedMemory.value) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "CUDA did not say whether the device has managed memory: %1"),
                            {facts.problem.empty() ? facts.managedMemory.why : facts.problem});
        return check;
    }
    if (*facts.managedMemory.value == 0) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "the device has no managed memory"));
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Use explicit copies (cudaMalloc and cudaMemcpy) on this "
                                              "device."));
        return check;
    }
    if (in.measured && in.measured->managedProblem && !in.measured->managedProblem->empty()) {
        check.verdict = Verdict::Problem;
        check.finding
            = say(SHARESCOPE_TR_NOOP("Core", "managed memory did not work: %1"), {*in.measured->managedProblem});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Look at the driver's messages (dmesg) and at nvidia_uvm: "
                                              "managed memory needs the nvidia_uvm module loaded."));
        return check;
    }
    if (facts.concurrentManagedAccess.value.value_or(0) == 0) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "no concurrent managed access: the CPU must not touch managed "
                                               "memory while a kernel runs (it faults), and managed memory "
                                               "cannot be larger than the GPU's"));
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Synchronize before the CPU touches managed memory, or use "
                                              "explicit copies (Windows, WSL and GPUs before Pascal work "
                                              "this way)."));
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = facts.freeBytes.value
        ? say(SHARESCOPE_TR_NOOP("Core",
                                 "managed memory works with concurrent access; beyond the %1 free, "
                                 "allocations oversubscribe the GPU and pages move back and forth"),
              {bytes(*facts.freeBytes.value)})
        : say(SHARESCOPE_TR_NOOP("Core", "managed memory works with concurrent access"));
    return check;
}

Check checkDriver(const DoctorInputs &in)
{
    if (!in.device)
        return noCudaDevice(CheckId::Driver, in);
    Check check;
    check.id = CheckId::Driver;
    const cuda::NvmlFacts nvml = in.gpu ? in.gpu->nvml : cuda::NvmlFacts{};
    const cuda::CudaFacts facts = in.gpu ? in.gpu->cuda : cuda::CudaFacts{};
    std::optional<std::string> moduleVersion;
    if (const sys::FileResult text = in.files.read("/proc/driver/nvidia/version", 4096); text.ok()) {
        if (const auto module = parseNvidiaVersion(*text.text)) {
            moduleVersion = module->version;
            check.evidence.push_back(value("/proc/driver/nvidia/version", module->version));
        }
    }
    if (!nvml.problem.empty())
        check.evidence.push_back(evidence("NVML", say(SHARESCOPE_TR_NOOP("Core", "not reported: %1"), {nvml.problem})));
    check.evidence.push_back(answered<std::string>(
        "nvmlSystemGetDriverVersion", nvml.driverVersion, +[](const std::string &v) { return v; }));
    check.evidence.push_back(answered("cudaDriverGetVersion", facts.driverVersion, cudaVersion));
    check.evidence.push_back(answered("cudaRuntimeGetVersion", facts.runtimeVersion, cudaVersion));
    check.evidence.push_back(answered<unsigned>(
        "nvmlDeviceGetPersistenceMode", nvml.persistenceMode,
        +[](const unsigned &m) { return std::string(m ? "on" : "off"); }));
    if (nvml.smMHz.value)
        check.evidence.push_back(
            evidence("nvmlDeviceGetClockInfo",
                     say(SHARESCOPE_TR_NOOP("Core", "SM %1 MHz before the checks ran"), {number(*nvml.smMHz.value)})));
    check.evidence.push_back(answered(
        "nvmlDeviceGetMaxClockInfo", nvml.maxSmMHz,
        +[](const unsigned &mhz) { return "SM " + std::to_string(mhz) + " MHz"; }));
    if (in.measured && in.measured->loadMHz.value)
        check.evidence.push_back(evidence(
            "sharescope run --mode pinned",
            say(SHARESCOPE_TR_NOOP("Core", "SM %1 MHz under its load"), {number(*in.measured->loadMHz.value)})));
    else if (in.measured)
        check.evidence.push_back(answered("sharescope run --mode pinned", in.measured->loadMHz, number));
    if (moduleVersion && nvml.driverVersion.value && *moduleVersion != *nvml.driverVersion.value) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the kernel module is %1 but NVML is %2: \"Driver/library "
                                               "version mismatch\""),
                            {*moduleVersion, *nvml.driverVersion.value});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "The driver was updated without reloading its module: "
                                              "reboot (or unload and load nvidia's modules)."));
        return check;
    }
    if (facts.driverVersion.value && facts.runtimeVersion.value
        && *facts.runtimeVersion.value > *facts.driverVersion.value) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the CUDA runtime %1 is newer than the driver's CUDA %2: "
                                               "cudaErrorInsufficientDriver"),
                            {cudaVersion(*facts.runtimeVersion.value), cudaVersion(*facts.driverVersion.value)});
        check.advice = say(SHARESCOPE_TR_NOOP("Core", "Install a newer driver, or use a build for an older CUDA."));
        return check;
    }
    if (nvml.persistenceMode.value == 0u) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "persistence mode is off: every process that starts CUDA "
                                               "waits for the driver to set the GPU up"));
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Run the persistence daemon: systemctl enable --now "
                                              "nvidia-persistenced."));
        return check;
    }
    if (in.measured && in.measured->loadMHz.value && nvml.maxSmMHz.value
        && *in.measured->loadMHz.value < 0.8 * *nvml.maxSmMHz.value) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the SM clock reached %1 MHz under load, below its %2 MHz: "
                                               "power or heat holds it down"),
                            {std::to_string(*in.measured->loadMHz.value), std::to_string(*nvml.maxSmMHz.value)});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Look at nvidia-smi -q -d PERFORMANCE for the reason (power "
                                              "cap, thermal slowdown)."));
        return check;
    }
    if (!facts.driverVersion.value && !nvml.driverVersion.value) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "neither NVML nor CUDA gave the driver's version"));
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = say(SHARESCOPE_TR_NOOP("Core", "driver %1 (CUDA %2), runtime %3; versions agree"),
                        {nvml.driverVersion.value.value_or(moduleVersion.value_or("?")),
                         facts.driverVersion.value ? cudaVersion(*facts.driverVersion.value) : std::string("?"),
                         facts.runtimeVersion.value ? cudaVersion(*facts.runtimeVersion.value) : std::string("?")});
    return check;
}

} // namespace sharescope::doctor
