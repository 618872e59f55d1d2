// SPDX-License-Identifier: GPL-3.0-or-later
#include "threadslesson.h"

#include "language.h"
#include "lessons/demos.h"

#include <map>
#include <utility>

namespace sharescope {
namespace {

using namespace lesson;

// One mode at one size: on one thread, and on the demo's threads.
struct ThreadRuns
{
    const MeasuredRun *one = nullptr;
    const MeasuredRun *legacy = nullptr; // CUDA's legacy stream; OpenCL's queues
    const MeasuredRun *perThread = nullptr; // CUDA only
};

double ratioOf(std::uint64_t a, std::uint64_t b)
{
    return b > 0 ? static_cast<double>(a) / static_cast<double>(b) : 0;
}

// What the runs showed, after each size and mode was quoted.
void conclude(LessonWriter &w, double worst, const QString &worstWhere, bool splitWon, const QString &quickerCopy)
{
    if (worst >= 1.25) {
        w.say(Lessons::tr("On the legacy default stream the threads' work waits for each other's: %1 took %2 as "
                          "long there as on per-thread streams. Every thread that uses the legacy stream shares "
                          "it, and it runs one piece of work at a time; per-thread streams let the GPU take the "
                          "threads' launches together.")
                  .arg(worstWhere, timesText(worst, 1)));
    } else if (worst > 0) {
        w.say(Lessons::tr("Here the legacy stream cost little against per-thread streams (at most %1 as long): the "
                          "threads' slices were too large for their launches to matter.")
                  .arg(timesText(worst, 2)));
    }
    if (!splitWon) {
        w.say(Lessons::tr("Splitting the kernel never beat one thread launching it over all of the buffers: one "
                          "launch already keeps the device busy, so each slice only adds its own launch and wait. "
                          "Threads pay where each has work of its own to overlap with the others', not where they "
                          "share one kernel's."));
    }
    if (!quickerCopy.isEmpty()) {
        w.say(Lessons::tr("The copies were another matter: %1. Where a copy is the CPU's work (a runtime staging "
                          "ordinary memory, or a CPU device's memcpy), threads do it side by side; a DMA copy from "
                          "page-locked memory already fills the bus from one thread.")
                  .arg(quickerCopy));
    }
    w.say(Lessons::tr("CUDA gives every host thread the legacy default stream unless told otherwise: compile with "
                      "%1, pass %2, or give each thread a stream of its own (CuPy: %3 in each thread; PyTorch: %4). "
                      "The Timeline shows a lane per thread: when each worked on its slice.")
              .arg(code("nvcc --default-stream per-thread"), code("cudaStreamPerThread"),
                   code("with cupy.cuda.Stream(non_blocking=True):"),
                   code("with torch.cuda.stream(torch.cuda.Stream()):")));
}

} // namespace

void threadsShareOneGpuLesson(LessonWriter &w)
{
    std::map<std::pair<std::uint64_t, int>, ThreadRuns> groups; // by size, then mode
    for (const MeasuredRun &m : w.runs()) {
        const ExperimentSpec &spec = m.run().spec;
        ThreadRuns &runs = groups[{spec.bytes, static_cast<int>(spec.mode)}];
        if (spec.hostThreads == 1 && spec.defaultStream == DefaultStream::Legacy)
            runs.one = &m;
        else if (spec.defaultStream == DefaultStream::PerThread)
            runs.perThread = &m;
        else
            runs.legacy = &m;
    }
    // The largest slow-down of the legacy stream against per-thread streams,
    // and whether any split kernel beat one thread.
    double worst = 0;
    QString worstWhere;
    bool splitWon = false;
    bool anyCompared = false;
    QString quickerCopy; // the first split to-device that beat one thread
    for (const auto &[key, runs] : groups) {
        if (!runs.one || !runs.legacy)
            continue;
        const MeasuredRun &one = *runs.one;
        const auto oneKernel = one.timeNs(Phase::Kernel);
        const auto legacyKernel = runs.legacy->timeNs(Phase::Kernel);
        if (!oneKernel || !legacyKernel)
            continue;
        anyCompared = true;
        const QString size = bytes(key.first);
        // The fastest split to-device against one thread's, where it was
        // more than a quarter quicker.
        if (quickerCopy.isEmpty()) {
            const auto oneCopy = one.timeNs(Phase::ToDevice);
            for (const MeasuredRun *split : {runs.legacy, runs.perThread}) {
                const auto copy = split ? split->timeNs(Phase::ToDevice) : std::nullopt;
                if (oneCopy && copy && *oneCopy > 20'000 && ratioOf(*copy, *oneCopy) < 0.8) {
                    quickerCopy = Lessons::tr("at %1 per buffer %2's to-device phase took %3 on %4 threads against "
                                              "%5 on one")
                                      .arg(size, one.mode(), split->time(Phase::ToDevice))
                                      .arg(demoHostThreads)
                                      .arg(one.time(Phase::ToDevice));
                    break;
                }
            }
        }
        if (!runs.perThread) {
            w.say(Lessons::tr("At %1 per buffer, %2's kernel phase took %3 on one thread and %4 on %5 threads, each "
                              "with a command queue of its own; its to-device phase %6 and %7.")
                      .arg(size, one.mode(), one.time(Phase::Kernel), runs.legacy->time(Phase::Kernel))
                      .arg(demoHostThreads)
                      .arg(one.time(Phase::ToDevice), runs.legacy->time(Phase::ToDevice)));
            splitWon = splitWon || *legacyKernel < *oneKernel;
            continue;
        }
        const MeasuredRun &perThread = *runs.perThread;
        w.say(Lessons::tr("At %1 per buffer, %2's kernel phase took %3 on one thread, %4 on %5 threads sharing the "
                          "legacy default stream, and %6 on %5 threads each on its own per-thread stream; its "
                          "to-device phase %7, %8 and %9.")
                  .arg(size, one.mode(), one.time(Phase::Kernel), runs.legacy->time(Phase::Kernel))
                  .arg(demoHostThreads)
                  .arg(perThread.time(Phase::Kernel), one.time(Phase::ToDevice), runs.legacy->time(Phase::ToDevice),
                       perThread.time(Phase::ToDevice)));
        if (const auto split = perThread.timeNs(Phase::Kernel)) {
            splitWon = splitWon || std::min(*split, *legacyKernel) < *oneKernel;
            if (const double r = ratioOf(*legacyKernel, *split); r > worst) {
                worst = r;
                worstWhere = Lessons::tr("%1's kernel phase at %2 per buffer").arg(one.mode(), size);
            }
        }
    }
    if (anyCompared)
        conclude(w, worst, worstWhere, splitWon, quickerCopy);
}

} // namespace sharescope
