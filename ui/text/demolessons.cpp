// SPDX-License-Identifier: GPL-3.0-or-later
#include "demolessons.h"

#include "backend/backend.h"
#include "firsttouchlesson.h"
#include "language.h"
#include "lessons/examples.h"
#include "lessonwriter.h"
#include "peerlesson.h"
#include "pinninglesson.h"
#include "threadslesson.h"

#include <algorithm>

namespace sharescope {
namespace {

using namespace lesson;

// Every buffer's map returned the buffer's own storage (cl-use-host-ptr).
bool sharedInPlace(const MeasuredRun &run)
{
    return mappedInPlace(run.run().buffers).value_or(false);
}

void copiesVsZeroCopy(LessonWriter &w)
{
    const MeasuredRun *copies = w.find(ModeId::Device);
    if (!copies)
        copies = w.find(ModeId::ClCopy);
    if (copies) {
        const PhaseResult toDevice = copies->phase(Phase::ToDevice);
        const PhaseResult toHost = copies->phase(Phase::ToHost);
        w.say(
            Lessons::tr("With copies (%1), every iteration copied %2 explicitly: %3 to the device in %4 and %5 back in "
                        "%6. The kernel then worked on device memory: %7 at %8.")
                .arg(copies->mode(), bytes(copies->totals().moved), bytes(toDevice.bytesMoved()),
                     copies->time(Phase::ToDevice), bytes(toHost.bytesMoved()), copies->time(Phase::ToHost),
                     copies->time(Phase::Kernel), copies->bandwidth(Phase::Kernel)));
    }
    if (const MeasuredRun *pinned = w.find(ModeId::Pinned); pinned && copies) {
        w.say(Lessons::tr(
                  "%1 copies the same bytes from page-locked memory, which the GPU reads without a staging buffer: "
                  "to-device at %2, against %3 from ordinary (pageable) memory.")
                  .arg(pinned->mode(), pinned->bandwidth(Phase::ToDevice), copies->bandwidth(Phase::ToDevice)));
    }
    const MeasuredRun *zeroCopy = w.find(ModeId::ZeroCopy);
    if (zeroCopy) {
        w.say((zeroCopy->totals().moved == 0
                   ? Lessons::tr(
                       "With %1 nothing was copied (%2 explicitly). Instead the kernel reached host memory across "
                       "the bus on every access: %3 at %4.")
                   : Lessons::tr(
                       "With %1, %2 was copied explicitly, and the kernel reached host memory across the bus: %3 at "
                       "%4."))
                  .arg(zeroCopy->mode(), bytes(zeroCopy->totals().moved), zeroCopy->time(Phase::Kernel),
                       zeroCopy->bandwidth(Phase::Kernel)));
    }
    if (const MeasuredRun *useHost = w.find(ModeId::ClUseHostPtr)) {
        if (sharedInPlace(*useHost)) {
            w.say(Lessons::tr(
                      "On %1, %2 was zero-copy: mapping each buffer returned the host array itself, so %3 was copied "
                      "and the kernel worked on the host's memory in place: %4 at %5.")
                      .arg(QString::fromStdString(useHost->run().device.name), useHost->mode(),
                           bytes(useHost->totals().moved), useHost->time(Phase::Kernel),
                           useHost->bandwidth(Phase::Kernel)));
            zeroCopy = useHost; // the iteration below compares copies with no copies
        } else {
            w.say(
                Lessons::tr("On %1, %2 was not zero-copy: the driver kept its own copy of the host arrays, and %3 was "
                            "copied in each iteration. Whether USE_HOST_PTR shares memory depends on the device.")
                    .arg(QString::fromStdString(useHost->run().device.name), useHost->mode(),
                         bytes(useHost->totals().moved)));
        }
    }
    if (const MeasuredRun *allocHost = w.find(ModeId::ClAllocHostPtr)) {
        w.say(Lessons::tr(
                  "%1 let the driver allocate memory that the host maps: %2 was copied per iteration, and the kernel "
                  "took %3 at %4.")
                  .arg(allocHost->mode(), bytes(allocHost->totals().moved), allocHost->time(Phase::Kernel),
                       allocHost->bandwidth(Phase::Kernel)));
    }
    if (copies && zeroCopy) {
        const std::uint64_t a = copies->totals().ns;
        const std::uint64_t b = zeroCopy->totals().ns;
        w.say(
            (b < a
                 ? Lessons::tr("A whole iteration took %1 with copies and %2 without: here, for a kernel that touches "
                               "each byte once, not copying wins by %3.")
                 : Lessons::tr("A whole iteration took %1 with copies and %2 without: here copying first wins by %3, "
                               "because the kernel on device memory is so much faster than across the bus."))
                .arg(duration(a), duration(b), b < a ? times(a, b) : times(b, a)));
    }
}

void prefetch(LessonWriter &w)
{
    const MeasuredRun *faulting = w.find(ModeId::Managed);
    const MeasuredRun *prefetched = w.find(ModeId::ManagedPrefetch);
    const auto faultedIn = faulting ? faulting->counter(Phase::Kernel, &Counters::bytesHostToDevice) : std::nullopt;
    if (faulting && faultedIn && *faultedIn > 0) {
        w.say(Lessons::tr(
                  "Without prefetch (%1), the kernel started while its data was still on the host, where the CPU had "
                  "written it. The GPU faulted (%2) and %3 migrated host to device while the kernel ran; the kernel "
                  "took %4.")
                  .arg(faulting->mode(), faulting->gpuFaultsText(Phase::Kernel), faulting->migratedText(faultedIn),
                       faulting->time(Phase::Kernel)));
    } else if (faulting && faultedIn) {
        w.say(Lessons::tr("Without prefetch (%1), %2 migrated host to device during the kernel, which took %3.")
                  .arg(faulting->mode(), faulting->migratedText(faultedIn), faulting->time(Phase::Kernel)));
    } else if (faulting) {
        w.say(Lessons::tr("Without prefetch (%1), the kernel took %2; the migrations during it were not reported.")
                  .arg(faulting->mode(), faulting->time(Phase::Kernel)));
    }
    if (prefetched) {
        w.say(Lessons::tr(
                  "With %1, cudaMemPrefetchAsync moved %2 to the GPU in the to-device phase, in %3 (%4). During the "
                  "kernel %5 migrated, and it took %6.")
                  .arg(prefetched->mode(), bytes(prefetched->phase(Phase::ToDevice).bytesMoved()),
                       prefetched->time(Phase::ToDevice), prefetched->bandwidth(Phase::ToDevice),
                       prefetched->migratedText(prefetched->counter(Phase::Kernel, &Counters::bytesHostToDevice)),
                       prefetched->time(Phase::Kernel)));
    }
    if (faulting && prefetched) {
        const std::uint64_t a = faulting->totals().ns;
        const std::uint64_t b = prefetched->totals().ns;
        w.say((b < a
                   ? Lessons::tr("A whole iteration took %1 without prefetch and %2 with it: prefetching made it %3 "
                                 "faster. Moving pages one fault at a time costs more than one bulk transfer the "
                                 "driver can plan.")
                   : Lessons::tr("A whole iteration took %1 without prefetch and %2 with it: here prefetching made it "
                                 "%3 slower."))
                  .arg(duration(a), duration(b), b < a ? times(a, b) : times(b, a)));
    }
}

void pagesMoveWhole(LessonWriter &w)
{
    const MeasuredRun *any = w.first();
    if (!any)
        return;
    const ExperimentSpec &spec = any->run().spec;
    const std::uint64_t touched = spec.strideTouched() * elementBytes;
    w.say(Lessons::tr("The stride kernel touched one element every %1: %2 elements, %3 of each %4 buffer.")
              .arg(bytes(spec.strideBytes), count(spec.strideTouched()), bytes(touched), bytes(spec.bytes)));
    if (const MeasuredRun *managed = w.find(ModeId::Managed)) {
        const auto in = managed->counter(Phase::Kernel, &Counters::bytesHostToDevice);
        if (in && *in > touched) {
            w.say(Lessons::tr(
                      "In %1 mode %2 migrated host to device during the kernel, %3 the bytes it touched: the driver "
                      "moves whole pages (4 KiB to 2 MiB), never single elements.")
                      .arg(managed->mode(), managed->migratedText(in),
                           times(static_cast<double>(*in), static_cast<double>(touched))));
        } else {
            w.say(Lessons::tr("In %1 mode %2 migrated host to device during the kernel, for the %3 it touched.")
                      .arg(managed->mode(), managed->migratedText(in), bytes(touched)));
        }
        w.say(Lessons::tr("Reading the results back on the CPU then migrated %1 device to host, in %2.")
                  .arg(managed->migratedText(managed->counter(Phase::HostRead, &Counters::bytesDeviceToHost)),
                       managed->time(Phase::HostRead)));
    }
    if (const MeasuredRun *zeroCopy = w.find(ModeId::ZeroCopy)) {
        const bool none = zeroCopy->totals().migrated == std::optional<std::uint64_t>(0);
        w.say((none ? Lessons::tr(
                   "%1 moved no pages (%2 migrated): the kernel read only what it touched, across the bus, in "
                   "%3.")
                    : Lessons::tr("%1: %2 migrated; the kernel read what it touched across the bus, in %3."))
                  .arg(zeroCopy->mode(), zeroCopy->migratedText(zeroCopy->totals().migrated),
                       zeroCopy->time(Phase::Kernel)));
    }
    for (const ModeId mode : {ModeId::Device, ModeId::ClCopy}) {
        if (const MeasuredRun *copies = w.find(mode)) {
            w.say(Lessons::tr("%1 copied whole buffers, %2 per iteration, for the %3 the kernel touched.")
                      .arg(copies->mode(), bytes(copies->totals().moved), bytes(touched)));
        }
    }
    if (const MeasuredRun *useHost = w.find(ModeId::ClUseHostPtr)) {
        w.say(Lessons::tr("%1 copied %2 per iteration.").arg(useHost->mode(), bytes(useHost->totals().moved)));
    }
}

void pingPong(LessonWriter &w)
{
    const MeasuredRun *any = w.first();
    if (!any)
        return;
    const ExperimentSpec &spec = any->run().spec;
    w.say(Lessons::tr("In each of %1 rounds a kernel added 1 to every element of a %2 buffer, then the CPU did. The "
                      "kernel phase holds all the rounds.")
              .arg(spec.rounds)
              .arg(bytes(spec.bytes)));
    if (const MeasuredRun *managed = w.find(ModeId::Managed)) {
        const auto moved = managed->migrated(Phase::Kernel);
        w.say(Lessons::tr(
                  "In %1 mode the pages bounced between the two: %2 migrated during the kernel phase (%3 the buffer). "
                  "CPU page faults: %4; %5; thrashing events: %6. The kernel phase took %7.")
                  .arg(managed->mode(), managed->migratedText(moved),
                       moved ? times(static_cast<double>(*moved), static_cast<double>(spec.bytes)) : notReported(),
                       managed->countText(managed->counter(Phase::Kernel, &Counters::cpuPageFaults)),
                       managed->gpuFaultsText(Phase::Kernel),
                       managed->countText(managed->counter(Phase::Kernel, &Counters::thrashing)),
                       managed->time(Phase::Kernel)));
    }
    if (const MeasuredRun *advised = w.find(ModeId::ManagedAdvise)) {
        const auto moved = advised->migrated(Phase::Kernel);
        const bool stayed = moved && *moved < spec.bytes / 8;
        w.say((stayed ? Lessons::tr(
                   "With the advice %1 the pages stayed on the host and the GPU reached them across the bus: "
                   "%2 migrated, %3 remote maps, and the kernel phase took %4.")
                      : Lessons::tr(
                          "With the advice %1, %2 migrated during the kernel phase, with %3 remote maps; it took %4."))
                  .arg(code(advised->run().spec.advice ? adviceName(*advised->run().spec.advice) : std::string_view()),
                       advised->migratedText(moved),
                       advised->countText(advised->counter(Phase::Kernel, &Counters::remoteMaps)),
                       advised->time(Phase::Kernel)));
    }
    for (const ModeId mode : {ModeId::ZeroCopy, ModeId::ClUseHostPtr, ModeId::ClSvmFine}) {
        const MeasuredRun *shared = w.find(mode);
        if (shared && modeInfo(mode).hostMemory == HostMemory::HostArray && !sharedInPlace(*shared)) {
            w.say(Lessons::tr("%1 was not zero-copy on this device: the kernel phase copied %2 and took %3.")
                      .arg(shared->mode(), bytes(shared->phase(Phase::Kernel).bytesMoved()),
                           shared->time(Phase::Kernel)));
        } else if (shared) {
            w.say(Lessons::tr("%1 shares one copy of the data: the kernel phase copied %2 and took %3.")
                      .arg(shared->mode(), bytes(shared->phase(Phase::Kernel).bytesMoved()),
                           shared->time(Phase::Kernel)));
        }
    }
    for (const ModeId mode : {ModeId::Device, ModeId::ClCopy}) {
        if (const MeasuredRun *copies = w.find(mode)) {
            w.say(
                Lessons::tr("%1 copied the buffer both ways in every round: %2 during the kernel phase, which took %3.")
                    .arg(copies->mode(), bytes(copies->phase(Phase::Kernel).bytesMoved()),
                         copies->time(Phase::Kernel)));
        }
    }
    if (const MeasuredRun *best = w.fastest(Phase::Kernel); best && w.runCount() > 1)
        w.say(
            Lessons::tr("Fastest here for this back-and-forth: %1 (%2).").arg(best->mode(), best->time(Phase::Kernel)));
}

// What the peer of an ipc run received, by how the mode shares.
QString sharedText(const MeasuredRun &run)
{
    switch (run.run().spec.modeInfo().ipcMemory) {
    case IpcMemory::VmmDescriptor:
        //: file descriptors: 文件描述符
        return Lessons::tr("a file descriptor per buffer over a Unix socket");
    case IpcMemory::PoolDescriptor:
        //: a memory pool's (内存池) file descriptor, and each buffer's export data
        return Lessons::tr("the pool's file descriptor and each buffer's export data");
    case IpcMemory::LegacyHandle:
    case IpcMemory::None:
        break;
    }
    return Lessons::tr("a memory handle per buffer and an event handle");
}

void otherProcess(LessonWriter &w)
{
    const MeasuredRun *local = w.find(ModeId::Device);
    bool shared = false;
    for (const MeasuredRun &run : w.runs()) {
        if (run.run().spec.modeInfo().family != ModeFamily::Ipc || !run.run().ipc)
            continue;
        shared = true;
        const IpcDetails &details = *run.run().ipc;
        w.say(Lessons::tr("%1: a second process (pid %2) received %3, opened them in %4 and ran the kernel on this "
                          "process's buffers; setting up, with the peer's start, took %5. The kernel phase copied %6, "
                          "because both processes reach the same device memory.")
                  .arg(run.mode())
                  .arg(details.peerPid)
                  .arg(sharedText(run), duration(details.openNs), run.time(Phase::Alloc),
                       bytes(run.phase(Phase::Kernel).bytesMoved())));
        if (const auto &steps = details.steps) {
            w.say(steps->mapNs
                      ? Lessons::tr("Step by step: exporting took %1 in this process, the socket carried the request "
                                    "in %2, the peer imported in %3 and mapped in %4.")
                            .arg(duration(steps->exportNs), duration(steps->passNs), duration(steps->importNs),
                                 duration(*steps->mapNs))
                      : Lessons::tr("Step by step: exporting took %1 in this process, the socket carried the request "
                                    "in %2, and the peer imported and mapped in one call, in %3.")
                            .arg(duration(steps->exportNs), duration(steps->passNs), duration(steps->importNs)));
        }
        // The GPU's time, from CUDA events: the phase's host time also holds
        // the request to the peer and its answer.
        const auto theirs = run.phase(Phase::Kernel).deviceNs;
        const auto ours = local ? local->phase(Phase::Kernel).deviceNs : std::nullopt;
        if (theirs && ours) {
            w.say(Lessons::tr("The kernel ran for %1 on the GPU for the other process and %2 for this one (%3). "
                              "Seen from this process the phase took %4: the rest is asking the peer to run and "
                              "hearing it has.")
                      .arg(duration(*theirs), duration(*ours), local->mode(), run.time(Phase::Kernel)));
        }
    }
    if (shared) {
        w.say(Lessons::tr("cudaIpcGetMemHandle shares only memory from cudaMalloc. Memory from cuMemCreate (PyTorch's "
                          "expandable segments) goes as a file descriptor (%1), a stream-ordered pool as the pool's "
                          "descriptor (%2); once shared, the kernel runs alike. In Python, CuPy and PyTorch open "
                          "legacy handles (see the Explain tab of %3).")
                  .arg(code(modeName(ModeId::IpcVmm)), code(modeName(ModeId::IpcPool)), code(modeName(ModeId::Ipc))));
    }
}

// One run of the demo: what the driver counted, what CUPTI recorded of it,
// and what counting cost.
void whatOneRunShows(LessonWriter &w, const MeasuredRun &run)
{
    const QString size = bytes(run.run().spec.bytes);
    const auto exact = run.counter(Phase::Kernel, &Counters::bytesHostToDevice);
    const auto recorded = run.counter(Phase::Kernel, &Counters::recordedHostToDevice);
    if (run.run().counted.totals == CounterTotals::Driver && exact && recorded) {
        const double share = *exact ? static_cast<double>(*recorded) / static_cast<double>(*exact) : 1.0;
        w.say(Lessons::tr("At %1 per buffer the kernel phase moved %2 host to device, as the UVM driver itself "
                          "counted it; CUPTI's migration records account for %3 of it (%4%).")
                  .arg(size, bytes(*exact), bytes(*recorded))
                  .arg(share * 100, 0, 'f', 0));
    } else if (exact) {
        w.say(Lessons::tr("At %1 per buffer CUPTI's records show %2 host to device in the kernel phase; the driver's "
                          "own counters were not reported here (%3), so nothing says how much is missing.")
                  .arg(size, run.migratedText(exact), messageText(run.run().counted.exactNote)));
    } else {
        w.say(Lessons::tr("At %1 per buffer the migrations were not reported.").arg(size));
    }
    if (const auto iteration = run.countedIteration()) {
        const auto [timed, counted] = *iteration;
        w.say(Lessons::tr("With the counters on, an iteration took %1 against %2 without them (%3 the time): the "
                          "timings elsewhere come from the run without them.")
                  .arg(duration(counted), duration(timed),
                       times(static_cast<double>(counted), static_cast<double>(timed))));
    }
}

void whatProfilersMiss(LessonWriter &w)
{
    std::vector<double> shares;
    for (const MeasuredRun &run : w.runs()) {
        whatOneRunShows(w, run);
        const auto exact = run.counter(Phase::Kernel, &Counters::bytesHostToDevice);
        const auto recorded = run.counter(Phase::Kernel, &Counters::recordedHostToDevice);
        if (exact && recorded && *exact)
            shares.push_back(static_cast<double>(*recorded) / static_cast<double>(*exact));
    }
    // Say the records fall behind only where these numbers show it.
    if (shares.size() >= 2 && shares.back() < shares.front() - 0.05) {
        w.say(Lessons::tr("The more pages fault at once, the more records CUPTI loses, without saying so: a profiler "
                          "built on them (Nsight Systems' unified-memory trace among them) shows a part of the "
                          "traffic as if it were all of it."));
    }
}

// One phase of managed against managed-discard: what discard saved in
// migrated bytes, and what the faults that followed cost.
void discardPhase(LessonWriter &w, const MeasuredRun &plain, const MeasuredRun &dropped, Phase phase,
                  std::optional<std::uint64_t> Counters::*moved, std::optional<std::uint64_t> Counters::*faults,
                  const QString &writer)
{
    const auto movedPlain = plain.counter(phase, moved);
    const auto movedDropped = dropped.counter(phase, moved);
    const auto faultsPlain = plain.counter(phase, faults);
    const auto faultsDropped = dropped.counter(phase, faults);
    if (!movedPlain || !movedDropped || !faultsPlain || !faultsDropped) {
        w.say(Lessons::tr("In %1, %2 took %3 and %4 took %5; the migrations and faults were not reported.")
                  .arg(code(phaseName(phase)), plain.mode(), plain.time(phase), dropped.mode(), dropped.time(phase)));
        return;
    }
    w.say(Lessons::tr("In %1, %2 migrated %3 where %4 migrated %5, but %6 faulted %7 times instead of %8, and the "
                      "phase took %9 instead of %10.")
              .arg(code(phaseName(phase)), dropped.mode(), dropped.migratedText(movedDropped), plain.mode(),
                   plain.migratedText(movedPlain), writer, dropped.countText(faultsDropped),
                   plain.countText(faultsPlain), dropped.time(phase))
              .arg(plain.time(phase)));
}

void discard(LessonWriter &w)
{
    const MeasuredRun *plain = w.find(ModeId::Managed);
    const MeasuredRun *dropped = w.find(ModeId::ManagedDiscard);
    const MeasuredRun *placed = w.find(ModeId::ManagedDiscardPrefetch);
    if (plain && dropped) {
        discardPhase(w, *plain, *dropped, Phase::HostInit, &Counters::bytesDeviceToHost, &Counters::cpuPageFaults,
                     Lessons::tr("the CPU"));
        discardPhase(w, *plain, *dropped, Phase::Kernel, &Counters::bytesHostToDevice, &Counters::gpuPageFaults,
                     Lessons::tr("the GPU"));
        // One fault per 4 KiB page of what was discarded: the writes that
        // follow a discard take their pages one at a time.
        const std::uint64_t pages = dropped->run().spec.bytes / 4096;
        const auto cpuFaults = dropped->counter(Phase::HostInit, &Counters::cpuPageFaults);
        const std::size_t written = buffersFor(dropped->run().spec.kernelInfo(), HostAccess::Write).size();
        if (cpuFaults && pages > 0 && *cpuFaults >= pages * written * 9 / 10) {
            w.say(Lessons::tr("That is about one fault for every 4 KiB page the CPU wrote (%1 pages): after a discard "
                              "each page is mapped again on its own first write, where without discard one fault "
                              "brought in a whole block.")
                      .arg(count(pages * written)));
        }
        const std::uint64_t a = plain->totals().ns;
        const std::uint64_t b = dropped->totals().ns;
        w.say((b > a ? Lessons::tr("A whole iteration took %1 with %2 against %3 with %4: %5 slower.")
                     : Lessons::tr("A whole iteration took %1 with %2 against %3 with %4: %5 faster."))
                  .arg(duration(b), dropped->mode(), duration(a), plain->mode(), b > a ? times(b, a) : times(a, b)));
    }
    if (placed && plain) {
        const auto faultsIn = [&](const MeasuredRun &run) -> std::optional<std::uint64_t> {
            std::uint64_t sum = 0;
            for (const Phase phase : iterationPhases) {
                const auto cpu = run.counter(phase, &Counters::cpuPageFaults);
                const auto gpu = run.counter(phase, &Counters::gpuPageFaults);
                if (!cpu || !gpu)
                    return std::nullopt;
                sum += *cpu + *gpu;
            }
            return sum;
        };
        const std::uint64_t a = plain->totals().ns;
        const std::uint64_t b = placed->totals().ns;
        w.say(Lessons::tr("%1 discards and places the pages in one call before each writer: %2 faults in an "
                          "iteration (%3 with %4), which took %5 against %6.")
                  .arg(placed->mode(), placed->countText(faultsIn(*placed)), plain->countText(faultsIn(*plain)),
                       plain->mode(), duration(b), duration(a)));
    }
}

// On an OpenCL device, for a demo whose point needs CUDA: what is missing
// here, and the run on an H200 that ships with the program.
QString pointElsewhere(const DemoInfo &demo)
{
    const auto example = exampleForDemo(demo.id);
    if (!example)
        return {};
    const QString show = code("sharescope show " + std::string(exampleInfo(*example).name));
    switch (demo.id) {
    case DemoId::PagesMoveWhole:
        return Lessons::tr("Pages moving whole, what this demo is about, needs CUDA: OpenCL reports no page "
                           "migrations, so only the copies show here. Its run on an NVIDIA H200 ships with "
                           "ShareScope and shows managed memory moving whole pages: %1, or File ▸ Examples.")
            .arg(show);
    case DemoId::PingPong:
        return Lessons::tr("Pages bouncing between the CPU and the GPU, what this demo is about, needs CUDA: OpenCL "
                           "reports no page migrations. Its run on an NVIDIA H200 ships with ShareScope and shows "
                           "them: %1, or File ▸ Examples.")
            .arg(show);
    case DemoId::ThreadsShareOneGpu:
        return Lessons::tr("Threads waiting on one shared stream, what this demo is about, needs CUDA: OpenCL gives "
                           "each thread a command queue of its own. Its run on an NVIDIA H200 ships with ShareScope "
                           "and sets the legacy default stream against per-thread streams: %1, or File ▸ Examples.")
            .arg(show);
    case DemoId::CopiesVsZeroCopy:
    case DemoId::WhenPinningPays:
    case DemoId::FirstTouch:
    case DemoId::Prefetch:
    case DemoId::Discard:
    case DemoId::OtherProcess:
    case DemoId::PeerAccess:
    case DemoId::WhatProfilersMiss:
        break;
    }
    return {};
}

// The lesson path: the demo after this one, where there is one.
QString whatComesNext(const DemoInfo &demo)
{
    if (const auto next = nextDemo(demo.id)) {
        const DemoInfo &info = demoInfo(*next);
        return Lessons::tr("Next on the lesson path: %1 (in the Demos menu, or %2).")
            .arg(demoTitle(info), code("sharescope demo " + std::string(info.name)));
    }
    return Lessons::tr("That was the last demo of the lesson path. %1 lists what every mode does in memory, with "
                       "code to try it.")
        .arg(code("sharescope explain"));
}

} // namespace

Lesson lessonFor(const DemoInfo &demo, const ReportSet &set)
{
    LessonWriter writer(demo, set);
    switch (demo.id) {
    case DemoId::CopiesVsZeroCopy:
        copiesVsZeroCopy(writer);
        break;
    case DemoId::WhenPinningPays:
        whenPinningPaysLesson(writer);
        break;
    case DemoId::FirstTouch:
        firstTouchLesson(writer);
        break;
    case DemoId::Prefetch:
        prefetch(writer);
        break;
    case DemoId::PagesMoveWhole:
        pagesMoveWhole(writer);
        break;
    case DemoId::PingPong:
        pingPong(writer);
        break;
    case DemoId::OtherProcess:
        otherProcess(writer);
        break;
    case DemoId::WhatProfilersMiss:
        whatProfilersMiss(writer);
        break;
    case DemoId::PeerAccess:
        peerAccessLesson(writer);
        break;
    case DemoId::Discard:
        discard(writer);
        break;
    case DemoId::ThreadsShareOneGpu:
        threadsShareOneGpuLesson(writer);
        break;
    }
    Lesson lesson = writer.finish();
    const bool openCl = !set.runs.empty() && set.runs.front().device.backend == BackendKind::OpenCL;
    if (openCl && pointNeedsCuda(demo)) {
        if (const QString elsewhere = pointElsewhere(demo); !elsewhere.isEmpty())
            lesson.paragraphs << elsewhere;
    }
    lesson.paragraphs << whatComesNext(demo);
    return lesson;
}

} // namespace sharescope
