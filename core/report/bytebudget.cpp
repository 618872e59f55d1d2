// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/bytebudget.h"

#include "report/runreport.h"
#include "trnoop.h"

#include <algorithm>

namespace sharescope {
namespace {

constexpr std::uint64_t migrationBlock = 2ULL << 20; // the UVM driver's VA block

struct Counts
{
    std::uint64_t written = 0; // buffers host-init writes (inputs, in place)
    std::uint64_t read = 0; // buffers host-read reads (outputs, in place)
    std::uint64_t toDevice = 0; // written by the host for the kernel to read: what copies bring over
    std::uint64_t toHost = 0; // written by the kernel for the host to read: what copies bring back
    std::uint64_t inputOnly = 0; // written by the host, never read back: left on the GPU by the kernel
    std::uint64_t kernel = 0; // the kernel reads or writes them
    std::uint64_t host = 0; // the host writes or reads them
    std::uint64_t shared = 0; // both touch them: the ones a managed iteration moves both ways
};

// For every kernel but first-touch, whose four buffers are the four ways a
// buffer can be touched, toDevice = written, toHost = read and
// kernel = host = shared = all.
Counts countBuffers(const KernelInfo &kernel)
{
    Counts c;
    for (const BufferSpec &buffer : kernel.buffers) {
        const BufferRole role = buffer.role;
        c.written += hostWrites(role) ? 1 : 0;
        c.read += hostReads(role) ? 1 : 0;
        c.toDevice += copiedToDevice(role) ? 1 : 0;
        c.toHost += copiedToHost(role) ? 1 : 0;
        c.inputOnly += role == BufferRole::Input ? 1 : 0;
        c.kernel += kernelTouches(role) ? 1 : 0;
        c.host += hostTouches(role) ? 1 : 0;
        c.shared += kernelTouches(role) && hostTouches(role) ? 1 : 0;
    }
    return c;
}

class Builder
{
public:
    explicit Builder(const ExperimentSpec &spec)
        : m_size(spec.bytes)
        , m_slack(spec.bytes % migrationBlock == 0 ? 0 : migrationBlock - spec.bytes % migrationBlock)
    {
        for (const Phase phase : iterationPhases)
            m_budget.phases.push_back({phase, 0, 0, BudgetKind::Exact, 0});
    }
    // `toDevice` and `toHost` in buffers.
    void set(Phase phase, std::uint64_t toDevice, std::uint64_t toHost, BudgetKind kind)
    {
        PhaseBudget &b = at(phase);
        b.toDevice = toDevice * m_size;
        b.toHost = toHost * m_size;
        b.kind = kind;
    }
    // Managed memory: the phase touches `buffers` (faults or prefetches),
    // each of which may share a 2 MiB block with a neighbour whose pages
    // move along, whatever the phase's own budget.
    void touch(Phase phase, std::uint64_t buffers) { at(phase).allowance = buffers * m_slack; }
    void note(const char *text) { m_budget.note = text; }
    ByteBudget take() { return std::move(m_budget); }

private:
    PhaseBudget &at(Phase phase) { return *std::ranges::find(m_budget.phases, phase, &PhaseBudget::phase); }
    std::uint64_t m_size;
    std::uint64_t m_slack;
    ByteBudget m_budget;
};

// What copies move: `way` the buffers that travel, or (an OpenCL map,
// which may copy any buffer the host touches) every one the host maps.
void explicitCopies(Builder &b, const Counts &c, std::uint64_t rounds, BudgetKind kind, bool everyMapped = false)
{
    const std::uint64_t in = everyMapped ? c.written : c.toDevice;
    const std::uint64_t out = everyMapped ? c.read : c.toHost;
    b.set(Phase::ToDevice, in, 0, kind);
    b.set(Phase::Kernel, rounds * c.written, rounds * c.read, kind); // ping-pong's rounds: 0 otherwise
    b.set(Phase::ToHost, 0, out, kind);
}

void managed(Builder &b, const ExperimentSpec &spec, const KernelInfo &kernel, const Counts &c)
{
    const ModeInfo &mode = spec.modeInfo();
    const std::uint64_t rounds = kernel.usesRounds ? static_cast<std::uint64_t>(std::max(spec.rounds, 0)) : 0;
    b.touch(Phase::HostInit, c.written);
    b.touch(Phase::Kernel, c.kernel);
    b.touch(Phase::HostRead, c.read);
    if (mode.prefetch == Prefetch::ToDevice) {
        b.touch(Phase::ToDevice, c.shared);
        b.touch(Phase::ToHost, c.shared);
    }
    // A strided kernel touches part of each buffer; ping-pong's rounds and
    // advice leave the pages' moves to the driver: at most the design's.
    const BudgetKind touched = kernel.usesStride || kernel.usesRounds ? BudgetKind::AtMost : BudgetKind::Exact;
    if (kernel.usesStride)
        b.note(SHARESCOPE_TR_NOOP("Core",
                                  "the strided kernel touches every --stride-th element: at most whole buffers "
                                  "move, as the pages touched bring their neighbours"));
    if (kernel.usesRounds)
        b.note(SHARESCOPE_TR_NOOP("Core",
                                  "ping-pong's rounds move the buffer at most once each way per round, "
                                  "inside the kernel phase"));
    switch (mode.discard) {
    case Discard::AndPrefetch:
        b.set(Phase::ToDevice, c.toDevice, 0, touched);
        b.set(Phase::Kernel, rounds * c.written, rounds * c.read, BudgetKind::AtMost);
        b.set(Phase::ToHost, 0, c.toHost, touched);
        return;
    case Discard::BeforeWrites:
        b.set(Phase::Kernel, rounds ? rounds * c.written : c.toDevice, rounds * c.read, touched);
        b.set(Phase::HostRead, 0, rounds ? 0 : c.toHost, touched);
        return;
    case Discard::None:
        break;
    }
    // A buffer only one side touches stays where it was first touched; the
    // others go to the GPU and back every iteration.
    if (mode.prefetch == Prefetch::ToDevice) {
        b.set(Phase::ToDevice, c.shared, 0, BudgetKind::Exact);
        b.set(Phase::Kernel, rounds * c.written, rounds * c.read, BudgetKind::AtMost);
        b.set(Phase::ToHost, 0, c.shared, rounds ? BudgetKind::AtMost : BudgetKind::Exact);
        return;
    }
    const BudgetKind kind = mode.takesAdvice ? BudgetKind::AtMost : touched;
    if (mode.takesAdvice)
        b.note(SHARESCOPE_TR_NOOP("Core",
                                  "advice can keep pages where they are or duplicate read-only ones: at most "
                                  "what managed moves"));
    // The previous kernel left the input-only buffers on the GPU: host-init
    // faults them back to overwrite them. The kernel faults over everything
    // the host touched; host-read brings the outputs back.
    b.set(Phase::HostInit, 0, c.inputOnly, kind);
    if (rounds)
        b.set(Phase::Kernel, rounds * c.written, rounds * c.read, kind);
    else
        b.set(Phase::Kernel, c.shared, 0, kind);
    b.set(Phase::HostRead, 0, rounds ? 0 : c.toHost, kind);
}

std::optional<std::uint64_t> movedWay(const PhaseResult &phase, bool managedMode, bool toDevice)
{
    if (!managedMode)
        return toDevice ? phase.bytesToDevice : phase.bytesToHost;
    if (!phase.counters)
        return std::nullopt;
    return toDevice ? phase.counters->bytesHostToDevice : phase.counters->bytesDeviceToHost;
}

} // namespace

Result<ByteBudget> byteBudget(const ExperimentSpec &spec)
{
    const ModeInfo &mode = spec.modeInfo();
    if (mode.needsPeer() || mode.family == ModeFamily::Peer) {
        return unsupported(SHARESCOPE_TR_NOOP("Core",
                                              "no byte budget on two GPUs: their device-to-device bytes come "
                                              "from CUPTI's records, a lower bound"),
                           {});
    }
    const KernelInfo &kernel = spec.kernelInfo();
    const Counts c = countBuffers(kernel);
    const std::uint64_t rounds = kernel.usesRounds ? static_cast<std::uint64_t>(std::max(spec.rounds, 0)) : 0;
    Builder b(spec);
    switch (mode.family) {
    case ModeFamily::Copy:
    case ModeFamily::Ipc:
    case ModeFamily::ClCopy:
        explicitCopies(b, c, rounds, BudgetKind::Exact);
        break;
    case ModeFamily::ClMap:
    case ModeFamily::ClSvm:
        explicitCopies(b, c, rounds, BudgetKind::AtMost, true);
        b.note(SHARESCOPE_TR_NOOP("Core", "the OpenCL runtime decides whether a map copies: at most the buffers"));
        break;
    case ModeFamily::Mapped:
        // The kernel reads and writes host memory over the bus: nothing is
        // copied, nothing migrates.
        break;
    case ModeFamily::Managed:
        managed(b, spec, kernel, c);
        break;
    case ModeFamily::Peer:
        break;
    }
    return b.take();
}

std::string_view budgetVerdictName(BudgetVerdict verdict)
{
    switch (verdict) {
    case BudgetVerdict::Within:
        return "within";
    case BudgetVerdict::WithinAllowance:
        return "within-allowance";
    case BudgetVerdict::Over:
        return "over";
    case BudgetVerdict::Unconfirmed:
        return "unconfirmed";
    case BudgetVerdict::NotCounted:
        return "not-counted";
    }
    return "within";
}

std::vector<PhaseBudgetCheck> checkBudget(const RunReport &run)
{
    const auto budget = byteBudget(run.spec);
    if (!budget)
        return {};
    const bool managedMode = run.spec.modeInfo().family == ModeFamily::Managed;
    const bool lowerBound = managedMode && run.counted.totals == CounterTotals::Records;
    // The most one measured iteration moved in `phase` one way, as summarize
    // counts iterations (warm-ups left out); nothing where any was not counted.
    auto worst = [&](Phase phase, bool toDevice) -> std::optional<std::uint64_t> {
        std::uint64_t most = 0;
        for (const IterationResult &iteration : run.iterations) {
            const auto found = std::ranges::find(iteration.phases, phase, &PhaseResult::phase);
            if (iteration.warmup || found == iteration.phases.end())
                continue;
            const auto bytes = movedWay(*found, managedMode, toDevice);
            if (!bytes)
                return std::nullopt;
            most = std::max(most, *bytes);
        }
        return most;
    };
    std::vector<PhaseBudgetCheck> checks;
    for (const PhaseBudget &phaseBudget : budget->phases) {
        PhaseBudgetCheck check{phaseBudget, worst(phaseBudget.phase, true), worst(phaseBudget.phase, false),
                               BudgetVerdict::Within, 0};
        if (!check.movedToDevice || !check.movedToHost) {
            check.verdict = BudgetVerdict::NotCounted;
            check.movedToDevice.reset();
            check.movedToHost.reset();
        } else {
            const auto beyond
                = [](std::uint64_t moved, std::uint64_t planned) { return moved > planned ? moved - planned : 0; };
            check.overBy
                = beyond(*check.movedToDevice, phaseBudget.toDevice) + beyond(*check.movedToHost, phaseBudget.toHost);
            if (check.overBy > phaseBudget.allowance)
                check.verdict = BudgetVerdict::Over;
            else if (lowerBound)
                check.verdict = BudgetVerdict::Unconfirmed;
            else if (check.overBy > 0)
                check.verdict = BudgetVerdict::WithinAllowance;
        }
        checks.push_back(check);
    }
    return checks;
}

} // namespace sharescope
