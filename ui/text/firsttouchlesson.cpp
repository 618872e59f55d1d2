// SPDX-License-Identifier: GPL-3.0-or-later
#include "firsttouchlesson.h"

#include "counting/residency.h"

#include <algorithm>

namespace sharescope {
namespace {

using namespace lesson;

// A phase of the run's first iteration (a warm-up unless --warmup 0): the
// one in which every page is touched for the first time.
std::optional<Counters> firstCounters(const RunReport &run, Phase phase)
{
    if (run.iterations.empty())
        return std::nullopt;
    const auto &phases = run.iterations.front().phases;
    const auto at = std::ranges::find(phases, phase, &PhaseResult::phase);
    return at == phases.end() ? std::nullopt : at->counters;
}

QString bufferName(const RunReport &run, std::size_t index)
{
    const auto &buffers = run.spec.kernelInfo().buffers;
    return index < buffers.size() ? code(buffers[index].name) : QString();
}

// "64 MiB to the GPU, 0 B back, 3 CPU page faults, 0 GPU page faults".
QString phaseText(const MeasuredRun &m, const std::optional<Counters> &c)
{
    if (!c)
        return notReported();
    const QString gpu = c->gpuPageFaults ? count(*c->gpuPageFaults)
                                         : Lessons::tr("%1 fault groups").arg(m.countText(c->gpuPageFaultGroups));
    return Lessons::tr("%1 to the GPU, %2 back, CPU page faults: %3, GPU page faults: %4")
        .arg(m.migratedText(c->bytesHostToDevice), m.migratedText(c->bytesDeviceToHost), m.countText(c->cpuPageFaults),
             gpu);
}

// Whether a phase moved `expected` bytes, give or take a 2 MiB block of the
// driver's that a neighbour shares.
bool moved(std::optional<std::uint64_t> bytes, std::uint64_t expected)
{
    constexpr std::uint64_t block = 2ULL << 20;
    return bytes && *bytes + block >= expected && *bytes <= expected + block;
}

// Where the pages were after every phase of every iteration: gpu-only
// never on the host, cpu-only (from host-init on) always all there. Empty
// where the run has no page map.
std::optional<bool> pagesStayed(const RunReport &run)
{
    if (run.counted.residency.source != ResidencySource::Pages || run.counted.residency.buffers.size() != 4)
        return std::nullopt;
    const auto host = static_cast<char>(Location::Host);
    int seen = 0;
    for (const ResidencySnapshot &snapshot : run.counted.residency.snapshots) {
        if (std::ranges::find(iterationPhases, snapshot.phase) == iterationPhases.end())
            continue; // alloc: nothing touched yet
        if (snapshot.chunks.size() != 4)
            return std::nullopt;
        if (std::ranges::count(snapshot.chunks[2], host) != 0
            || std::ranges::count(snapshot.chunks[3], host) != static_cast<std::ptrdiff_t>(snapshot.chunks[3].size()))
            return false;
        ++seen;
    }
    return seen > 0 ? std::optional(true) : std::nullopt;
}

} // namespace

void firstTouchLesson(LessonWriter &w)
{
    const MeasuredRun *m = w.find(ModeId::Managed);
    if (!m)
        return;
    const RunReport &run = m->run();
    if (run.spec.kernel != KernelId::FirstTouch)
        return;
    const QString size = bytes(run.spec.bytes);
    // The buffers in the catalogue's order: cpu-then-gpu, gpu-then-cpu, gpu-only, cpu-only.
    const QString cpuThenGpu = bufferName(run, 0);
    const QString gpuThenCpu = bufferName(run, 1);
    const QString gpuOnly = bufferName(run, 2);
    const QString cpuOnly = bufferName(run, 3);
    w.say(Lessons::tr("Four managed buffers of %1, one for each of the CUDA course's page-fault experiments: %2 is "
                      "written by the CPU and then read by the GPU, %3 written by the GPU and then read by the CPU, "
                      "%4 touched by the GPU only, %5 by the CPU only. Before the first iteration no page of them "
                      "exists anywhere.")
              .arg(size, cpuThenGpu, gpuThenCpu, gpuOnly, cpuOnly));
    const bool firstIsWarmup = !run.iterations.empty() && run.iterations.front().warmup;
    w.say((firstIsWarmup ? Lessons::tr("The first iteration (the warm-up), where every page is touched for the first "
                                       "time:")
                         : Lessons::tr("The first iteration, where every page is touched for the first time:")));
    const auto init = firstCounters(run, Phase::HostInit);
    w.say(Lessons::tr("%1: the CPU wrote %2 and %3. %4.")
              .arg(code(phaseName(Phase::HostInit)), cpuThenGpu, cpuOnly, phaseText(*m, init)));
    if (init && moved(init->bytesHostToDevice, 0) && moved(init->bytesDeviceToHost, 0))
        w.say(Lessons::tr("A first touch makes the page where it happens: nothing had to move."));
    const auto kernel = firstCounters(run, Phase::Kernel);
    w.say(Lessons::tr("%1: the GPU read %2, whose pages the CPU had made, and wrote %3 and %4, which nobody had "
                      "touched. %5.")
              .arg(code(phaseName(Phase::Kernel)), cpuThenGpu, gpuThenCpu, gpuOnly, phaseText(*m, kernel)));
    if (kernel && moved(kernel->bytesHostToDevice, run.spec.bytes)) {
        w.say(Lessons::tr("What came over is %1 alone (%2); the two buffers the GPU touched first were made on the "
                          "GPU, moving nothing.")
                  .arg(cpuThenGpu, size));
    }
    const auto read = firstCounters(run, Phase::HostRead);
    w.say(Lessons::tr("%1: the CPU read %2, made on the GPU, and %3, which never left the host. %4.")
              .arg(code(phaseName(Phase::HostRead)), gpuThenCpu, cpuOnly, phaseText(*m, read)));
    if (read && moved(read->bytesDeviceToHost, run.spec.bytes))
        w.say(Lessons::tr("What went back is %1 alone (%2).").arg(gpuThenCpu, size));
    const std::size_t measured = static_cast<std::size_t>(
        std::ranges::count_if(run.iterations, [](const IterationResult &i) { return !i.warmup; }));
    if (measured == 0 || !firstIsWarmup)
        return;
    const auto steadyInit = m->phase(Phase::HostInit).counters;
    const auto steadyKernel = m->phase(Phase::Kernel).counters;
    const auto steadyRead = m->phase(Phase::HostRead).counters;
    w.say(Lessons::tr("In the %1 iterations after it (medians): %2 %3; %4 %5; %6 %7.")
              .arg(count(measured), code(phaseName(Phase::HostInit)), phaseText(*m, steadyInit),
                   code(phaseName(Phase::Kernel)), phaseText(*m, steadyKernel), code(phaseName(Phase::HostRead)),
                   phaseText(*m, steadyRead)));
    const bool asDesigned = steadyInit && steadyKernel && steadyRead
        && moved(steadyInit->bytesDeviceToHost, run.spec.bytes)
        && moved(steadyKernel->bytesHostToDevice, 2 * run.spec.bytes)
        && moved(steadyRead->bytesDeviceToHost, run.spec.bytes);
    if (!asDesigned)
        return;
    w.say(Lessons::tr("Only the two buffers both sides touch keep moving: %1 back to the host to be written again, "
                      "then %1 and %2 to the GPU, then %2 back.")
              .arg(cpuThenGpu, gpuThenCpu));
    if (pagesStayed(run).value_or(false)) {
        w.say(Lessons::tr("The page map after every phase shows the other two where they were first touched: no page "
                          "of %1 on the host, every page of %2 there.")
                  .arg(gpuOnly, cpuOnly));
    }
    w.say(Lessons::tr("So: memory only the GPU touches never crosses the bus, nor does memory only the CPU touches; "
                      "what one side writes and the other reads crosses at every hand-over, on demand, page by page. "
                      "Prefetching (a later lesson) moves the same bytes without the faults."));
}

} // namespace sharescope
