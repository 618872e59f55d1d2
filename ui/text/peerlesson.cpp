// SPDX-License-Identifier: GPL-3.0-or-later
#include "peerlesson.h"

#include "peertext.h"

namespace sharescope {
namespace {

using namespace lesson;

// How many times faster b is than a, or slower, in words.
QString faster(std::uint64_t a, std::uint64_t b)
{
    return b <= a ? Lessons::tr("%1 faster").arg(times(static_cast<double>(a), static_cast<double>(b)))
                  : Lessons::tr("%1 slower").arg(times(static_cast<double>(b), static_cast<double>(a)));
}

void copies(LessonWriter &w)
{
    const MeasuredRun *off = w.find(ModeId::PeerCopy, false);
    const MeasuredRun *on = w.find(ModeId::PeerCopy, true);
    const MeasuredRun *any = off ? off : on;
    if (!any)
        return;
    const ExperimentSpec &spec = any->run().spec;
    const QString pair = QStringLiteral("%1 → %2").arg(q(spec.deviceId), q(spec.peerId));
    if (off) {
        w.say(Lessons::tr("Without peer access (%1, %2), cudaMemcpyPeerAsync copied %3 to the peer in %4 (%5): the "
                          "driver staged every byte through host memory, across the bus twice.")
                  .arg(off->mode(), pair, bytes(off->phase(Phase::ToDevice).bytesBetweenDevices),
                       off->time(Phase::ToDevice), off->bandwidth(Phase::ToDevice)));
    }
    if (on) {
        w.say(Lessons::tr("With peer access enabled first (cudaDeviceEnablePeerAccess, both ways), the same %1 went "
                          "straight from one GPU's memory to the other's in %2 (%3).")
                  .arg(bytes(on->phase(Phase::ToDevice).bytesBetweenDevices), on->time(Phase::ToDevice),
                       on->bandwidth(Phase::ToDevice)));
    }
    if (off && on && off->timeNs(Phase::ToDevice) && on->timeNs(Phase::ToDevice)) {
        w.say(Lessons::tr("One call made the copy %1; a whole iteration took %2 without peer access and %3 with it.")
                  .arg(faster(*off->timeNs(Phase::ToDevice), *on->timeNs(Phase::ToDevice)), duration(off->totals().ns),
                       duration(on->totals().ns)));
    }
}

void direct(LessonWriter &w)
{
    const MeasuredRun *direct = w.find(ModeId::PeerAccess);
    if (!direct)
        return;
    w.say(Lessons::tr("With %1 nothing was copied between the GPUs (%2): the peer's kernel read and wrote %3's "
                      "memory in place, every access crossing the link, in %4 (%5).")
              .arg(direct->mode(),
                   bytes(direct->phase(Phase::ToDevice).bytesBetweenDevices
                         + direct->phase(Phase::ToHost).bytesBetweenDevices),
                   q(direct->run().spec.deviceId), direct->time(Phase::Kernel), direct->bandwidth(Phase::Kernel)));
    const MeasuredRun *copied = w.find(ModeId::PeerCopy, true);
    if (copied && direct->timeNs(Phase::Kernel) && copied->timeNs(Phase::Kernel)) {
        w.say(Lessons::tr("The same kernel on the peer's own memory, after the copies, took %1; reaching across the "
                          "link it was %2 (a whole iteration took %3 with the copies, %4 without them).")
                  .arg(copied->time(Phase::Kernel),
                       faster(*copied->timeNs(Phase::Kernel), *direct->timeNs(Phase::Kernel)),
                       duration(copied->totals().ns), duration(direct->totals().ns)));
    }
}

void managed(LessonWriter &w)
{
    if (const MeasuredRun *faulting = w.find(ModeId::ManagedPeer)) {
        w.say(Lessons::tr("In %1 every buffer started the iteration on %2; the peer's kernel touched it and its "
                          "faults moved the pages from GPU to GPU while it ran: the kernel took %3, and the records "
                          "show %4 moving device to device (GPU fault groups: %5).")
                  .arg(faulting->mode(), q(faulting->run().spec.deviceId), faulting->time(Phase::Kernel),
                       faulting->migratedText(faulting->counter(Phase::Kernel, &Counters::bytesDeviceToDevice)),
                       faulting->countText(faulting->counter(Phase::Kernel, &Counters::gpuPageFaultGroups))));
    }
    if (const MeasuredRun *prefetched = w.find(ModeId::ManagedPeerPrefetch)) {
        w.say(Lessons::tr("%1 prefetched them instead: %2 to the peer in %3 (%4) before the kernel, which then took "
                          "%5, and back in %6.")
                  .arg(prefetched->mode(), bytes(prefetched->phase(Phase::ToDevice).bytesBetweenDevices),
                       prefetched->time(Phase::ToDevice), prefetched->bandwidth(Phase::ToDevice),
                       prefetched->time(Phase::Kernel), prefetched->time(Phase::ToHost)));
    }
    const MeasuredRun *faulting = w.find(ModeId::ManagedPeer);
    const MeasuredRun *prefetched = w.find(ModeId::ManagedPeerPrefetch);
    if (faulting && prefetched && faulting->countersOn()) {
        if (faulting->run().counted.recordsSource == RecordsSource::DriverEvents) {
            w.say(Lessons::tr("Device-to-device bytes come from the driver's own migration records: its exact "
                              "counters count no copies between GPUs, and its event queue says how many records it "
                              "dropped (here: %1).")
                      .arg(q(formatCount(faulting->run().counted.lost))));
        } else {
            w.say(Lessons::tr("Device-to-device bytes come only from CUPTI's records: the UVM driver's exact counters "
                              "count no copies between GPUs, and CUPTI loses records when many pages fault at once."));
        }
    }
}

} // namespace

void peerAccessLesson(LessonWriter &w)
{
    copies(w);
    direct(w);
    managed(w);
    if (w.runCount() < 2)
        return;
    const MeasuredRun *quickest = &w.runs().front();
    for (const MeasuredRun &run : w.runs()) {
        if (run.totals().ns < quickest->totals().ns)
            quickest = &run;
    }
    w.say(Lessons::tr("Fastest whole iteration here: %1 (%2).")
              .arg(code(s(modeLabel(quickest->run().spec))), duration(quickest->totals().ns)));
}

} // namespace sharescope
