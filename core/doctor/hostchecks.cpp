// SPDX-License-Identifier: GPL-3.0-or-later
// The checks of the host alone: shared memory, open files, descriptors
// between processes, namespaces, MPS.
#include "doctor/checks.h"

#include "bytesize.h"
#include "system/ptracerules.h"
#include "trnoop.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace sharescope::doctor {

using namespace detail;

namespace {

// The signs that this process runs in a container, each named; none of
// them is proof alone (a VM may carry /.dockerenv).
std::vector<std::string> containerSigns(const DoctorInputs &in)
{
    std::vector<std::string> signs;
    sys::SystemFiles &files = in.files;
    if (files.read("/.dockerenv", 0).ok())
        signs.emplace_back("/.dockerenv");
    if (files.read("/run/.containerenv", 0).ok())
        signs.emplace_back("/run/.containerenv");
    if (const sys::FileResult cgroup = files.read("/proc/1/cgroup", 64 * 1024); cgroup.ok()) {
        for (const std::string &hint : containerHints(*cgroup.text))
            signs.push_back("/proc/1/cgroup: " + hint);
    }
    if (in.probe.environment("KUBERNETES_SERVICE_HOST"))
        signs.emplace_back("KUBERNETES_SERVICE_HOST");
    if (const sys::FileResult mounts = files.read("/proc/self/mountinfo", 4 << 20); mounts.ok()) {
        const std::vector<MountEntry> entries = parseMountinfo(*mounts.text);
        if (const MountEntry *root = mountAt(entries, "/"); root && root->fsType == "overlay")
            signs.emplace_back("/ is an overlay");
    }
    if (const sys::FileResult link = files.readLink("/proc/self/ns/pid"); link.ok()) {
        if (const auto inode = parseNamespaceLink(*link.text, "pid"); inode && *inode != initialPidNamespace)
            signs.emplace_back("own PID namespace");
    }
    return signs;
}

std::string joined(const std::vector<std::string> &items)
{
    std::string text;
    for (const std::string &item : items)
        text += (text.empty() ? "" : ", ") + item;
    return text;
}

MessageTemplate planText(const DoctorPlan &plan)
{
    return say(SHARESCOPE_TR_NOOP("Core", "%1 workers × %2 batches in flight × %3, a quarter more, and 64 MiB"),
               {std::to_string(plan.workers), std::to_string(plan.prefetch), bytes(plan.batchBytes)});
}

} // namespace

Check checkSharedMemory(const DoctorInputs &in)
{
    const CheckId id = CheckId::SharedMemory;
    const std::uint64_t need = sharedMemoryNeed(in.plan);
    const std::vector<std::string> signs = containerSigns(in);
    const auto space = in.files.space("/dev/shm");
    const sys::FileResult mounts = in.files.read("/proc/self/mountinfo", 4 << 20);
    const MountEntry *shm = nullptr;
    std::vector<MountEntry> entries;
    if (mounts.ok()) {
        entries = parseMountinfo(*mounts.text);
        shm = mountAt(entries, "/dev/shm");
    }
    Check check;
    check.id = id;
    if (space) {
        check.evidence.push_back(evidence("statvfs(/dev/shm)",
                                          say(SHARESCOPE_TR_NOOP("Core", "%1 in all, %2 free"),
                                              {bytes(space->totalBytes), bytes(space->freeBytes)})));
    }
    if (shm) {
        check.evidence.push_back(value("/proc/self/mountinfo", "/dev/shm " + shm->fsType + " " + shm->options));
    } else if (mounts.ok()) {
        check.evidence.push_back(evidence(
            "/proc/self/mountinfo", say(SHARESCOPE_TR_NOOP("Core", "no mount at %1"), {std::string("/dev/shm")})));
    } else {
        check.evidence.push_back(
            evidence("/proc/self/mountinfo", say(SHARESCOPE_TR_NOOP("Core", "not read: %1"), {fileProblem(mounts)})));
    }
    check.evidence.push_back(evidence(
        "--workers, --batch", say(SHARESCOPE_TR_NOOP("Core", "needs %1: %2"), {bytes(need), planText(in.plan)})));
    check.evidence.push_back(
        evidence("/.dockerenv, /run/.containerenv, /proc/1/cgroup, /proc/self/ns/pid",
                 signs.empty() ? say(SHARESCOPE_TR_NOOP("Core", "no sign of a container"))
                               : say(SHARESCOPE_TR_NOOP("Core", "signs of a container: %1"), {joined(signs)})));
    const MessageTemplate fixContainer
        = say(SHARESCOPE_TR_NOOP("Core",
                                 "Give the container more shared memory: docker run --shm-size=8g (or "
                                 "--ipc=host); in Kubernetes, mount an emptyDir with medium: Memory at "
                                 "/dev/shm. Or use fewer workers or smaller batches."));
    const MessageTemplate fixHost
        = say(SHARESCOPE_TR_NOOP("Core",
                                 "Enlarge /dev/shm (as root: mount -o remount,size=8G /dev/shm, and in "
                                 "/etc/fstab to keep it), or use fewer workers or smaller batches."));
    const MessageTemplate &fix = signs.empty() ? fixHost : fixContainer;
    if (!space) {
        if (mounts.ok() && !shm) {
            check.verdict = Verdict::Problem;
            check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                                   "there is no /dev/shm: worker processes have no shared "
                                                   "memory to hand tensors over in"));
            check.advice = fix;
            return check;
        }
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "the size of /dev/shm could not be read"));
        return check;
    }
    if (space->totalBytes < need) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "/dev/shm holds %1, less than the %2 the workers need: they "
                                               "die with a bus error"),
                            {bytes(space->totalBytes), bytes(need)});
        check.advice = fix;
    } else if (space->freeBytes < need) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "only %1 of /dev/shm is free, less than the %2 the workers "
                                               "need: something else holds the rest"),
                            {bytes(space->freeBytes), bytes(need)});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Look in /dev/shm (ls -la /dev/shm) for files left by "
                                              "programs that ended (torch_*, nccl-*) and remove them."));
    } else if (!signs.empty() && space->totalBytes < (1ULL << 30)) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "a container whose /dev/shm holds %1 (Docker gives 64 MiB): "
                                               "enough for this plan, not for many more workers or larger "
                                               "batches"),
                            {bytes(space->totalBytes)});
        check.advice = fixContainer;
    } else {
        check.verdict = Verdict::Ok;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "/dev/shm has %1 free, the workers need %2"),
                            {bytes(space->freeBytes), bytes(need)});
    }
    return check;
}

Check checkOpenFiles(const DoctorInputs &in)
{
    Check check;
    check.id = CheckId::OpenFiles;
    const sys::FileResult text = in.files.read("/proc/self/limits", 64 * 1024);
    ProcessLimits parsed;
    if (text.ok())
        parsed = parseLimits(*text.text);
    const std::uint64_t need = descriptorNeed(in.plan);
    if (!parsed.openFiles) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "the open-file limit could not be read"));
        check.evidence.push_back(evidence("/proc/self/limits",
                                          text.ok()
                                              ? say(SHARESCOPE_TR_NOOP("Core", "no Max open files line"))
                                              : say(SHARESCOPE_TR_NOOP("Core", "not read: %1"), {fileProblem(text)})));
        return check;
    }
    const Limit limit = *parsed.openFiles;
    const auto shown = [](std::uint64_t n) { return n == unlimited ? std::string("unlimited") : std::to_string(n); };
    check.evidence.push_back(evidence(
        "/proc/self/limits",
        say(SHARESCOPE_TR_NOOP("Core", "Max open files: soft %1, hard %2"), {shown(limit.soft), shown(limit.hard)})));
    if (const auto open = in.files.list("/proc/self/fd"))
        check.evidence.push_back(
            evidence("/proc/self/fd", say(SHARESCOPE_TR_NOOP("Core", "%1 open now"), {std::to_string(open->size())})));
    check.evidence.push_back(
        evidence("torch.multiprocessing file_descriptor",
                 say(SHARESCOPE_TR_NOOP("Core",
                                        "needs about %1: one per tensor of each batch in flight (16 a batch), a few "
                                        "per worker, 256 of the process's own"),
                     {std::to_string(need)})));
    const MessageTemplate raise = limit.hard >= need
        ? say(SHARESCOPE_TR_NOOP("Core",
                                 "Raise the soft limit up to the hard one (%1) before starting: ulimit -n %1, "
                                 "or in Python resource.setrlimit(resource.RLIMIT_NOFILE, (%1, %1)). Or call "
                                 "torch.multiprocessing.set_sharing_strategy('file_system')."),
              {shown(std::min<std::uint64_t>(limit.hard, 1 << 20))})
        : say(SHARESCOPE_TR_NOOP("Core",
                                 "Raise the hard limit (docker run --ulimit nofile=65536:65536, or nofile in "
                                 "/etc/security/limits.conf), or call "
                                 "torch.multiprocessing.set_sharing_strategy('file_system')."));
    if (limit.soft < need) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the open-file limit is %1, below the %2 descriptors the "
                                               "workers keep open: \"received 0 items of ancdata\""),
                            {shown(limit.soft), std::to_string(need)});
        check.advice = raise;
    } else if (limit.soft < 4096) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the open-file limit is %1: enough for this plan, tight for "
                                               "more workers or tensors"),
                            {shown(limit.soft)});
        check.advice = raise;
    } else {
        check.verdict = Verdict::Ok;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "the open-file limit is %1, the workers need about %2"),
                            {shown(limit.soft), std::to_string(need)});
    }
    return check;
}

namespace {

// Why pidfd_getfd refused, in the words of this check (the reasons of
// system/ptracerules.h, said for processes sharing tensors).
MessageTemplate refusalReason(sys::TakeRefusal refusal, const sys::PtraceRules &rules, int error)
{
    switch (refusal) {
    case sys::TakeRefusal::KernelTooOld:
        return say(SHARESCOPE_TR_NOOP("Core", "the kernel (%1) has no pidfd_getfd, which came with Linux 5.6"),
                   {rules.kernel ? sys::kernelText(*rules.kernel) : std::string("?")});
    case sys::TakeRefusal::Seccomp:
        return say(SHARESCOPE_TR_NOOP("Core",
                                      "a seccomp filter refuses it (Seccomp: %1, no CAP_SYS_PTRACE), as "
                                      "Docker's default profile does"),
                   {std::to_string(rules.self.seccompMode.value_or(-1))});
    case sys::TakeRefusal::Yama:
        return say(SHARESCOPE_TR_NOOP("Core",
                                      "Yama's ptrace_scope is %1: 1 lets a process take only from its own "
                                      "descendants, 2 needs CAP_SYS_PTRACE, 3 forbids it"),
                   {std::to_string(rules.yamaScope.value_or(-1))});
    case sys::TakeRefusal::OtherUser:
        return say(SHARESCOPE_TR_NOOP("Core", "the processes run as different users"));
    case sys::TakeRefusal::Gone:
    case sys::TakeRefusal::NoSuchDescriptor:
    case sys::TakeRefusal::Other:
        break;
    }
    return say(SHARESCOPE_TR_NOOP("Core",
                                  "refused with %1, for a reason this process cannot see (a security "
                                  "module, a process that is not dumpable)"),
               {std::string(strerrorname_np(error) ? strerrorname_np(error) : "?")});
}

std::string errnoText(int error)
{
    const char *name = strerrorname_np(error);
    return std::string(name ? name : "errno " + std::to_string(error)) + " (" + std::strerror(error) + ")";
}

} // namespace

Check checkDescriptorPassing(const DoctorInputs &in)
{
    Check check;
    check.id = CheckId::DescriptorPassing;
    const sys::PtraceRules rules = sys::readPtraceRules(in.files);
    check.evidence.push_back(evidence("/proc/sys/kernel/yama/ptrace_scope",
                                      rules.yamaScope ? MessageTemplate(std::to_string(*rules.yamaScope))
                                                      : say(SHARESCOPE_TR_NOOP("Core", "no Yama (no such file)"))));
    if (rules.self.seccompMode) {
        check.evidence.push_back(evidence(
            "/proc/self/status",
            rules.self.capSysPtrace() ? say(SHARESCOPE_TR_NOOP("Core", "Seccomp: %1; CapEff has CAP_SYS_PTRACE"),
                                            {std::to_string(*rules.self.seccompMode)})
                                      : say(SHARESCOPE_TR_NOOP("Core", "Seccomp: %1; CapEff lacks CAP_SYS_PTRACE"),
                                            {std::to_string(*rules.self.seccompMode)})));
    }
    if (rules.kernel)
        check.evidence.push_back(value("/proc/sys/kernel/osrelease", sys::kernelText(*rules.kernel)));
    if (!in.descriptors || (!in.descriptors->selfError && !in.descriptors->problem.empty())) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "the trial with a child process could not run: %1"),
                            {in.descriptors ? in.descriptors->problem : std::string("-")});
        return check;
    }
    const DescriptorTrial &trial = *in.descriptors;
    const auto tried = [&](const char *call, const char *what, const std::optional<int> &error) {
        const MessageTemplate outcome = !error ? say(SHARESCOPE_TR_NOOP("Core", "not tried"))
            : *error == 0                      ? say(SHARESCOPE_TR_NOOP("Core", "taken, the same file"))
                                               : say(SHARESCOPE_TR_NOOP("Core", "refused: %1"), {errnoText(*error)});
        check.evidence.push_back(evidence(call, say(what, {outcome})));
    };
    tried("pidfd_getfd", SHARESCOPE_TR_NOOP("Core", "a descriptor of this process itself: %1"), trial.selfError);
    tried("pidfd_getfd", SHARESCOPE_TR_NOOP("Core", "the parent takes one of its child's: %1"), trial.fromChildError);
    tried("pidfd_getfd", SHARESCOPE_TR_NOOP("Core", "the child takes one of its parent's: %1"), trial.fromParentError);
    tried("SCM_RIGHTS", SHARESCOPE_TR_NOOP("Core", "the child sends one to its parent: %1"), trial.socketError);

    const bool socketWorks = trial.socketError == 0;
    const MessageTemplate fix = socketWorks
        ? say(SHARESCOPE_TR_NOOP("Core",
                                 "Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False in the "
                                 "processes that share CUDA tensors, or start the container "
                                 "with --cap-add=SYS_PTRACE. Passing descriptors over a Unix "
                                 "socket (SCM_RIGHTS) works here."))
        : say(SHARESCOPE_TR_NOOP("Core",
                                 "Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False in the "
                                 "processes that share CUDA tensors, or start the container "
                                 "with --cap-add=SYS_PTRACE."));
    // The first refusal decides: itself (seccomp, the kernel), then the
    // child taking from its parent (Yama 1), then the parent from its child.
    struct Step
    {
        const std::optional<int> &error;
        bool targetIsDescendant;
        const char *finding;
    };
    const Step steps[] = {
        {trial.selfError, true,
         SHARESCOPE_TR_NOOP("Core",
                            "pidfd_getfd is refused even on this process's own descriptors: %1; PyTorch's "
                            "expandable segments cannot be shared")},
        {trial.fromParentError, false,
         SHARESCOPE_TR_NOOP("Core",
                            "a process cannot take its parent's descriptors: %1; CUDA tensors from "
                            "expandable segments fail to reach the processes a program starts "
                            "(\"pidfd_getfd: Operation not permitted\")")},
        {trial.fromChildError, true,
         SHARESCOPE_TR_NOOP("Core",
                            "a process cannot take its child's descriptors: %1; CUDA tensors from "
                            "expandable segments fail between processes")},
    };
    for (const Step &step : steps) {
        if (!step.error || *step.error == 0)
            continue;
        const sys::TakeRefusal refusal
            = sys::explainTakeRefusal(*step.error, rules, rules.self, step.targetIsDescendant);
        check.verdict = Verdict::Problem;
        check.finding = say(step.finding, {refusalReason(refusal, rules, *step.error)});
        check.advice = fix;
        return check;
    }
    if (trial.socketError && *trial.socketError != 0) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "a descriptor sent over a Unix socket did not arrive: %1"),
                            {errnoText(*trial.socketError)});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Check the open-file limit (ulimit -n) and the security "
                                              "profile of the container."));
        return check;
    }
    if (!trial.fromParentError || !trial.fromChildError) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding
            = say(SHARESCOPE_TR_NOOP("Core", "the child process did not finish the trial: %1"), {trial.problem});
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                           "pidfd_getfd works both ways between a process and its child, "
                                           "and so does SCM_RIGHTS"));
    return check;
}

Check checkLegacyIpc(const DoctorInputs &in)
{
    Check check;
    check.id = CheckId::LegacyIpc;
    std::optional<std::uint64_t> ownPid;
    std::optional<std::uint64_t> ownIpc;
    for (const auto &[kind, into] : {std::pair{"pid", &ownPid}, std::pair{"ipc", &ownIpc}}) {
        const std::string path = std::string("/proc/self/ns/") + kind;
        const sys::FileResult link = in.files.readLink(path);
        if (link.ok()) {
            *into = parseNamespaceLink(*link.text, kind);
            check.evidence.push_back(value(path, *link.text));
        } else {
            check.evidence.push_back(
                evidence(path, say(SHARESCOPE_TR_NOOP("Core", "not read: %1"), {fileProblem(link)})));
        }
    }
    const bool ownNamespace = (ownPid && *ownPid != initialPidNamespace) || (ownIpc && *ownIpc != initialIpcNamespace);
    const MessageTemplate shareFix
        = say(SHARESCOPE_TR_NOOP("Core",
                                 "Run the processes that share CUDA memory in one container, or start their "
                                 "containers with --ipc=host --pid=host (or --ipc=container:NAME "
                                 "--pid=container:NAME). Descriptors of expandable segments need neither."));
    // A given peer: is it in the same namespaces?
    if (in.options.peerPid) {
        const std::string pid = std::to_string(*in.options.peerPid);
        for (const char *kind : {"pid", "ipc"}) {
            const std::string path = "/proc/" + pid + "/ns/" + kind;
            const sys::FileResult link = in.files.readLink(path);
            const std::optional<std::uint64_t> &own = std::string_view(kind) == "pid" ? ownPid : ownIpc;
            if (!link.ok()) {
                check.evidence.push_back(
                    evidence(path, say(SHARESCOPE_TR_NOOP("Core", "not read: %1"), {fileProblem(link)})));
                if (link.problem == sys::FileProblem::Missing) {
                    check.verdict = Verdict::Problem;
                    check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                                           "process %1 is not visible from here: it runs in "
                                                           "another PID namespace (another container), where "
                                                           "legacy CUDA IPC handles do not open"),
                                        {pid});
                    check.advice = shareFix;
                    return check;
                }
                check.verdict = Verdict::CouldNotCheck;
                check.finding = say(SHARESCOPE_TR_NOOP("Core", "the namespaces of process %1 could not be read: %2"),
                                    {pid, fileProblem(link)});
                return check;
            }
            check.evidence.push_back(value(path, *link.text));
            const auto theirs = parseNamespaceLink(*link.text, kind);
            if (own && theirs && *own != *theirs) {
                check.verdict = Verdict::Problem;
                check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                                       "process %1 runs in another %2 namespace: a legacy "
                                                       "CUDA IPC handle from one does not open in the other "
                                                       "(\"invalid device context\", \"invalid argument\")"),
                                    {pid, std::string(kind)});
                check.advice = shareFix;
                return check;
            }
        }
    }
    if (!in.device)
        return noCudaDevice(check.id, in);
    if (in.measured) {
        const cuda::Answer<double> &open = in.measured->ipcOpenSeconds;
        check.evidence.push_back(
            evidence("sharescope run --mode ipc",
                     open.value ? say(SHARESCOPE_TR_NOOP("Core", "a handle exported here opened in a child in %1"),
                                      {formatDuration(static_cast<std::uint64_t>(*open.value * 1e9))})
                                : say(SHARESCOPE_TR_NOOP("Core", "failed: %1"), {open.why})));
        if (!open.value) {
            check.verdict = Verdict::Problem;
            check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                                   "a legacy CUDA IPC handle did not open in a child of "
                                                   "this process: %1"),
                                {open.why});
            check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                                  "Check the compute mode (Exclusive_Process refuses the "
                                                  "second process) and the MPS daemon, below."));
            return check;
        }
    }
    if (ownNamespace) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "this process has PID or IPC namespaces of its own (a "
                                               "container): legacy CUDA IPC handles open only in processes "
                                               "of the same namespaces"));
        check.advice = shareFix;
        return check;
    }
    if (!in.measured) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = notMeasured();
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = say(SHARESCOPE_TR_NOOP("Core", "a legacy CUDA IPC handle opens in another process here"));
    return check;
}

Check checkMps(const DoctorInputs &in)
{
    Check check;
    check.id = CheckId::Mps;
    const std::optional<std::string> pipeVariable = in.probe.environment("CUDA_MPS_PIPE_DIRECTORY");
    const std::string directory = pipeVariable.value_or("/tmp/nvidia-mps");
    const auto names = in.files.list(directory);
    const bool control = names && std::ranges::find(*names, "control") != names->end();
    std::optional<std::int64_t> daemon;
    bool alive = false;
    if (names) {
        check.evidence.push_back(evidence(directory,
                                          control ? say(SHARESCOPE_TR_NOOP("Core", "holds a control socket"))
                                                  : say(SHARESCOPE_TR_NOOP("Core", "no control socket"))));
        if (const sys::FileResult pid = in.files.read(directory + "/nvidia-cuda-mps-control.pid", 64); pid.ok()) {
            daemon = parseInteger(*pid.text);
            if (daemon && *daemon > 0) {
                const std::string comm = "/proc/" + std::to_string(*daemon) + "/comm";
                const sys::FileResult name = in.files.read(comm, 64);
                alive = name.ok() && name.text->starts_with("nvidia-cuda-mps");
                check.evidence.push_back(
                    name.ok() ? value(comm, *name.text)
                              : evidence(comm, say(SHARESCOPE_TR_NOOP("Core", "not read: %1"), {fileProblem(name)})));
            }
        }
    } else {
        check.evidence.push_back(evidence(directory, say(SHARESCOPE_TR_NOOP("Core", "no such folder"))));
    }
    if (pipeVariable)
        check.evidence.push_back(value("CUDA_MPS_PIPE_DIRECTORY", *pipeVariable));
    std::optional<unsigned> computeMode;
    if (in.gpu && in.gpu->nvml.computeMode.value)
        computeMode = in.gpu->nvml.computeMode.value;
    else if (in.gpu && in.gpu->cuda.computeMode.value)
        computeMode = static_cast<unsigned>(*in.gpu->cuda.computeMode.value);
    static const char *const modeNames[] = {"Default", "Exclusive_Thread", "Prohibited", "Exclusive_Process"};
    if (computeMode)
        check.evidence.push_back(value("nvmlDeviceGetComputeMode",
                                       *computeMode < 4 ? modeNames[*computeMode] : std::to_string(*computeMode)));

    if (computeMode == 2u) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "the GPU's compute mode is Prohibited: no process can use it"));
        check.advice = say(SHARESCOPE_TR_NOOP("Core", "Ask an administrator to set it back: nvidia-smi -c DEFAULT."));
        return check;
    }
    if (pipeVariable && !alive) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "CUDA_MPS_PIPE_DIRECTORY names %1, where no MPS daemon "
                                               "runs: CUDA runs without MPS"),
                            {directory});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Start the daemon (nvidia-cuda-mps-control -d) with the same "
                                              "CUDA_MPS_PIPE_DIRECTORY, and share that folder with every "
                                              "container that uses it."));
        return check;
    }
    if (control && !alive) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "%1 holds an MPS control socket, but its daemon is not "
                                               "running: CUDA runs without MPS"),
                            {directory});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Start the daemon again (nvidia-cuda-mps-control -d), or remove "
                                              "the folder's stale files."));
        return check;
    }
    if (computeMode == 3u && !alive) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the compute mode is Exclusive_Process without MPS: a second "
                                               "process (an IPC peer, a worker) fails with "
                                               "cudaErrorDevicesUnavailable"));
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Run an MPS daemon, or ask an administrator for the Default "
                                              "compute mode (nvidia-smi -c DEFAULT)."));
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = alive
        ? say(SHARESCOPE_TR_NOOP("Core", "an MPS daemon (process %1) serves %2"), {std::to_string(*daemon), directory})
        : say(SHARESCOPE_TR_NOOP("Core", "no MPS daemon: processes share the GPU by time slices"));
    return check;
}

} // namespace sharescope::doctor
