// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportjson.h"

#include "ceilings/ceilingsjson.h"
#include "devicelist.h"
#include "messagejson.h"
#include "report/bytebudget.h"
#include "report/environmentjson.h"
#include "report/jsonreader.h"
#include "report/reportconsistency.h"
#include "report/reportdocument.h"
#include "report/reportlimits.h"
#include "trnoop.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <variant>

namespace sharescope {
namespace {

// Ordered, so that a report reads top-down: format, command, device, phases.
using json = nlohmann::ordered_json;
using jsonread::FormatError;
using jsonread::parsed;
using jsonread::Reader;

// DeviceInfo's plain fields, in the order a report lists them after its id
// and backend.
using DeviceField = std::variant<std::string DeviceInfo::*, int DeviceInfo::*, std::uint64_t DeviceInfo::*,
                                 std::uint32_t DeviceInfo::*, bool DeviceInfo::*>;
const std::array<std::pair<const char *, DeviceField>, 33> deviceFields{{
    {"index", &DeviceInfo::index},
    {"name", &DeviceInfo::name},
    {"vendor", &DeviceInfo::vendor},
    {"platform", &DeviceInfo::platform},
    {"deviceVersion", &DeviceInfo::deviceVersion},
    {"driverVersion", &DeviceInfo::driverVersion},
    {"runtimeVersion", &DeviceInfo::runtimeVersion},
    {"versionMajor", &DeviceInfo::versionMajor},
    {"versionMinor", &DeviceInfo::versionMinor},
    {"globalMemoryBytes", &DeviceInfo::globalMemoryBytes},
    {"maxAllocationBytes", &DeviceInfo::maxAllocationBytes},
    {"baseAddressAlignBytes", &DeviceInfo::baseAddressAlignBytes},
    {"computeUnits", &DeviceInfo::computeUnits},
    {"cpuDevice", &DeviceInfo::cpuDevice},
    {"memoryClockKHz", &DeviceInfo::memoryClockKHz},
    {"memoryBusWidthBits", &DeviceInfo::memoryBusWidthBits},
    {"cacheBytes", &DeviceInfo::cacheBytes},
    {"hostUnifiedMemory", &DeviceInfo::hostUnifiedMemory},
    {"svmCoarseBuffer", &DeviceInfo::svmCoarseBuffer},
    {"svmFineBuffer", &DeviceInfo::svmFineBuffer},
    {"svmFineSystem", &DeviceInfo::svmFineSystem},
    {"svmAtomics", &DeviceInfo::svmAtomics},
    {"pciBusId", &DeviceInfo::pciBusId},
    {"managedMemory", &DeviceInfo::managedMemory},
    {"concurrentManagedAccess", &DeviceInfo::concurrentManagedAccess},
    {"pageableMemoryAccess", &DeviceInfo::pageableMemoryAccess},
    {"hostNativeAtomics", &DeviceInfo::hostNativeAtomics},
    {"canMapHostMemory", &DeviceInfo::canMapHostMemory},
    {"unifiedAddressing", &DeviceInfo::unifiedAddressing},
    {"managedBatchOperations", &DeviceInfo::managedBatchOperations},
    {"vmmFileDescriptors", &DeviceInfo::vmmFileDescriptors},
    {"poolFileDescriptors", &DeviceInfo::poolFileDescriptors},
    {"vmmGranularityBytes", &DeviceInfo::vmmGranularityBytes},
}};

// Fields added to version 1 after reports were written without them: a
// report that lacks them keeps their defaults.
constexpr std::array<std::string_view, 7> laterDeviceFields{
    "memoryClockKHz",     "memoryBusWidthBits",  "cacheBytes",         "managedBatchOperations",
    "vmmFileDescriptors", "poolFileDescriptors", "vmmGranularityBytes"};

constexpr const char *reportFormat = "sharescope-report";
constexpr const char *compareFormat = "sharescope-compare";
constexpr const char *sweepFormat = "sharescope-sweep";

template<typename T>
json optionalJson(const std::optional<T> &value)
{
    return value ? json(*value) : json(nullptr);
}

std::string_view roleName(BufferRole role)
{
    switch (role) {
    case BufferRole::Input:
        return "input";
    case BufferRole::Output:
        return "output";
    case BufferRole::InOut:
        break;
    case BufferRole::GpuOnly:
        return "gpu-only";
    case BufferRole::CpuOnly:
        return "cpu-only";
    }
    return "inout";
}

json phaseJson(const PhaseResult &phase)
{
    json counters = nullptr;
    if (phase.counters) {
        counters = json::object();
        for (const CounterField &field : counterFields())
            counters[std::string(field.name)] = optionalJson(*phase.counters.*field.member);
    }
    json entry{{"phase", phaseName(phase.phase)},
               {"hostNs", phase.hostNs},
               {"deviceNs", optionalJson(phase.deviceNs)},
               {"countedNs", optionalJson(phase.countedNs)},
               {"bytesToDevice", phase.bytesToDevice},
               {"bytesToHost", phase.bytesToHost},
               {"bytesBetweenDevices", phase.bytesBetweenDevices},
               {"bytesAccessed", phase.bytesAccessed},
               {"counters", counters}};
    if (phase.smClockMHz)
        entry["smClockMHz"] = *phase.smClockMHz;
    if (!phase.threads.empty()) { // --host-threads: [start, end] per thread
        json threads = json::array();
        for (const ThreadSpan &span : phase.threads)
            threads.push_back({span.startNs, span.endNs});
        entry["threads"] = threads;
    }
    return entry;
}

json statJson(const Stat &stat)
{
    return {{"min", stat.min}, {"median", stat.median}, {"max", stat.max}};
}

json peerJson(const PeerLink &p)
{
    return {{"device", p.peerId},
            {"index", p.peerIndex},
            {"name", p.peerName},
            {"canAccessPeer", optionalJson(p.canAccessPeer)},
            {"peerCanAccess", optionalJson(p.peerCanAccess)},
            {"performanceRank", optionalJson(p.performanceRank)},
            {"accessSupported", optionalJson(p.accessSupported)},
            {"nativeAtomics", optionalJson(p.nativeAtomics)},
            {"partialAtomics", optionalJson(p.partialAtomics)},
            {"cudaArrayAccess", optionalJson(p.cudaArrayAccess)},
            {"accessEnabled", optionalJson(p.accessEnabled)},
            {"peerManagedMemory", p.peerManagedMemory},
            {"peerConcurrentManagedAccess", p.peerConcurrentManagedAccess},
            {"peerMemoryBytes", p.peerMemoryBytes}};
}

// The counters' notes in English, and each as its template where it has
// one ("noteTemplate", ...), so that a reader says them in its language.
json countersJson(const RunReport &r)
{
    json counters{{"enabled", r.counted.enabled},
                  {"note", r.counted.note.english()},
                  {"lost", r.counted.lost},
                  {"totals", counterTotalsName(r.counted.totals)},
                  {"exactNote", r.counted.exactNote.english()},
                  {"recordsNote", r.counted.recordsNote.english()},
                  {"records", recordsSourceName(r.counted.recordsSource)},
                  {"driverEventsNote", r.counted.driverEventsNote.english()},
                  {"migratedByCause", nullptr},
                  {"accessCounterMigration", optionalJson(r.counted.accessCounterMigration)}};
    if (r.counted.migratedByCause) {
        json causes = json::object();
        for (std::size_t c = 0; c < migrationCauseCount; ++c)
            causes[std::string(migrationCauseName(static_cast<MigrationCause>(c)))] = (*r.counted.migratedByCause)[c];
        counters["migratedByCause"] = causes;
    }
    for (const auto &[key, note] :
         {std::pair{"noteTemplate", &r.counted.note}, std::pair{"exactNoteTemplate", &r.counted.exactNote},
          std::pair{"recordsNoteTemplate", &r.counted.recordsNote},
          std::pair{"driverEventsNoteTemplate", &r.counted.driverEventsNote}}) {
        if (!note->empty())
            counters[key] = messageToJson<json>(*note);
    }
    return counters;
}

// The GPU's clock: its maximum, why it is not reported, the warm-up.
json clocksJson(const std::optional<RunClocks> &clocks)
{
    if (!clocks)
        return nullptr;
    json entry{{"maxSmMHz", optionalJson(clocks->maxSmMHz)}, {"note", clocks->note.english()}, {"warmup", nullptr}};
    if (!clocks->note.empty())
        entry["noteTemplate"] = messageToJson<json>(clocks->note);
    if (const auto &w = clocks->warmup) {
        entry["warmup"] = {{"ns", w->ns},
                           {"rounds", w->rounds},
                           {"fromMHz", optionalJson(w->fromMHz)},
                           {"toMHz", optionalJson(w->toMHz)},
                           {"settled", w->settled}};
    }
    return entry;
}

json deviceJson(const DeviceInfo &d)
{
    json device{{"id", d.id}, {"backend", backendPrefix(d.backend)}};
    for (const auto &[name, field] : deviceFields)
        std::visit([&, key = name](auto member) { device[key] = d.*member; }, field);
    device["nvlinkActiveLinks"] = optionalJson(d.nvlinkActiveLinks);
    device["nvlinkVersion"] = optionalJson(d.nvlinkVersion);
    device["nvlinkNote"] = d.nvlinkNote;
    json peers = json::array();
    for (const PeerLink &link : d.peers)
        peers.push_back(peerJson(link));
    device["peers"] = peers;
    return device;
}

json specJson(const ExperimentSpec &s)
{
    return {{"device", s.deviceId},
            {"mode", modeName(s.mode)},
            {"kernel", kernelName(s.kernel)},
            {"bytes", s.bytes},
            {"iterations", s.iterations},
            {"warmup", s.warmup},
            {"strideBytes", s.strideBytes},
            {"rounds", s.rounds},
            {"advice", s.advice ? adviceName(*s.advice) : std::string_view()},
            {"peer", s.peerId},
            {"peerAccess", optionalJson(s.peerAccess)},
            {"writeCombined", s.writeCombined},
            {"hostThreads", s.hostThreads},
            {"defaultStream", defaultStreamName(s.defaultStream)},
            {"counters", s.counters},
            {"records", recordsSourceName(s.records)},
            {"clockWarmup", s.clockWarmup}};
}

json ipcStepsJson(const std::optional<IpcSetupSteps> &steps)
{
    if (!steps)
        return nullptr;
    return {{"exportNs", steps->exportNs},
            {"passNs", steps->passNs},
            {"importNs", steps->importNs},
            {"mapNs", optionalJson(steps->mapNs)}};
}

// Written for scripts and readers (scripts/gpu-check-budget.py); a reader
// computes it again from the run (counting/bytebudget.h).
json budgetJson(const RunReport &r)
{
    const auto budget = byteBudget(r.spec);
    if (!budget)
        return {{"none", budget.error().message}};
    json phases = json::array();
    for (const PhaseBudgetCheck &check : checkBudget(r)) {
        phases.push_back({{"phase", phaseName(check.budget.phase)},
                          {"toDevice", check.budget.toDevice},
                          {"toHost", check.budget.toHost},
                          {"kind", check.budget.kind == BudgetKind::Exact ? "exact" : "at-most"},
                          {"allowance", check.budget.allowance},
                          {"movedToDevice", optionalJson(check.movedToDevice)},
                          {"movedToHost", optionalJson(check.movedToHost)},
                          {"verdict", budgetVerdictName(check.verdict)},
                          {"overBy", check.overBy}});
    }
    return {{"note", budget->note ? json(budget->note) : json(nullptr)}, {"phases", phases}};
}

json migrationsJson(const RunReport &r)
{
    json events = json::array();
    for (const MigrationEvent &e : r.counted.migrations) {
        events.push_back({{"kind", counterKindName(e.kind)},
                          {"startNs", e.startNs},
                          {"endNs", e.endNs},
                          {"address", e.address},
                          {"value", e.value},
                          {"cause", migrationCauseName(e.cause)},
                          {"sourceDevice", e.sourceDevice},
                          {"destinationDevice", e.destinationDevice},
                          {"iteration", e.iteration},
                          {"phase", phaseName(e.phase)}});
    }
    return {{"events", events}, {"dropped", r.counted.migrationsDropped}};
}

json residencyJson(const Residency &residency)
{
    if (residency.buffers.empty())
        return nullptr;
    json buffers = json::array();
    for (const ResidencyBuffer &b : residency.buffers) {
        buffers.push_back(
            {{"name", b.name}, {"address", b.address}, {"bytes", b.bytes}, {"hostWritten", b.hostWritten}});
    }
    json snapshots = json::array();
    for (const ResidencySnapshot &snapshot : residency.snapshots) {
        json chunks = json::array();
        for (const std::string &buffer : snapshot.chunks)
            chunks.push_back(runLengthEncode(buffer));
        snapshots.push_back(
            {{"iteration", snapshot.iteration}, {"phase", phaseName(snapshot.phase)}, {"chunks", chunks}});
    }
    return {{"source", residencySourceName(residency.source)},
            {"chunkBytes", residency.chunkBytes},
            {"unexplainedBytes", residency.unexplainedBytes},
            {"buffers", buffers},
            {"snapshots", snapshots}};
}

json reportJson(const RunReport &r)
{
    json buffers = json::array();
    for (const BufferReport &b : r.buffers) {
        buffers.push_back({{"name", b.name},
                           {"type", elementTypeName(b.type)},
                           {"role", roleName(b.role)},
                           {"bytes", b.bytes},
                           {"placement", b.placement},
                           {"zeroCopy", optionalJson(b.zeroCopy)},
                           {"managed", b.managed},
                           {"address", b.address}});
    }
    json iterations = json::array();
    for (const IterationResult &it : r.iterations) {
        json phases = json::array();
        for (const PhaseResult &p : it.phases)
            phases.push_back(phaseJson(p));
        iterations.push_back({{"index", it.index}, {"warmup", it.warmup}, {"phases", phases}});
    }
    json summary = json::array();
    for (const PhaseSummary &s : summarize(r)) {
        json entry = phaseJson(s.median);
        entry.erase("hostNs");
        entry.erase("deviceNs");
        entry["samples"] = s.samples;
        entry["hostNs"] = statJson(s.hostNs);
        entry["deviceNs"] = s.deviceNs ? statJson(*s.deviceNs) : json(nullptr);
        entry["bandwidthBytesPerSecond"] = optionalJson(s.median.bandwidth());
        if (r.ceilings)
            entry["ceiling"] = phaseCeilingJson(phaseCeiling(s.median, r.spec, r.device, *r.ceilings));
        summary.push_back(entry);
    }
    json mismatches = json::array();
    for (const Mismatch &m : r.verification.first) {
        mismatches.push_back(
            {{"buffer", m.buffer}, {"index", m.index}, {"expected", m.expected}, {"actual", m.actual}});
    }
    return {{"format", reportFormat},
            {"formatVersion", reportFormatVersion},
            {"toolVersion", r.toolVersion},
            {"command", r.commandLine},
            {"created", r.createdUtc},
            {"environment", environmentToJson<json>(r.environment)},
            {"device", deviceJson(r.device)},
            {"spec", specJson(r.spec)},
            {"buffers", buffers},
            {"alloc", phaseJson(r.alloc)},
            {"free", r.free ? phaseJson(*r.free) : json(nullptr)},
            {"iterations", iterations},
            {"summary", summary},
            {"verification",
             {{"passed", r.verification.passed()},
              {"checked", r.verification.checked},
              {"mismatches", r.verification.mismatches},
              {"first", mismatches}}},
            {"counters", countersJson(r)},
            {"ipc",
             r.ipc ? json{{"peerPid", r.ipc->peerPid},
                          {"memoryHandles", r.ipc->memoryHandles},
                          {"eventHandle", r.ipc->eventHandle},
                          {"openNs", r.ipc->openNs},
                          {"steps", ipcStepsJson(r.ipc->steps)}}
                   : json(nullptr)},
            {"migrations", migrationsJson(r)},
            {"residency", residencyJson(r.counted.residency)},
            {"ceilings", r.ceilings ? ceilingsJson(*r.ceilings) : json(nullptr)},
            {"clocks", clocksJson(r.clocks)},
            {"budget", budgetJson(r)}};
}

void readInto(const Reader &r, std::string &value)
{
    value = r.string();
}
void readInto(const Reader &r, int &value)
{
    value = r.intValue();
}
void readInto(const Reader &r, std::uint64_t &value)
{
    value = r.unsignedValue();
}
void readInto(const Reader &r, std::uint32_t &value)
{
    const std::uint64_t wide = r.unsignedValue();
    if (wide > UINT32_MAX)
        r.fail("must be at most " + std::to_string(UINT32_MAX));
    value = static_cast<std::uint32_t>(wide);
}
void readInto(const Reader &r, bool &value)
{
    value = r.boolean();
}

// A note in English, with its template where the report has one that says
// the same (reports written before templates have none).
MessageTemplate readNote(const Reader &counters, const char *key)
{
    const std::string english = counters[key].string();
    const std::string templateKey = std::string(key) + "Template";
    if (counters.has(templateKey.c_str())) {
        auto message = messageFromJson(counters[templateKey.c_str()].raw());
        if (message && message->english() == english)
            return std::move(*message);
    }
    return MessageTemplate(english);
}

std::optional<std::uint32_t> optionalUnsigned32(const Reader &r)
{
    if (r.isNull())
        return std::nullopt;
    std::uint32_t mhz = 0;
    readInto(r, mhz);
    return mhz;
}

RunClocks readClocks(const Reader &r)
{
    RunClocks clocks;
    clocks.maxSmMHz = optionalUnsigned32(r["maxSmMHz"]);
    clocks.note = readNote(r, "note");
    if (!r["warmup"].isNull()) {
        const Reader w = r["warmup"];
        ClockWarmup warmup;
        warmup.ns = w["ns"].unsignedValue();
        warmup.rounds = w["rounds"].intValue();
        if (warmup.rounds < 0)
            w["rounds"].fail("must be at least 0");
        warmup.fromMHz = optionalUnsigned32(w["fromMHz"]);
        warmup.toMHz = optionalUnsigned32(w["toMHz"]);
        warmup.settled = w["settled"].boolean();
        clocks.warmup = warmup;
    }
    return clocks;
}

PhaseResult readPhase(const Reader &r)
{
    PhaseResult phase;
    const std::string phaseText = r["phase"].string();
    const auto parsed = phaseFromName(phaseText);
    if (!parsed)
        r["phase"].fail("names an unknown phase '" + phaseText + "'");
    phase.phase = *parsed;
    phase.hostNs = r["hostNs"].unsignedValue();
    phase.deviceNs = r["deviceNs"].optionalUnsigned();
    if (r.has("countedNs")) // version 2
        phase.countedNs = r["countedNs"].optionalUnsigned();
    phase.bytesToDevice = r["bytesToDevice"].unsignedValue();
    phase.bytesToHost = r["bytesToHost"].unsignedValue();
    if (r.has("bytesBetweenDevices")) // absent from reports written before the peer modes
        phase.bytesBetweenDevices = r["bytesBetweenDevices"].unsignedValue();
    phase.bytesAccessed = r["bytesAccessed"].unsignedValue();
    if (r.has("smClockMHz")) { // absent from reports written before the clock was read
        std::uint32_t mhz = 0;
        readInto(r["smClockMHz"], mhz);
        phase.smClockMHz = mhz;
    }
    if (r.has("threads")) { // --host-threads: the phases the threads split
        if (std::ranges::find(iterationPhases, phase.phase) == iterationPhases.end())
            r["threads"].fail("is only for the phases of an iteration, which host threads split");
        if (r["threads"].raw().is_array() && r["threads"].raw().size() > static_cast<std::size_t>(maxHostThreads))
            r["threads"].fail("has more than " + std::to_string(maxHostThreads) + " threads");
        const std::vector<Reader> spans = r["threads"].items();
        for (const Reader &span : spans) {
            const std::vector<Reader> ends = span.items();
            if (ends.size() != 2)
                span.fail("must be [start, end]");
            const ThreadSpan t{ends[0].unsignedValue(), ends[1].unsignedValue()};
            if (t.startNs > t.endNs || t.endNs > phase.hostNs)
                span.fail("must start before it ends, within the phase's host time");
            phase.threads.push_back(t);
        }
    }
    if (!r["counters"].isNull()) {
        Counters counters;
        for (const CounterField &field : counterFields()) {
            // A counter an older report lacks was not reported then.
            const std::string name(field.name);
            if (r["counters"].has(name.c_str()))
                counters.*field.member = r["counters"][name.c_str()].optionalUnsigned();
        }
        phase.counters = counters;
    }
    return phase;
}

std::optional<int> optionalInt(const Reader &r)
{
    return r.isNull() ? std::nullopt : std::optional(r.intValue());
}

PeerLink readPeer(const Reader &r)
{
    PeerLink p;
    p.peerId = r["device"].string();
    if (!validPeerId(p.peerId))
        r["device"].fail("must name a CUDA device, as cuda:N");
    p.peerIndex = r["index"].intValue();
    p.peerName = r["name"].string();
    p.canAccessPeer = r["canAccessPeer"].optionalBool();
    p.peerCanAccess = r["peerCanAccess"].optionalBool();
    p.performanceRank = optionalInt(r["performanceRank"]);
    p.accessSupported = r["accessSupported"].optionalBool();
    p.nativeAtomics = r["nativeAtomics"].optionalBool();
    p.partialAtomics = r["partialAtomics"].optionalBool();
    p.cudaArrayAccess = r["cudaArrayAccess"].optionalBool();
    p.accessEnabled = r["accessEnabled"].optionalBool();
    p.peerManagedMemory = r["peerManagedMemory"].boolean();
    p.peerConcurrentManagedAccess = r["peerConcurrentManagedAccess"].boolean();
    p.peerMemoryBytes = r["peerMemoryBytes"].unsignedValue();
    return p;
}

DeviceInfo readDevice(const Reader &r)
{
    DeviceInfo d;
    d.id = r["id"].string();
    const std::string backend = r["backend"].string();
    if (backend != "cuda" && backend != "opencl")
        r["backend"].fail("must be \"cuda\" or \"opencl\"");
    d.backend = backend == "cuda" ? BackendKind::Cuda : BackendKind::OpenCL;
    for (const auto &[name, field] : deviceFields) {
        if (!r.has(name) && std::ranges::find(laterDeviceFields, name) != laterDeviceFields.end())
            continue;
        std::visit([&, key = name](auto member) { readInto(r[key], d.*member); }, field);
    }
    if (r.has("nvlinkActiveLinks")) { // absent from reports written before NVLink was read
        d.nvlinkActiveLinks = optionalUnsigned32(r["nvlinkActiveLinks"]);
        d.nvlinkVersion = optionalUnsigned32(r["nvlinkVersion"]);
        d.nvlinkNote = r["nvlinkNote"].string();
    }
    if (r.has("peers")) { // absent from reports written before the peer modes
        for (const Reader &p : r["peers"].items())
            d.peers.push_back(readPeer(p));
    }
    return d;
}

ExperimentSpec readSpec(const Reader &r)
{
    ExperimentSpec s;
    s.deviceId = r["device"].string();
    s.mode = parsed(r["mode"], modeFromName, "names an unknown mode");
    s.kernel = parsed(r["kernel"], kernelFromName, "names an unknown kernel");
    s.bytes = r["bytes"].unsignedValue();
    s.iterations = r["iterations"].intValue();
    s.warmup = r["warmup"].intValue();
    s.strideBytes = r["strideBytes"].unsignedValue();
    s.rounds = r["rounds"].intValue();
    if (const std::string advice = r["advice"].string(); !advice.empty())
        s.advice = parsed(r["advice"], adviceFromName, "names an unknown advice");
    if (r.has("peer")) // absent from reports written before the peer modes
        s.peerId = r["peer"].string();
    if (r.has("peerAccess"))
        s.peerAccess = r["peerAccess"].optionalBool();
    if (r.has("writeCombined")) // absent from reports written before --write-combined
        s.writeCombined = r["writeCombined"].boolean();
    if (r.has("hostThreads")) // absent from reports written before --host-threads
        s.hostThreads = r["hostThreads"].intValue();
    if (r.has("defaultStream"))
        s.defaultStream = parsed(r["defaultStream"], defaultStreamFromName, "names an unknown default stream");
    s.counters = r["counters"].boolean();
    if (r.has("clockWarmup")) // absent from reports written before the warm-up
        s.clockWarmup = r["clockWarmup"].boolean();
    if (r.has("records")) // absent from reports written before --records
        s.records = parsed(r["records"], recordsSourceFromName, "names an unknown source of records");
    if (const Status valid = validate(s); !valid)
        throw FormatError{"the field 'spec' describes an experiment ShareScope cannot run: " + valid.error().message};
    return s;
}

Residency readResidency(const Reader &r)
{
    Residency residency;
    if (r.has("source")) // version 2
        residency.source = parsed(r["source"], residencySourceFromName, "names an unknown source");
    residency.chunkBytes = r["chunkBytes"].unsignedValue();
    if (residency.chunkBytes == 0)
        r["chunkBytes"].fail("must be greater than zero");
    residency.unexplainedBytes = r["unexplainedBytes"].unsignedValue();
    std::vector<std::size_t> lengths;
    for (const Reader &b : r["buffers"].items()) {
        ResidencyBuffer buffer{b["name"].string(), b["address"].unsignedValue(), b["bytes"].unsignedValue(),
                               b["hostWritten"].boolean()};
        const std::uint64_t chunks = buffer.bytes / residency.chunkBytes + 1;
        if (chunks > (1u << 24))
            b["bytes"].fail("gives more chunks than a residency map holds");
        lengths.push_back((buffer.bytes + residency.chunkBytes - 1) / residency.chunkBytes);
        residency.buffers.push_back(buffer);
    }
    for (const Reader &s : r["snapshots"].items()) {
        ResidencySnapshot snapshot;
        snapshot.iteration = s["iteration"].intValue();
        snapshot.phase = parsed(s["phase"], phaseFromName, "names an unknown phase");
        const auto chunks = s["chunks"].items();
        if (chunks.size() != lengths.size())
            s["chunks"].fail("must have one entry per buffer");
        for (std::size_t b = 0; b < chunks.size(); ++b) {
            auto decoded = runLengthDecode(chunks[b].string(), lengths[b]);
            if (!decoded || decoded->size() != lengths[b])
                chunks[b].fail("is not a run-length list of " + std::to_string(lengths[b]) + " chunks");
            snapshot.chunks.push_back(std::move(*decoded));
        }
        residency.snapshots.push_back(std::move(snapshot));
    }
    return residency;
}

BufferReport readBuffer(const Reader &b)
{
    BufferReport buffer;
    buffer.name = b["name"].string();
    const std::string type = b["type"].string();
    buffer.type = type == "u32" ? ElementType::UInt32 : ElementType::Float32;
    if (type != "u32" && type != "f32")
        b["type"].fail("must be \"f32\" or \"u32\"");
    const std::string role = b["role"].string();
    constexpr std::array roles{BufferRole::Input, BufferRole::Output, BufferRole::InOut, BufferRole::GpuOnly,
                               BufferRole::CpuOnly};
    const auto known = std::ranges::find(roles, std::string_view(role), roleName);
    if (known == roles.end())
        b["role"].fail("must be \"input\", \"output\", \"inout\", \"gpu-only\" or \"cpu-only\"");
    buffer.role = known == roles.end() ? BufferRole::InOut : *known;
    buffer.bytes = b["bytes"].unsignedValue();
    buffer.placement = b["placement"].string();
    buffer.zeroCopy = b["zeroCopy"].optionalBool();
    buffer.managed = b["managed"].boolean();
    buffer.address = b["address"].unsignedValue();
    return buffer;
}

MigrationEvent readMigrationEvent(const Reader &e)
{
    MigrationEvent event;
    event.kind = parsed(e["kind"], counterKindFromName, "names an unknown counter kind");
    event.startNs = e["startNs"].unsignedValue();
    event.endNs = e["endNs"].unsignedValue();
    event.address = e["address"].unsignedValue();
    event.value = e["value"].unsignedValue();
    event.cause = parsed(e["cause"], migrationCauseFromName, "names an unknown migration cause");
    if (e.has("sourceDevice")) { // absent from reports written before the peer modes
        event.sourceDevice = e["sourceDevice"].intValue();
        event.destinationDevice = e["destinationDevice"].intValue();
    }
    event.iteration = e["iteration"].intValue();
    event.phase = parsed(e["phase"], phaseFromName, "names an unknown phase");
    return event;
}

// The report's "counters": where its totals and records came from, and why
// not where they are not.
void readCounters(const Reader &counters, RunReport &report)
{
    report.counted.enabled = counters["enabled"].boolean();
    report.counted.note = readNote(counters, "note");
    report.counted.lost = counters["lost"].unsignedValue();
    if (counters.has("totals")) { // version 2
        report.counted.totals = parsed(counters["totals"], counterTotalsFromName, "names an unknown source");
        report.counted.exactNote = readNote(counters, "exactNote");
        report.counted.recordsNote = readNote(counters, "recordsNote");
    }
    if (counters.has("records")) { // absent before the driver's records: CUPTI's
        report.counted.recordsSource
            = parsed(counters["records"], recordsSourceFromName, "names an unknown source of records");
        report.counted.driverEventsNote = readNote(counters, "driverEventsNote");
        if (!counters["migratedByCause"].isNull()) {
            std::array<std::uint64_t, migrationCauseCount> causes{};
            for (std::size_t c = 0; c < migrationCauseCount; ++c) {
                const std::string name(migrationCauseName(static_cast<MigrationCause>(c)));
                causes[c] = counters["migratedByCause"][name.c_str()].unsignedValue();
            }
            report.counted.migratedByCause = causes;
        }
        if (!counters["accessCounterMigration"].isNull())
            report.counted.accessCounterMigration = counters["accessCounterMigration"].intValue();
    }
}

RunReport readReport(const Reader &r)
{
    const std::string format = r.has("format") ? r["format"].string() : std::string();
    if (format != reportFormat)
        throw FormatError{"this is not a ShareScope report (no \"format\": \"sharescope-report\")"};
    const int version = r["formatVersion"].intValue();
    if (version > reportFormatVersion) {
        throw FormatError{"the report has format version " + std::to_string(version)
                          + ", newer than this ShareScope reads (" + std::to_string(reportFormatVersion)
                          + "); update ShareScope"};
    }
    RunReport report;
    report.toolVersion = r["toolVersion"].string();
    report.commandLine = r["command"].string();
    report.createdUtc = r["created"].string();
    report.environment = readEnvironment(r["environment"]);
    report.device = readDevice(r["device"]);
    report.spec = readSpec(r["spec"]);
    const KernelInfo &kernel = report.spec.kernelInfo();
    for (const Reader &b : r["buffers"].items())
        report.buffers.push_back(readBuffer(b));
    // None is as wrong as too few: the window would show a run without its data.
    if (report.buffers.size() != kernel.buffers.size()) {
        std::string names;
        for (const BufferSpec &buffer : kernel.buffers)
            names += (names.empty() ? "" : ", ") + std::string(buffer.name);
        r["buffers"].fail("has " + std::to_string(report.buffers.size()) + " entries; it must list the "
                          + std::to_string(kernel.buffers.size()) + " buffers of " + std::string(kernel.name) + " ("
                          + names + ")");
    }
    report.alloc = readPhase(r["alloc"]);
    if (!r["free"].isNull())
        report.free = readPhase(r["free"]);
    for (const Reader &it : r["iterations"].items()) {
        IterationResult iteration;
        iteration.index = it["index"].intValue();
        iteration.warmup = it["warmup"].boolean();
        for (const Reader &p : it["phases"].items()) {
            iteration.phases.push_back(readPhase(p));
            // A split phase has a span for each of the run's threads; a
            // run on one thread, none.
            const std::size_t spans = iteration.phases.back().threads.size();
            if (spans != 0 && (!report.spec.threaded() || spans != static_cast<std::size_t>(report.spec.hostThreads)))
                p["threads"].fail("has " + std::to_string(spans) + " threads; the run's spec has "
                                  + std::to_string(report.spec.threaded() ? report.spec.hostThreads : 0));
        }
        report.iterations.push_back(std::move(iteration));
    }
    const Reader v = r["verification"];
    report.verification.checked = v["checked"].unsignedValue();
    report.verification.mismatches = v["mismatches"].unsignedValue();
    for (const Reader &m : v["first"].items()) {
        report.verification.first.push_back(
            {m["buffer"].string(), m["index"].unsignedValue(), m["expected"].number(), m["actual"].number()});
    }
    readCounters(r["counters"], report);
    for (const Reader &e : r["migrations"]["events"].items())
        report.counted.migrations.push_back(readMigrationEvent(e));
    report.counted.migrationsDropped = r["migrations"]["dropped"].unsignedValue();
    if (!r["ipc"].isNull()) {
        const Reader ipc = r["ipc"];
        IpcDetails details;
        details.peerPid = ipc["peerPid"].intValue();
        for (const Reader &handle : ipc["memoryHandles"].items())
            details.memoryHandles.push_back(handle.string());
        details.eventHandle = ipc["eventHandle"].string();
        details.openNs = ipc["openNs"].unsignedValue();
        if (ipc.has("steps") && !ipc["steps"].isNull()) { // later reports
            const Reader steps = ipc["steps"];
            IpcSetupSteps read;
            read.exportNs = steps["exportNs"].unsignedValue();
            read.passNs = steps["passNs"].unsignedValue();
            read.importNs = steps["importNs"].unsignedValue();
            read.mapNs = steps["mapNs"].optionalUnsigned();
            details.steps = read;
        }
        report.ipc = details;
    }
    if (!r["residency"].isNull())
        report.counted.residency = readResidency(r["residency"]);
    if (r.has("ceilings") && !r["ceilings"].isNull()) {
        auto ceilings = readCeilings(r["ceilings"].raw());
        if (!ceilings)
            throw FormatError{ceilings.error().message};
        report.ceilings = std::move(*ceilings);
    }
    if (r.has("clocks") && !r["clocks"].isNull()) // absent from reports written before
        report.clocks = readClocks(r["clocks"]);
    return report;
}

} // namespace

std::string toJson(const RunReport &report, int indent)
{
    return reportJson(report).dump(indent) + "\n";
}

std::string toJson(const ReportSet &set, int indent)
{
    if (set.kind == ReportSet::Kind::Run && set.runs.size() == 1 && set.skipped.empty())
        return toJson(set.runs.front(), indent);
    json runs = json::array();
    for (const RunReport &report : set.runs)
        runs.push_back(reportJson(report));
    json skipped = json::array();
    for (const SkippedRun &s : set.skipped) {
        json entry{{"mode", modeName(s.mode)}, {"bytes", s.bytes}, {"reason", skippedReasonText(s.reason)}};
        // Its template too, so that a reader says it in its own language.
        if (!s.reason.translatable.empty())
            entry["reasonTemplate"] = messageToJson<json>(s.reason.translatable);
        skipped.push_back(entry);
    }
    const json document{{"format", set.kind == ReportSet::Kind::Sweep ? sweepFormat : compareFormat},
                        {"formatVersion", reportFormatVersion},
                        {"command", set.commandLine},
                        {"runs", runs},
                        {"skipped", skipped}};
    return document.dump(indent) + "\n";
}

std::string devicesToJson(const DeviceList &list, int indent)
{
    json devices = json::array();
    for (const DeviceInfo &device : list.devices)
        devices.push_back(deviceJson(device));
    std::vector<std::string> problems;
    for (const MessageTemplate &problem : list.problems)
        problems.push_back(problem.english());
    return json{{"devices", devices}, {"problems", problems}}.dump(indent) + "\n";
}

std::string modesToJson(const std::vector<ModeSupport> &modes, int indent)
{
    json list = json::array();
    for (const ModeSupport &entry : modes) {
        list.push_back({{"id", entry.mode->name},
                        {"backend", backendPrefix(entry.mode->backend)},
                        {"summary", entry.mode->summary},
                        {"device", entry.deviceId.empty() ? json(nullptr) : json(entry.deviceId)},
                        {"supported", entry.support.supported},
                        {"reason", entry.support.reason}});
    }
    return json{{"modes", list}}.dump(indent) + "\n";
}

std::string specToJson(const ExperimentSpec &spec)
{
    return specJson(spec).dump();
}

Result<ExperimentSpec> specFromJson(std::string_view text)
{
    try {
        const json document = json::parse(text);
        return readSpec(Reader(document, "spec"));
    } catch (const FormatError &error) {
        return badArgument(error.message);
    } catch (const json::exception &error) {
        return badArgument(std::string("unreadable experiment: ") + error.what());
    }
}

namespace {

// Reads a parsed document; readReports checks it before and after.
Result<ReportSet> readDocument(const json &document)
{
    try {
        const Reader root(document, {});
        if (!document.is_object() || !root.has("format"))
            throw FormatError{"this is not a ShareScope report (no \"format\" field)"};
        const std::string format = root["format"].string();
        ReportSet set;
        if (format == reportFormat) {
            set.runs.push_back(readReport(root));
            set.commandLine = set.runs.front().commandLine;
            return set;
        }
        if (format != compareFormat && format != sweepFormat)
            throw FormatError{"this is not a ShareScope report (format \"" + format + "\")"};
        set.kind = format == sweepFormat ? ReportSet::Kind::Sweep : ReportSet::Kind::Compare;
        if (root["formatVersion"].intValue() > reportFormatVersion)
            throw FormatError{"the file has a format version newer than this ShareScope reads; update ShareScope"};
        set.commandLine = root["command"].string();
        for (const Reader &run : root["runs"].items())
            set.runs.push_back(readReport(run));
        for (const Reader &s : root["skipped"].items()) {
            Error reason = skippedReasonFromText(s["reason"].string());
            if (s.has("reasonTemplate")) {
                if (auto message = messageFromJson(s["reasonTemplate"].raw());
                    message && message->english() == reason.message)
                    reason.translatable = std::move(*message);
            }
            set.skipped.push_back({parsed(s["mode"], modeFromName, "names an unknown mode"), s["bytes"].unsignedValue(),
                                   std::move(reason)});
        }
        return set;
    } catch (const FormatError &error) {
        return badArgument(error.message);
    } catch (const json::exception &error) {
        return badArgument(std::string("unreadable report: ") + error.what());
    }
}

} // namespace

Result<ReportSet> readReports(std::string_view text, const ParseMonitor &monitor)
{
    if (Status fits = checkReportText(text); !fits)
        return fits.error();
    // ShareScope's other files, each said for what it is.
    if (text.starts_with("device,mode,kernel,")) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "this is a CSV file of ShareScope's (one row per phase, from --csv or "
                                              "Save as CSV), which spreadsheets read; ShareScope opens the JSON "
                                              "reports that --json and Save write"),
                           {});
    }
    json document;
    try {
        MonitoredText monitored(text, monitor);
        document = json::parse(monitored.begin(), monitored.end());
    } catch (const ParseCancelled &) {
        return cancelledByUser();
    } catch (const json::parse_error &error) {
        // Where, in words a translation can say; the parser's own words
        // after it, as they are.
        if (error.byte <= 1 && text.find_first_not_of(" \t\r\n") == std::string_view::npos)
            return badArgument(SHARESCOPE_TR_NOOP("Core", "not valid JSON: the file is empty"), {});
        const std::string what = error.what();
        const std::size_t detail = what.find(": ", what.find("parse error"));
        std::size_t line = 1;
        std::size_t column = 0;
        for (std::size_t i = 0; i + 1 < error.byte && i < text.size(); ++i) {
            ++column;
            if (text[i] == '\n') {
                ++line;
                column = 0;
            }
        }
        return badArgument(SHARESCOPE_TR_NOOP("Core", "not valid JSON at line %1, column %2 (%3)"),
                           {std::to_string(line), std::to_string(column + 1),
                            detail == std::string::npos ? what : what.substr(detail + 2)});
    } catch (const json::exception &error) { // out_of_range for a number like 1e400
        return badArgument(SHARESCOPE_TR_NOOP("Core", "not valid JSON: %1"), {std::string(error.what())});
    }
    if (document.is_object() && document.contains("traceEvents")) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "this is a trace (from --trace or Export trace), which ui.perfetto.dev "
                                              "and chrome://tracing open; ShareScope opens the JSON reports that "
                                              "--json and Save write"),
                           {});
    }
    if (Status fits = checkDocument(document); !fits)
        return fits.error();
    Result<ReportSet> set = readDocument(document);
    if (!set)
        return set;
    if (Status consistent = checkConsistency(*set); !consistent)
        return consistent.error();
    if (Status agrees = checkSummaries(document, *set); !agrees)
        return agrees.error();
    return set;
}

} // namespace sharescope
