// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/traceexport.h"

#include "bytesize.h"
#include "environment.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <utility>

namespace sharescope {
namespace {

using json = nlohmann::ordered_json;

// Thread ids within a run's process. Iterations follow from
// firstIterationTrack, one each, whatever their number.
constexpr int runTrack = 1;
constexpr int ipcTrack = 2;
constexpr int deviceTrack = 3;
constexpr int migrationTrack = 4;
constexpr int firstIterationTrack = 10;

double micros(std::uint64_t ns)
{
    return static_cast<double>(ns) / 1000.0;
}

std::string hex(std::uint64_t value)
{
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

std::string_view kindName(ReportSet::Kind kind)
{
    return kind == ReportSet::Kind::Run ? "run" : kind == ReportSet::Kind::Compare ? "compare" : "sweep";
}

std::string runName(const RunReport &r)
{
    std::string device = r.device.id.empty() ? r.spec.deviceId : r.device.id;
    if (!r.device.name.empty())
        device += " (" + r.device.name + ")";
    return std::string(modeName(r.spec.mode)) + " · " + std::string(kernelName(r.spec.kernel)) + " · "
        + formatBytes(r.spec.bytes) + " · " + device;
}

// A phase where the layout put it: on which track, from when (ns since the
// run's start).
struct Placed
{
    const PhaseResult *phase = nullptr;
    int iteration = -1; // -1: alloc and free
    bool warmup = false;
    int track = runTrack;
    std::uint64_t startNs = 0;
};

std::vector<Placed> layOut(const RunReport &r)
{
    std::vector<Placed> placed;
    std::uint64_t cursor = 0;
    const auto add = [&](const PhaseResult &phase, int iteration, bool warmup, int track) {
        placed.push_back({&phase, iteration, warmup, track, cursor});
        cursor += phase.hostNs;
    };
    add(r.alloc, -1, false, runTrack);
    for (std::size_t i = 0; i < r.iterations.size(); ++i) {
        const IterationResult &iteration = r.iterations[i];
        for (const PhaseResult &phase : iteration.phases)
            add(phase, iteration.index, iteration.warmup, firstIterationTrack + static_cast<int>(i));
    }
    if (r.free)
        add(*r.free, -1, false, runTrack);
    return placed;
}

json metadataEvent(int pid, int tid, const char *name, json args)
{
    return {{"name", name}, {"ph", "M"}, {"pid", pid}, {"tid", tid}, {"args", std::move(args)}};
}

json trackName(int pid, int tid, const std::string &name, int order)
{
    return json::array({metadataEvent(pid, tid, "thread_name", {{"name", name}}),
                        metadataEvent(pid, tid, "thread_sort_index", {{"sort_index", order}})});
}

json phaseArgs(const Placed &p)
{
    const PhaseResult &phase = *p.phase;
    json args{{"phase", phaseName(phase.phase)},
              {"iteration", p.iteration},
              {"warmup", p.warmup},
              {"hostNs", phase.hostNs},
              {"bytesToDevice", phase.bytesToDevice},
              {"bytesToHost", phase.bytesToHost},
              {"bytesBetweenDevices", phase.bytesBetweenDevices},
              {"bytesAccessed", phase.bytesAccessed}};
    args["deviceNs"] = phase.deviceNs ? json(*phase.deviceNs) : json(nullptr);
    if (const auto bandwidth = phase.bandwidth()) {
        args["bandwidthBytesPerSecond"] = *bandwidth;
        args["bandwidth"] = formatBandwidth(*bandwidth);
    }
    if (phase.counters) {
        // Only what the driver reported: a missing counter is not a zero.
        const Counters &c = *phase.counters;
        const std::pair<const char *, const std::optional<std::uint64_t> *> fields[]{
            {"migratedHostToDevice", &c.bytesHostToDevice},
            {"migratedDeviceToHost", &c.bytesDeviceToHost},
            {"cpuPageFaults", &c.cpuPageFaults},
            {"gpuPageFaultGroups", &c.gpuPageFaultGroups},
            {"thrashing", &c.thrashing},
            {"throttling", &c.throttling},
            {"remoteMaps", &c.remoteMaps},
            {"migratedDeviceToDevice", &c.bytesDeviceToDevice}};
        for (const auto &[name, value] : fields) {
            if (*value)
                args[name] = **value;
        }
    }
    return args;
}

json complete(int pid, int tid, std::string_view name, const char *category, std::uint64_t startNs,
              std::uint64_t durationNs, json args)
{
    return {{"name", name},
            {"cat", category},
            {"ph", "X"},
            {"pid", pid},
            {"tid", tid},
            {"ts", micros(startNs)},
            {"dur", micros(durationNs)},
            {"args", std::move(args)}};
}

json counter(int pid, const char *name, std::uint64_t atNs, json series)
{
    return {{"name", name}, {"ph", "C"}, {"pid", pid}, {"tid", runTrack}, {"ts", micros(atNs)}, {"args", series}};
}

json migrationArgs(const MigrationEvent &e)
{
    json args{{"kind", counterKindName(e.kind)}};
    switch (e.kind) {
    case CounterKind::BytesHostToDevice:
    case CounterKind::BytesDeviceToHost:
    case CounterKind::BytesDeviceToDevice:
        args["bytes"] = e.value;
        break;
    case CounterKind::CpuPageFault:
        args["programCounter"] = hex(e.value);
        break;
    case CounterKind::GpuPageFault:
        args["faultGroups"] = e.value;
        break;
    case CounterKind::Thrashing:
    case CounterKind::Throttling:
    case CounterKind::RemoteMap:
        args["value"] = e.value;
        break;
    }
    args["address"] = hex(e.address);
    // The CUDA devices the record names, as the report has them: where a
    // transfer came from and went to, or the GPU that faulted.
    if (e.sourceDevice >= 0)
        args["sourceDevice"] = e.sourceDevice;
    if (e.destinationDevice >= 0)
        args["destinationDevice"] = e.destinationDevice;
    args["cause"] = migrationCauseName(e.cause);
    args["iteration"] = e.iteration;
    args["phase"] = phaseName(e.phase);
    args["counterStartNs"] = e.startNs;
    args["counterEndNs"] = e.endNs;
    return args;
}

// Each migration's place on the host timeline (see the header for why
// relative to its phase). One attributed to a phase the report lacks is
// drawn at the run's start rather than dropped.
std::vector<std::pair<std::uint64_t, const MigrationEvent *>> placeMigrations(const RunReport &r,
                                                                              const std::vector<Placed> &phases)
{
    std::map<std::pair<int, Phase>, const Placed *> byPhase;
    for (const Placed &p : phases)
        byPhase.emplace(std::pair(p.iteration, p.phase->phase), &p);
    std::map<std::pair<int, Phase>, std::uint64_t> firstCounterNs;
    for (const MigrationEvent &e : r.counted.migrations) {
        auto [it, added] = firstCounterNs.emplace(std::pair(e.iteration, e.phase), e.startNs);
        if (!added)
            it->second = std::min(it->second, e.startNs);
    }
    std::vector<std::pair<std::uint64_t, const MigrationEvent *>> placed;
    for (const MigrationEvent &e : r.counted.migrations) {
        const auto phase = byPhase.find({e.iteration, e.phase});
        std::uint64_t at = 0;
        if (phase != byPhase.end()) {
            const Placed &p = *phase->second;
            const std::uint64_t offset = e.startNs - firstCounterNs.at({e.iteration, e.phase});
            at = p.startNs + std::min(offset, p.phase->hostNs);
        }
        placed.emplace_back(at, &e);
    }
    std::ranges::stable_sort(placed, {}, &std::pair<std::uint64_t, const MigrationEvent *>::first);
    return placed;
}

void addCounters(json &events, int pid, const std::vector<Placed> &phases)
{
    bool migrated = false;
    for (const Placed &p : phases) {
        json copied{{"to device", p.phase->bytesToDevice}, {"to host", p.phase->bytesToHost}};
        if (p.phase->bytesBetweenDevices)
            copied["between devices"] = p.phase->bytesBetweenDevices;
        events.push_back(counter(pid, "copied bytes", p.startNs, copied));
        const auto &c = p.phase->counters;
        if (c && (c->bytesHostToDevice || c->bytesDeviceToHost)) {
            json series = json::object();
            if (c->bytesHostToDevice)
                series["host to device"] = *c->bytesHostToDevice;
            if (c->bytesDeviceToHost)
                series["device to host"] = *c->bytesDeviceToHost;
            events.push_back(counter(pid, "migrated bytes", p.startNs, series));
            migrated = true;
        }
    }
    if (phases.empty())
        return;
    // Counters hold their value until the next sample: end the last phase's.
    const std::uint64_t end = phases.back().startNs + phases.back().phase->hostNs;
    events.push_back(counter(pid, "copied bytes", end, {{"to device", 0}, {"to host", 0}}));
    if (migrated)
        events.push_back(counter(pid, "migrated bytes", end, {{"host to device", 0}, {"device to host", 0}}));
}

void addRun(json &events, const RunReport &r, int pid)
{
    events.push_back(metadataEvent(pid, 0, "process_name", {{"name", runName(r)}}));
    events.push_back(metadataEvent(pid, 0, "process_sort_index", {{"sort_index", pid}}));
    const std::vector<Placed> phases = layOut(r);
    int order = 0;
    for (const auto &e : trackName(pid, runTrack, "alloc and free", order++))
        events.push_back(e);
    for (std::size_t i = 0; i < r.iterations.size(); ++i) {
        const IterationResult &it = r.iterations[i];
        const std::string name = "iteration " + std::to_string(it.index) + (it.warmup ? " (warm-up)" : "");
        for (const auto &e : trackName(pid, firstIterationTrack + static_cast<int>(i), name, order++))
            events.push_back(e);
    }
    for (const Placed &p : phases) {
        events.push_back(
            complete(pid, p.track, phaseName(p.phase->phase), "phase", p.startNs, p.phase->hostNs, phaseArgs(p)));
    }
    if (r.ipc) {
        // The peer opens the handles at the end of alloc, timed by itself.
        const std::uint64_t allocEnd = r.alloc.hostNs;
        const std::uint64_t openNs = std::min(r.ipc->openNs, allocEnd);
        for (const auto &e : trackName(pid, ipcTrack, "ipc peer (pid " + std::to_string(r.ipc->peerPid) + ")", order++))
            events.push_back(e);
        events.push_back(complete(
            pid, ipcTrack, "ipc-open", "phase", allocEnd - openNs, openNs,
            {{"phase", "ipc-open"}, {"iteration", -1}, {"hostNs", r.ipc->openNs}, {"peerPid", r.ipc->peerPid}}));
    }
    if (std::ranges::any_of(phases, [](const Placed &p) { return p.phase->deviceNs.has_value(); })) {
        for (const auto &e : trackName(pid, deviceTrack, "device time", order++))
            events.push_back(e);
        for (const Placed &p : phases) {
            if (!p.phase->deviceNs)
                continue;
            // Drawn within its phase, so that the track's events never overlap;
            // args keep the measured value.
            const std::uint64_t shown = std::min(*p.phase->deviceNs, p.phase->hostNs);
            events.push_back(
                complete(pid, deviceTrack, phaseName(p.phase->phase), "device", p.startNs, shown, phaseArgs(p)));
        }
    }
    if (!r.counted.migrations.empty()) {
        for (const auto &e : trackName(pid, migrationTrack, "migrations", order++))
            events.push_back(e);
        for (const auto &[at, migration] : placeMigrations(r, phases)) {
            events.push_back({{"name", counterKindName(migration->kind)},
                              {"cat", "migration"},
                              {"ph", "i"},
                              {"s", "t"},
                              {"pid", pid},
                              {"tid", migrationTrack},
                              {"ts", micros(at)},
                              {"args", migrationArgs(*migration)}});
        }
    }
    addCounters(events, pid, phases);
}

json runMetadata(const RunReport &r, int pid)
{
    return {{"pid", pid},
            {"name", runName(r)},
            {"command", r.commandLine},
            {"toolVersion", r.toolVersion},
            {"created", r.createdUtc},
            {"device", r.device.id},
            {"deviceName", r.device.name},
            {"mode", modeName(r.spec.mode)},
            {"kernel", kernelName(r.spec.kernel)},
            {"bytes", r.spec.bytes},
            {"verified", r.verification.passed()},
            {"countersNote", r.counted.note.english()},
            {"migrationsKept", r.counted.migrations.size()},
            {"migrationsDropped", r.counted.migrationsDropped},
            {"countersLost", r.counted.lost}};
}

} // namespace

std::string toTraceJson(const ReportSet &set, int indent)
{
    json events = json::array();
    json runs = json::array();
    for (std::size_t i = 0; i < set.runs.size(); ++i) {
        const int pid = static_cast<int>(i) + 1;
        addRun(events, set.runs[i], pid);
        runs.push_back(runMetadata(set.runs[i], pid));
    }
    json skipped = json::array();
    for (const SkippedRun &s : set.skipped)
        skipped.push_back({{"mode", modeName(s.mode)}, {"bytes", s.bytes}, {"reason", skippedReasonText(s.reason)}});
    // A single run's set may carry its command only in the run.
    const std::string command
        = !set.commandLine.empty() || set.runs.empty() ? set.commandLine : set.runs.front().commandLine;
    const std::string measuredBy = set.runs.empty() ? toolVersion() : set.runs.front().toolVersion;
    const json document{{"traceEvents", events},
                        {"displayTimeUnit", "ns"},
                        {"metadata",
                         {{"format", "sharescope-trace"},
                          {"kind", kindName(set.kind)},
                          {"command", command},
                          {"toolVersion", measuredBy},
                          {"exportedBy", "ShareScope " + toolVersion()},
                          {"runs", runs},
                          {"skipped", skipped}}}};
    return document.dump(indent, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace sharescope
