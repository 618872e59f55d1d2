// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportconsistency.h"

#include "ipcprotocol.h"

#include <algorithm>

namespace sharescope {
namespace {

// The first disagreement found, as a message; empty when there is none.
using Problem = std::optional<std::string>;

std::string number(std::uint64_t value)
{
    return std::to_string(value);
}

std::string inQuotes(std::string_view text)
{
    return "'" + std::string(text) + "'";
}

bool isIterationPhase(Phase phase)
{
    return std::ranges::find(iterationPhases, phase) != iterationPhases.end();
}

// Migration events and residency snapshots name the iteration and phase
// they belong to: -1 with alloc or free, else an iteration of the run with
// one of its five phases.
Problem checkPlace(int iteration, Phase phase, std::size_t iterations, const std::string &path)
{
    if (iteration < -1 || iteration >= static_cast<int>(std::min<std::size_t>(iterations, 1 << 30))) {
        return path + ".iteration is " + std::to_string(iteration) + "; the run has iterations 0 to "
            + std::to_string(static_cast<long long>(iterations) - 1) + ", and -1 for alloc and free";
    }
    if ((iteration == -1) == isIterationPhase(phase)) {
        return path + ".phase is " + inQuotes(phaseName(phase)) + " in iteration " + std::to_string(iteration)
            + "; alloc and free belong to iteration -1, every other phase to an iteration";
    }
    return std::nullopt;
}

Problem checkIterations(const RunReport &r, const std::string &p)
{
    const std::uint64_t expected = static_cast<std::uint64_t>(r.spec.iterations) + r.spec.warmup;
    if (r.iterations.size() != expected) {
        return p + "iterations has " + number(r.iterations.size()) + " entries; spec.iterations + spec.warmup give "
            + number(expected);
    }
    for (std::size_t i = 0; i < r.iterations.size(); ++i) {
        const IterationResult &it = r.iterations[i];
        const std::string path = p + "iterations[" + number(i) + "]";
        if (it.index != static_cast<int>(i))
            return path + ".index is " + std::to_string(it.index) + "; it must be " + number(i);
        if (it.warmup != (static_cast<int>(i) < r.spec.warmup)) {
            return path + ".warmup is " + (it.warmup ? "true" : "false") + "; the first " + number(r.spec.warmup)
                + " iterations (spec.warmup) are warm-ups, and only they";
        }
        if (it.phases.size() != iterationPhases.size()) {
            return path + ".phases has " + number(it.phases.size()) + " phases; a report has "
                + number(iterationPhases.size()) + " per iteration";
        }
        for (std::size_t k = 0; k < iterationPhases.size(); ++k) {
            if (it.phases[k].phase != iterationPhases[k]) {
                return path + ".phases[" + number(k) + "].phase is " + inQuotes(phaseName(it.phases[k].phase))
                    + "; phase " + number(k + 1) + " of an iteration is " + inQuotes(phaseName(iterationPhases[k]));
            }
        }
    }
    if (r.alloc.phase != Phase::Alloc)
        return p + "alloc.phase is " + inQuotes(phaseName(r.alloc.phase)) + "; it must be 'alloc'";
    if (r.free && r.free->phase != Phase::Free)
        return p + "free.phase is " + inQuotes(phaseName(r.free->phase)) + "; it must be 'free'";
    return std::nullopt;
}

Problem checkDevice(const RunReport &r, const std::string &p)
{
    const DeviceInfo &d = r.device;
    if (d.index < 0 || d.versionMajor < 0 || d.versionMinor < 0) {
        return p + "device has index " + std::to_string(d.index) + " and version " + std::to_string(d.versionMajor)
            + "." + std::to_string(d.versionMinor) + "; neither can be negative";
    }
    if (r.spec.modeInfo().backend != d.backend) {
        return p + "spec.mode " + inQuotes(modeName(r.spec.mode)) + " cannot have run on " + inQuotes(d.id)
            + ", a device of the other backend";
    }
    return std::nullopt;
}

Problem checkBuffers(const RunReport &r, const std::string &p)
{
    const KernelInfo &kernel = r.spec.kernelInfo();
    if (r.buffers.size() != kernel.buffers.size()) {
        return p + "buffers has " + number(r.buffers.size()) + " entries; the kernel " + inQuotes(kernel.name) + " has "
            + number(kernel.buffers.size());
    }
    for (std::size_t b = 0; b < r.buffers.size(); ++b) {
        const BufferReport &found = r.buffers[b];
        const BufferSpec &want = kernel.buffers[b];
        const std::string path = p + "buffers[" + number(b) + "]";
        if (found.name != want.name || found.type != want.type || found.role != want.role) {
            return path + " is " + inQuotes(found.name) + " (" + std::string(elementTypeName(found.type)) + "); buffer "
                + number(b) + " of the kernel " + inQuotes(kernel.name) + " is " + inQuotes(want.name) + " ("
                + std::string(elementTypeName(want.type)) + ")";
        }
        if (found.bytes != r.spec.bytes)
            return path + ".bytes is " + number(found.bytes) + "; spec.bytes is " + number(r.spec.bytes);
    }
    return std::nullopt;
}

Problem checkVerification(const RunReport &r, const std::string &p)
{
    const Verification &v = r.verification;
    const auto expected = expectedChecked(r);
    if (!expected || v.checked != *expected) {
        return p + "verification.checked is " + number(v.checked) + "; " + number(r.spec.elementCount())
            + " elements of each buffer the host reads, over " + number(r.iterations.size()) + " iterations, give "
            + (expected ? number(*expected) : std::string("more than 2^64"));
    }
    if (v.mismatches > v.checked) {
        return p + "verification.mismatches is " + number(v.mismatches) + "; only " + number(v.checked)
            + " elements were checked";
    }
    const std::uint64_t kept = std::min<std::uint64_t>(v.mismatches, maxRecordedMismatches);
    if (v.first.size() != kept) {
        return p + "verification.first lists " + number(v.first.size()) + " mismatches; with " + number(v.mismatches)
            + " found a report keeps the first " + number(kept);
    }
    const KernelInfo &kernel = r.spec.kernelInfo();
    for (std::size_t m = 0; m < v.first.size(); ++m) {
        const Mismatch &mismatch = v.first[m];
        const std::string path = p + "verification.first[" + number(m) + "]";
        const bool read = std::ranges::any_of(
            kernel.buffers, [&](const BufferSpec &b) { return b.name == mismatch.buffer && hostReads(b.role); });
        if (!read)
            return path + ".buffer " + inQuotes(mismatch.buffer) + " is not a buffer that the host reads back";
        if (mismatch.index >= r.spec.elementCount()) {
            return path + ".index is " + number(mismatch.index) + "; a buffer has " + number(r.spec.elementCount())
                + " elements";
        }
    }
    return std::nullopt;
}

Problem checkMigrations(const RunReport &r, const std::string &p)
{
    if (r.counted.migrations.size() > maxKeptMigrations) {
        return p + "migrations.events has " + number(r.counted.migrations.size()) + " entries; a report keeps at most "
            + number(maxKeptMigrations);
    }
    for (std::size_t e = 0; e < r.counted.migrations.size(); ++e) {
        const MigrationEvent &event = r.counted.migrations[e];
        if (auto problem
            = checkPlace(event.iteration, event.phase, r.iterations.size(), p + "migrations.events[" + number(e) + "]"))
            return problem;
    }
    return std::nullopt;
}

std::string placeText(int iteration, Phase phase)
{
    return iteration < 0 ? inQuotes(phaseName(phase))
                         : "iteration " + std::to_string(iteration) + "'s " + inQuotes(phaseName(phase));
}

// The map's buffers are managed buffers of the run, each once, as large as
// the run's; a map of no buffer has no snapshots either.
Problem checkResidencyBuffers(const RunReport &r, const std::string &p)
{
    const Residency &residency = r.counted.residency;
    for (std::size_t b = 0; b < residency.buffers.size(); ++b) {
        const ResidencyBuffer &buffer = residency.buffers[b];
        const std::string path = p + "residency.buffers[" + number(b) + "]";
        const auto run = std::ranges::find(r.buffers, buffer.name, &BufferReport::name);
        if (run == r.buffers.end())
            return path + ".name " + inQuotes(buffer.name) + " is none of the run's buffers";
        if (!run->managed) {
            return path + ".name " + inQuotes(buffer.name)
                + " is not a managed buffer; only managed buffers have a residency map";
        }
        const auto earlier = residency.buffers.begin() + static_cast<std::ptrdiff_t>(b);
        if (std::ranges::find(residency.buffers.begin(), earlier, buffer.name, &ResidencyBuffer::name) != earlier)
            return path + ".name " + inQuotes(buffer.name) + " is listed twice";
        if (buffer.bytes != run->bytes) {
            return path + ".bytes is " + number(buffer.bytes) + "; the buffer " + inQuotes(buffer.name) + " has "
                + number(run->bytes);
        }
    }
    if (residency.buffers.empty() && !residency.snapshots.empty()) {
        return p + "residency.snapshots has " + number(residency.snapshots.size())
            + " entries, and residency.buffers none; a snapshot shows buffers";
    }
    return std::nullopt;
}

// Where a snapshot falls in the run: 0 after alloc, then one place after
// each iteration phase.
std::uint64_t windowOf(const ResidencySnapshot &snapshot)
{
    if (snapshot.iteration < 0)
        return 0;
    const auto phase = std::ranges::find(iterationPhases, snapshot.phase) - iterationPhases.begin();
    return 1 + static_cast<std::uint64_t>(snapshot.iteration) * iterationPhases.size()
        + static_cast<std::uint64_t>(phase);
}

// A map's snapshots follow the run's phases in order, each phase at most
// once: a snapshot out of place would be shown as another phase's.
Problem checkSnapshotOrder(const RunReport &r, const std::string &p)
{
    const std::vector<ResidencySnapshot> &snapshots = r.counted.residency.snapshots;
    for (std::size_t s = 1; s < snapshots.size(); ++s) {
        if (windowOf(snapshots[s]) <= windowOf(snapshots[s - 1])) {
            return p + "residency.snapshots[" + number(s) + "] is after "
                + placeText(snapshots[s].iteration, snapshots[s].phase) + ", not later than snapshot " + number(s - 1)
                + " (after " + placeText(snapshots[s - 1].iteration, snapshots[s - 1].phase)
                + "); snapshots follow the run's phases, each at most once";
        }
    }
    return std::nullopt;
}

Problem checkResidency(const RunReport &r, const std::string &p)
{
    const Residency &residency = r.counted.residency;
    // A snapshot after alloc and after each iteration phase; none after free.
    const std::uint64_t windows = 1 + r.iterations.size() * iterationPhases.size();
    if (residency.snapshots.size() > windows) {
        return p + "residency.snapshots has " + number(residency.snapshots.size()) + " entries; a run of "
            + number(r.iterations.size()) + " iterations has at most " + number(windows);
    }
    for (std::size_t s = 0; s < residency.snapshots.size(); ++s) {
        const ResidencySnapshot &snapshot = residency.snapshots[s];
        const std::string path = p + "residency.snapshots[" + number(s) + "]";
        if (snapshot.phase == Phase::Free)
            return path + ".phase is 'free'; nothing is left to show after free";
        if (auto problem = checkPlace(snapshot.iteration, snapshot.phase, r.iterations.size(), path))
            return problem;
    }
    if (auto problem = checkResidencyBuffers(r, p))
        return problem;
    return checkSnapshotOrder(r, p);
}

Problem checkIpc(const RunReport &r, const std::string &p)
{
    if (!r.ipc)
        return std::nullopt;
    if (r.spec.modeInfo().kernelPlace != KernelPlace::OtherProcess)
        return p + "ipc is given for a run in mode " + inQuotes(modeName(r.spec.mode)) + "; only the ipc modes have it";
    if (r.ipc->peerPid <= 0)
        return p + "ipc.peerPid is " + std::to_string(r.ipc->peerPid) + "; a process id is positive";
    const std::size_t buffers = r.spec.kernelInfo().buffers.size();
    if (r.ipc->memoryHandles.size() != buffers) {
        return p + "ipc.memoryHandles has " + number(r.ipc->memoryHandles.size()) + " entries; the kernel has "
            + number(buffers) + " buffers";
    }
    // ipc-vmm shares descriptors, shown as "fd 12, 2097152 bytes"; the others 64-byte handles.
    const bool descriptors = r.spec.modeInfo().ipcMemory == IpcMemory::VmmDescriptor;
    for (std::size_t h = 0; h < buffers; ++h) {
        if (descriptors ? !r.ipc->memoryHandles[h].starts_with("fd ")
                        : !fromHex(r.ipc->memoryHandles[h], ipcHandleBytes).ok())
            return p + "ipc.memoryHandles[" + number(h) + "] is not "
                + (descriptors ? std::string("a file descriptor") : number(ipcHandleBytes) + " bytes of hex");
    }
    if (const auto &steps = r.ipc->steps) {
        const std::uint64_t map = steps->mapNs.value_or(0);
        if (steps->importNs > r.ipc->openNs || map > r.ipc->openNs - steps->importNs)
            return p + "ipc.steps: import and map take " + number(steps->importNs) + " + " + number(map)
                + " ns, longer than the open that holds them (ipc.openNs " + number(r.ipc->openNs) + ")";
        // Only ipc's legacy handle maps as it opens; the descriptors need a map step.
        if (steps->mapNs.has_value() != (r.spec.modeInfo().ipcMemory != IpcMemory::LegacyHandle))
            return p + "ipc.steps.mapNs is " + std::string(steps->mapNs ? "given" : "null") + " for mode "
                + inQuotes(modeName(r.spec.mode)) + "; only ipc, whose handles map as they open, has none";
    }
    return std::nullopt;
}

Problem checkRun(const RunReport &r, const std::string &p)
{
    for (auto check :
         {checkDevice, checkIterations, checkBuffers, checkVerification, checkMigrations, checkResidency, checkIpc}) {
        if (auto problem = check(r, p))
            return problem;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::uint64_t> expectedChecked(const RunReport &report)
{
    std::uint64_t readBack = 0;
    for (const BufferSpec &buffer : report.spec.kernelInfo().buffers)
        readBack += hostReads(buffer.role) ? 1 : 0;
    const std::uint64_t iterations = static_cast<std::uint64_t>(report.spec.iterations) + report.spec.warmup;
    std::uint64_t perIteration = 0;
    std::uint64_t total = 0;
    if (__builtin_mul_overflow(report.spec.elementCount(), readBack, &perIteration)
        || __builtin_mul_overflow(perIteration, iterations, &total))
        return std::nullopt;
    return total;
}

Status checkConsistency(const ReportSet &set)
{
    if (set.kind == ReportSet::Kind::Run && set.runs.size() != 1)
        return badArgument("a run report holds one run, not " + number(set.runs.size()));
    for (std::size_t i = 0; i < set.runs.size(); ++i) {
        const std::string prefix = set.kind == ReportSet::Kind::Run ? std::string() : "runs[" + number(i) + "].";
        if (auto problem = checkRun(set.runs[i], prefix))
            return badArgument(*problem);
    }
    return okStatus();
}

} // namespace sharescope
