// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <functional>

#include <nlohmann/json.hpp>

using namespace sharescope;

namespace {

PhaseResult phase(Phase which, std::uint64_t hostNs, std::optional<std::uint64_t> deviceNs, std::uint64_t toDevice = 0)
{
    PhaseResult result;
    result.phase = which;
    result.hostNs = hostNs;
    result.deviceNs = deviceNs;
    result.bytesToDevice = toDevice;
    result.bytesToHost = toDevice / 2;
    result.bytesAccessed = toDevice * 3;
    return result;
}

RunReport sampleReport()
{
    RunReport report;
    report.toolVersion = "0.1.0";
    report.commandLine = "sharescope run --device cuda:0 --mode managed --kernel gather --size 1MiB";
    report.createdUtc = "2026-11-29T10:00:00Z";
    report.environment = {"Linux 6.1 x86_64", "Some CPU", 16, "gcc 12", "Release"};
    report.device.id = "cuda:0";
    report.device.backend = BackendKind::Cuda;
    report.device.name = "A GPU, with \"quotes\" and 中文";
    report.device.globalMemoryBytes = 80ULL << 30;
    report.device.managedMemory = true;
    report.device.pciBusId = "0000:17:00.0";
    report.spec.deviceId = "cuda:0";
    report.spec.mode = ModeId::Managed;
    report.spec.kernel = KernelId::Gather;
    report.spec.bytes = 1 << 20;
    report.spec.iterations = 2;
    report.spec.warmup = 1;
    report.buffers = {{"x", ElementType::UInt32, BufferRole::Input, 1 << 20, "managed", std::nullopt},
                      {"perm", ElementType::UInt32, BufferRole::Input, 1 << 20, "managed", true},
                      {"out", ElementType::UInt32, BufferRole::Output, 1 << 20, "managed", false}};
    report.alloc = phase(Phase::Alloc, 1000, std::nullopt);
    for (int i = 0; i < 3; ++i) {
        IterationResult iteration{i, i == 0, {}};
        for (const Phase p : iterationPhases) {
            PhaseResult result = phase(p, 100 + 10 * i,
                                       p == Phase::Kernel ? std::optional<std::uint64_t>(50 + i) : std::nullopt, 4096);
            if (p == Phase::Kernel) {
                Counters counters;
                counters.bytesHostToDevice = 8192 + i;
                counters.gpuPageFaultGroups = 3;
                result.counters = counters; // the others: not reported
            }
            iteration.phases.push_back(result);
        }
        report.iterations.push_back(iteration);
    }
    report.free = phase(Phase::Free, 2000, std::nullopt);
    report.verification = {786432, 2, {{"out", 7, 1.5, 2.5}, {"out", 9, 3, 4}}};
    report.counted.enabled = true;
    report.buffers[0].managed = true;
    report.buffers[0].address = 0x7f0000000000ULL;
    report.counted.migrations = {{CounterKind::BytesHostToDevice, 10, 20, 0x7f0000000000ULL, 65536,
                                  MigrationCause::Coherence, -1, -1, 1, Phase::Kernel},
                                 {CounterKind::CpuPageFault, 30, 30, 0x7f0000001000ULL, 0x401234,
                                  MigrationCause::Unknown, -1, -1, 1, Phase::HostRead}};
    report.counted.migrationsDropped = 17;
    report.counted.lost = 3;
    report.counted.residency.chunkBytes = 65536;
    report.counted.residency.unexplainedBytes = 4096;
    report.counted.residency.buffers = {{"x", 0x7f0000000000ULL, 1 << 20, true}};
    report.counted.residency.snapshots
        = {{0, Phase::HostInit, {std::string(16, 'h')}}, {0, Phase::Kernel, {"dddd" + std::string(12, '.')}}};
    return report;
}

// The number of fields of an aggregate: how many initialisers it takes.
struct AnyField
{
    template<typename T>
    operator T() const; // never defined: only asked in unevaluated braces
};
template<typename T, typename... Fields>
constexpr std::size_t fieldCount()
{
    if constexpr (requires { T{Fields{}..., AnyField{}}; })
        return fieldCount<T, Fields..., AnyField>();
    else
        return sizeof...(Fields);
}

// Every field of the counted pass's findings away from its default.
CountedFindings everyFinding()
{
    // A field added to CountedFindings must be set here, and written and
    // read by reportjson.cpp: this count fails the build until it is.
    static_assert(fieldCount<CountedFindings>() == 13, "set the new field below, and write and read it in JSON");
    CountedFindings f;
    f.enabled = true;
    f.note = MessageTemplate("the counted pass failed: %1", {"the instruments could not start"});
    f.totals = CounterTotals::Driver;
    f.exactNote = MessageTemplate(std::string("the driver's counters were refused"));
    f.recordsNote = MessageTemplate(std::string("CUPTI is unavailable here"));
    f.recordsSource = RecordsSource::DriverEvents;
    f.driverEventsNote = MessageTemplate(std::string("CUPTI's records were asked for"));
    std::array<std::uint64_t, migrationCauseCount> causes{};
    for (std::size_t c = 0; c < causes.size(); ++c)
        causes[c] = 4096 * (c + 1);
    f.migratedByCause = causes;
    f.accessCounterMigration = 1;
    f.migrations = {{CounterKind::BytesHostToDevice, 10, 20, 0x7f0000000000ULL, 65536, MigrationCause::Coherence, -1, 0,
                     1, Phase::Kernel}};
    f.migrationsDropped = 5;
    f.lost = 7;
    f.residency.source = ResidencySource::Pages;
    f.residency.chunkBytes = 65536;
    f.residency.unexplainedBytes = 4096;
    f.residency.buffers = {{"x", 0x7f0000000000ULL, 1 << 20, true}};
    f.residency.snapshots = {{1, Phase::Kernel, {"dddd" + std::string(12, '.')}, 0}};
    return f;
}

} // namespace

class TestReportJson : public QObject
{
    Q_OBJECT

private slots:
    // The counted pass's findings travel whole: every field is written and
    // read back (the static_assert in everyFinding() catches a new one).
    void roundTripsEveryCountedFinding()
    {
        RunReport original = sampleReport();
        original.counted = everyFinding();
        const auto read = readReports(toJson(original));
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        const CountedFindings &back = read->runs.front().counted;
        QCOMPARE(back.note, original.counted.note);
        QCOMPARE(back.exactNote, original.counted.exactNote);
        QCOMPARE(back.migratedByCause, original.counted.migratedByCause);
        QCOMPARE(back.residency.snapshots, original.counted.residency.snapshots);
        QVERIFY(back == original.counted);
    }

    void roundTripsAReport()
    {
        const RunReport original = sampleReport();
        const std::string json = toJson(original);
        const auto read = readReports(json);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->kind, ReportSet::Kind::Run);
        QCOMPARE(read->runs.size(), std::size_t(1));
        const RunReport &back = read->runs.front();
        QCOMPARE(back.device.name, original.device.name);
        QCOMPARE(back.iterations.size(), std::size_t(3));
        QVERIFY(back.iterations[0].warmup);
        QCOMPARE(*back.iterations[2].phases[2].deviceNs, std::uint64_t(52));
        QVERIFY(!back.iterations[1].phases[0].deviceNs);
        const Counters &counters = *back.iterations[1].phases[2].counters;
        QCOMPARE(*counters.bytesHostToDevice, std::uint64_t(8193));
        QVERIFY(!counters.cpuPageFaults); // not reported stays not reported, not zero
        QVERIFY(!back.iterations[1].phases[0].counters);
        QCOMPARE(back.buffers[1].zeroCopy, std::optional<bool>(true));
        QCOMPARE(back.buffers[0].zeroCopy, std::optional<bool>());
        QCOMPARE(back.verification.first.size(), std::size_t(2));
        QCOMPARE(back.verification.first[0].expected, 1.5);
        QCOMPARE(back.counted.migrations.size(), std::size_t(2));
        QCOMPARE(back.counted.migrations[0].cause, MigrationCause::Coherence);
        QCOMPARE(back.counted.migrations[1].phase, Phase::HostRead);
        QCOMPARE(back.counted.migrationsDropped, std::uint64_t(17));
        QCOMPARE(back.counted.residency.snapshots[1].chunks[0], "dddd" + std::string(12, '.'));
        QVERIFY(back.buffers[0].managed);
        // Nothing is lost: writing what was read gives the same document.
        QCOMPARE(QString::fromStdString(toJson(back)), QString::fromStdString(json));
    }

    // Version 2: the counted pass's times, the driver's exact totals, the
    // new counters and a map from the pages travel; version 1 still reads.
    void roundTripsTheCountedPass()
    {
        RunReport original = sampleReport();
        original.counted.totals = CounterTotals::Driver;
        original.counted.recordsNote = MessageTemplate(std::string("CUPTI is unavailable here"));
        // A note with values keeps its template, so that a reader says it in its language.
        original.counted.note = MessageTemplate("the counted pass failed: %1", {"the instruments could not start"});
        PhaseResult &kernel = original.iterations[1].phases[2];
        kernel.countedNs = 77;
        kernel.counters->gpuPageFaults = 12;
        kernel.counters->recordedHostToDevice = 4096;
        original.counted.residency.source = ResidencySource::Pages;
        original.counted.residency.snapshots[1].chunks[0] = "pbrd" + std::string(12, '.');
        const std::string json = toJson(original);
        const auto read = readReports(json);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        const RunReport &back = read->runs.front();
        QCOMPARE(back.counted.totals, CounterTotals::Driver);
        QCOMPARE(back.counted.recordsNote, original.counted.recordsNote);
        QCOMPARE(back.counted.note, original.counted.note);
        QCOMPARE(back.counted.note.args.size(), std::size_t(1));
        QCOMPARE(back.iterations[1].phases[2].countedNs, std::optional<std::uint64_t>(77));
        QCOMPARE(back.iterations[1].phases[2].counters->gpuPageFaults, std::optional<std::uint64_t>(12));
        QCOMPARE(back.iterations[1].phases[2].counters->recordedHostToDevice, std::optional<std::uint64_t>(4096));
        QCOMPARE(back.counted.residency.source, ResidencySource::Pages);
        QCOMPARE(back.counted.residency.snapshots[1].chunks[0], original.counted.residency.snapshots[1].chunks[0]);
        QCOMPARE(QString::fromStdString(toJson(back)), QString::fromStdString(json));

        // The same report as version 1 wrote it: none of the new fields.
        auto document = nlohmann::json::parse(toJson(sampleReport()));
        document["formatVersion"] = 1;
        document["counters"].erase("totals");
        document["counters"].erase("exactNote");
        document["counters"].erase("recordsNote");
        document["residency"].erase("source");
        for (auto &iteration : document["iterations"]) {
            for (auto &phase : iteration["phases"]) {
                phase.erase("countedNs");
                if (!phase["counters"].is_null()) {
                    for (const char *added :
                         {"gpuPageFaults", "recordedBytesHostToDevice", "recordedBytesDeviceToHost"})
                        phase["counters"].erase(added);
                }
            }
        }
        const auto old = readReports(document.dump());
        QVERIFY2(old.ok(), old.ok() ? "" : old.error().message.c_str());
        const RunReport &v1 = old->runs.front();
        QCOMPARE(v1.counted.totals, CounterTotals::Records);
        QCOMPARE(v1.counted.residency.source, ResidencySource::Records);
        QVERIFY(!v1.iterations[1].phases[2].countedNs);
        QVERIFY(!v1.iterations[1].phases[2].counters->gpuPageFaults); // not reported then
        QCOMPARE(*v1.iterations[1].phases[2].counters->bytesHostToDevice, std::uint64_t(8193));
    }

    // The NVLink NVML reported, kept; a report from before has none.
    void keepsTheNvlinkNvmlReported()
    {
        RunReport original = sampleReport();
        original.device.nvlinkActiveLinks = 18;
        original.device.nvlinkVersion = 7;
        std::string json = toJson(original);
        auto read = readReports(json);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->runs.front().device.nvlinkActiveLinks, std::optional<std::uint32_t>(18));
        QCOMPARE(read->runs.front().device.nvlinkVersion, std::optional<std::uint32_t>(7));
        QCOMPARE(QString::fromStdString(toJson(read->runs.front())), QString::fromStdString(json));

        auto document = nlohmann::json::parse(json); // written before NVLink was read
        document["device"].erase("nvlinkActiveLinks");
        document["device"].erase("nvlinkVersion");
        document["device"].erase("nvlinkNote");
        read = readReports(document.dump());
        QVERIFY(read.ok());
        QVERIFY(!read->runs.front().device.nvlinkActiveLinks);
    }

    void keepsTheClockOfEveryPhase()
    {
        RunReport original = sampleReport();
        original.clocks = RunClocks{1980, {}, ClockWarmup{21'000'000, 2, 1755, 1980, true}};
        for (IterationResult &iteration : original.iterations) {
            for (PhaseResult &phase : iteration.phases)
                phase.smClockMHz = 1980;
        }
        std::string json = toJson(original);
        auto read = readReports(json);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->runs.front().clocks, original.clocks);
        QCOMPARE(read->runs.front().iterations.back().phases[2].smClockMHz, std::optional<std::uint32_t>(1980));
        QCOMPARE(QString::fromStdString(toJson(read->runs.front())), QString::fromStdString(json));

        // Not reported, with the reason.
        original.clocks = RunClocks{std::nullopt, MessageTemplate("libnvidia-ml.so.1 could not be loaded"), {}};
        json = toJson(original);
        read = readReports(json);
        QVERIFY(read.ok());
        QCOMPARE(read->runs.front().clocks, original.clocks);

        // A report written before the clock was read has none.
        original.clocks.reset();
        for (IterationResult &iteration : original.iterations) {
            for (PhaseResult &phase : iteration.phases)
                phase.smClockMHz.reset();
        }
        json = toJson(original);
        QVERIFY(json.find("smClockMHz") == std::string::npos);
        auto before = nlohmann::json::parse(json);
        before.erase("clocks");
        before["spec"].erase("clockWarmup");
        read = readReports(before.dump());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(!read->runs.front().clocks);

        // A clock too large for 32 bits is refused, by its path.
        const auto pos = toJson(sampleReport()).find("\"bytesAccessed\"");
        QVERIFY(pos != std::string::npos);
        std::string bad = toJson(sampleReport());
        bad.insert(pos, "\"smClockMHz\": 99999999999, ");
        const auto refused = readReports(bad);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.find("smClockMHz") != std::string::npos, refused.error().message.c_str());
    }

    // Where the records came from, why not the driver's, what moved pages:
    // kept, and an older report reads as CUPTI's records with no causes.
    void readsWhereTheRecordsCameFrom()
    {
        RunReport original = sampleReport();
        original.counted.totals = CounterTotals::Driver;
        original.counted.recordsSource = RecordsSource::DriverEvents;
        original.spec.records = RecordsSource::DriverEvents;
        original.counted.migratedByCause
            = std::array<std::uint64_t, migrationCauseCount>{0, 4096, 1 << 20, 3 << 20, 0, 0};
        original.counted.accessCounterMigration = -1;
        std::string json = toJson(original);
        auto read = readReports(json);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        const RunReport &back = read->runs.front();
        QCOMPARE(back.counted.recordsSource, RecordsSource::DriverEvents);
        QCOMPARE(back.counted.migratedByCause, original.counted.migratedByCause);
        QCOMPARE(back.counted.accessCounterMigration, std::optional<int>(-1));
        QCOMPARE(QString::fromStdString(toJson(back)), QString::fromStdString(json));

        original.counted.recordsSource = RecordsSource::Cupti;
        original.spec.records = RecordsSource::Cupti;
        original.counted.driverEventsNote
            = MessageTemplate("CUPTI's records were asked for", std::vector<std::string>{});
        original.counted.migratedByCause.reset();
        original.counted.accessCounterMigration.reset();
        json = toJson(original);
        read = readReports(json);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->runs.front().counted.recordsSource, RecordsSource::Cupti);
        QCOMPARE(read->runs.front().spec.records, RecordsSource::Cupti);
        QCOMPARE(read->runs.front().counted.driverEventsNote, original.counted.driverEventsNote);
        QVERIFY(!read->runs.front().counted.migratedByCause);
        QVERIFY(!read->runs.front().counted.accessCounterMigration);
        QCOMPARE(QString::fromStdString(toJson(read->runs.front())), QString::fromStdString(json));

        // Written before the driver's records: no source, no causes.
        auto document = nlohmann::json::parse(toJson(sampleReport()));
        for (const char *added : {"records", "driverEventsNote", "migratedByCause", "accessCounterMigration"})
            document["counters"].erase(added);
        document["spec"].erase("records");
        read = readReports(document.dump());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->runs.front().counted.recordsSource, RecordsSource::Cupti);
        QCOMPARE(read->runs.front().spec.records, RecordsSource::DriverEvents);
        QVERIFY(!read->runs.front().counted.migratedByCause);

        auto hostile = nlohmann::json::parse(toJson(sampleReport()));
        hostile["counters"]["records"] = "nsight";
        QVERIFY(!readReports(hostile.dump()).ok());
        hostile = nlohmann::json::parse(toJson(sampleReport()));
        hostile["spec"]["records"] = 3;
        QVERIFY(!readReports(hostile.dump()).ok());
    }

    void summarizesMeasuredIterationsOnly()
    {
        const RunReport report = sampleReport();
        const auto summaries = summarize(report);
        QCOMPARE(summaries.size(), std::size_t(7));
        QCOMPARE(summaries.front().phase, Phase::Alloc);
        const PhaseSummary &kernel = summaries[3];
        QCOMPARE(kernel.phase, Phase::Kernel);
        QCOMPARE(kernel.samples, 2); // the warm-up is left out
        QCOMPARE(kernel.hostNs.min, std::uint64_t(110));
        QCOMPARE(kernel.hostNs.max, std::uint64_t(120));
        QCOMPARE(kernel.deviceNs->median, std::uint64_t(51)); // (51 + 52) / 2
        QCOMPARE(*kernel.median.counters->bytesHostToDevice, std::uint64_t(8193));
        QVERIFY(!kernel.median.counters->thrashing);
        QVERIFY(!summaries[1].deviceNs); // host-init has no device time
    }

    void roundTripsASet()
    {
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.commandLine = "sharescope compare --size 1MiB";
        set.runs = {sampleReport(), sampleReport()};
        set.runs[1].spec.mode = ModeId::ManagedAdvise;
        set.runs[1].spec.advice = Advice::ReadMostly;
        set.skipped = {{ModeId::Ipc, 1 << 20, unsupported("no")},
                       {ModeId::Pinned, 1 << 20, {ErrorKind::Failed, "boom", {}, Phase::Kernel}}};
        const std::string json = toJson(set);
        const auto read = readReports(json);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->kind, ReportSet::Kind::Compare);
        QCOMPARE(read->runs.size(), std::size_t(2));
        QCOMPARE(read->runs[1].spec.mode, ModeId::ManagedAdvise);
        QCOMPARE(read->runs[1].spec.advice, std::optional(Advice::ReadMostly));
        QVERIFY(!read->runs[0].spec.writeCombined);
        QCOMPARE(read->skipped.front().mode, ModeId::Ipc);
        QCOMPARE(read->skipped.front().reason.kind, ErrorKind::Unsupported);
        QCOMPARE(read->skipped.front().reason.message, std::string("no"));
        QCOMPARE(read->skipped.back().reason.kind, ErrorKind::Failed);
        QCOMPARE(read->skipped.back().reason.message, std::string("kernel: boom")); // the phase, as written
        QCOMPARE(QString::fromStdString(toJson(*read)), QString::fromStdString(json));
    }

    // --write-combined: kept for the modes that take it, absent from older
    // reports (read as false), refused for a mode that cannot have it.
    void readsWriteCombinedHostMemory()
    {
        ReportSet set;
        set.kind = ReportSet::Kind::Compare; // a set, whose runs are a list
        set.runs = {sampleReport()};
        set.runs[0].spec.mode = ModeId::ZeroCopy;
        set.runs[0].spec.writeCombined = true;
        auto read = readReports(toJson(set));
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(read->runs[0].spec.writeCombined);
        auto document = nlohmann::json::parse(toJson(set));
        document["runs"][0]["spec"].erase("writeCombined");
        read = readReports(document.dump());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(!read->runs[0].spec.writeCombined);
        document["runs"][0]["spec"]["writeCombined"] = true;
        document["runs"][0]["spec"]["mode"] = "managed";
        read = readReports(document.dump());
        QVERIFY(!read.ok());
        QVERIFY2(QString::fromStdString(read.error().message)
                     .contains("--write-combined applies only to pinned, "
                               "zero-copy, not to managed"),
                 read.error().message.c_str());
    }

    // --host-threads: the threads, their stream and each split phase's spans
    // are kept; older reports have none; spans that cannot be are refused.
    void readsHostThreads()
    {
        ReportSet set;
        set.kind = ReportSet::Kind::Compare;
        set.runs = {sampleReport()};
        RunReport &run = set.runs[0];
        run.spec.kernel = KernelId::Scale;
        run.buffers.resize(1);
        run.buffers[0].name = "buf";
        run.buffers[0].type = ElementType::Float32;
        run.buffers[0].role = BufferRole::InOut;
        run.verification.first.clear();
        run.counted.residency = {};
        run.counted.migrations.clear();
        run.verification.mismatches = 0;
        run.spec.hostThreads = 3;
        run.spec.defaultStream = DefaultStream::PerThread;
        for (IterationResult &iteration : run.iterations) {
            for (PhaseResult &p : iteration.phases) {
                if (p.phase == Phase::Kernel || p.phase == Phase::HostInit)
                    p.threads = {{0, 90}, {5, 100}, {7, 80}};
            }
        }
        auto read = readReports(toJson(set));
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->runs[0].spec.hostThreads, 3);
        QCOMPARE(read->runs[0].spec.defaultStream, DefaultStream::PerThread);
        QCOMPARE(read->runs[0].iterations[1].phases[2].threads, (std::vector<ThreadSpan>{{0, 90}, {5, 100}, {7, 80}}));
        QVERIFY(read->runs[0].iterations[1].phases[1].threads.empty());
        QCOMPARE(read->runs[0].iterations[1].phases[0].threads.size(), std::size_t(3)); // host-init splits too
        QCOMPARE(QString::fromStdString(toJson(*read)), QString::fromStdString(toJson(set)));

        auto document = nlohmann::json::parse(toJson(set));
        document["runs"][0]["spec"].erase("hostThreads");
        document["runs"][0]["spec"].erase("defaultStream");
        for (auto &iteration : document["runs"][0]["iterations"]) {
            for (auto &p : iteration["phases"])
                p.erase("threads");
        }
        read = readReports(document.dump());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QCOMPARE(read->runs[0].spec.hostThreads, 1); // written before --host-threads
        QVERIFY(!read->runs[0].spec.threaded());

        const auto refused = [&](const std::function<void(nlohmann::json &)> &mutate, const char *expected) {
            auto hostile = nlohmann::json::parse(toJson(set));
            mutate(hostile);
            const auto result = readReports(hostile.dump());
            QVERIFY(!result.ok());
            QVERIFY2(QString::fromStdString(result.error().message).contains(QLatin1String(expected)),
                     result.error().message.c_str());
        };
        const auto kernelOf
            = [](nlohmann::json &d) -> nlohmann::json & { return d["runs"][0]["iterations"][1]["phases"][2]; };
        refused([&](nlohmann::json &d) { kernelOf(d)["threads"][0] = {90, 10}; }, "must start before it ends");
        refused([&](nlohmann::json &d) { kernelOf(d)["threads"][0] = {0, 1u << 30}; }, "within the phase's host time");
        refused([&](nlohmann::json &d) { kernelOf(d)["threads"][0] = {1}; }, "must be [start, end]");
        refused(
            [&](nlohmann::json &d) {
                kernelOf(d)["threads"] = nlohmann::json::array({{0, 1}});
                for (int i = 0; i < 64; ++i)
                    kernelOf(d)["threads"].push_back({0, 1});
            },
            "more than 64 threads");
        refused([&](nlohmann::json &d) { d["runs"][0]["spec"]["hostThreads"] = 65; }, "accepted: 1 to 64");
        refused(
            [&](nlohmann::json &d) {
                d["runs"][0]["alloc"]["threads"] = {{0, 1}, {0, 1}, {0, 1}};
            },
            "is only for the phases of an iteration");
        refused([&](nlohmann::json &d) { kernelOf(d)["threads"].erase(0); }, "has 2 threads; the run's spec has 3");
        refused([&](nlohmann::json &d) { d["runs"][0]["spec"]["hostThreads"] = 1; },
                "has 3 threads; the run's spec has 1");
        refused([&](nlohmann::json &d) { d["runs"][0]["spec"]["defaultStream"] = "mine"; }, "unknown default stream");
        refused([&](nlohmann::json &d) { d["runs"][0]["spec"]["mode"] = "ipc"; }, "ipc runs it elsewhere");
    }

    void rejectsMalformedInput_data()
    {
        QTest::addColumn<QString>("mutation");
        QTest::addColumn<QString>("message");
        QTest::addRow("not json") << "text:{\"format\": "
                                  << "not valid JSON";
        QTest::addRow("empty") << "text:"
                               << "not valid JSON";
        QTest::addRow("array") << "text:[1, 2]"
                               << "not a ShareScope report";
        QTest::addRow("foreign json") << "text:{\"name\": \"package\", \"version\": \"1.0\"}"
                                      << "not a ShareScope report";
        QTest::addRow("other format") << "set:format=\"chrome-trace\""
                                      << "not a ShareScope report";
        QTest::addRow("a CSV of ShareScope's") << "whole:device,mode,kernel,bytes,iteration\nopencl:0,cl-copy"
                                               << "this is a CSV file of ShareScope's";
        QTest::addRow("a trace") << "whole:{\"traceEvents\": [], \"displayTimeUnit\": \"ns\"}"
                                 << "this is a trace (from --trace or Export trace)";
        QTest::addRow("newer version") << "set:formatVersion=99"
                                       << "newer than this ShareScope reads";
        QTest::addRow("missing field") << "erase:iterations"
                                       << "'iterations' is missing";
        QTest::addRow("wrong type") << "set:alloc={\"phase\": \"alloc\", \"hostNs\": \"fast\"}"
                                    << "'alloc.hostNs' must be a whole number";
        QTest::addRow("negative") << "set:alloc={\"phase\": \"alloc\", \"hostNs\": -4}"
                                  << "'alloc.hostNs' must be a whole number";
        QTest::addRow("unknown phase") << "set:free={\"phase\": \"nap\"}"
                                       << "unknown phase 'nap'";
        QTest::addRow("unknown mode") << "setspec:mode=\"teleport\""
                                      << "unknown mode 'teleport'";
        QTest::addRow("zero size") << "setspec:bytes=0"
                                   << "invalid size";
        QTest::addRow("iterations not array") << "set:iterations=7"
                                              << "'iterations' must be an array";
        QTest::addRow("bad residency")
            << "set:residency={\"chunkBytes\": 65536, \"unexplainedBytes\": 0, \"buffers\": [{\"name\": \"x\", "
               "\"address\": 0, \"bytes\": 131072, \"hostWritten\": true}], \"snapshots\": "
               "[{\"iteration\": 0, \"phase\": \"kernel\", \"chunks\": [\"3h\"]}]}"
            << "run-length list of 2 chunks";
        QTest::addRow("absurd residency") << "set:residency={\"chunkBytes\": 1, \"unexplainedBytes\": 0, \"buffers\": "
                                             "[{\"name\": \"x\", \"address\": 0, \"bytes\": 1e15, "
                                             "\"hostWritten\": true}], \"snapshots\": []}"
                                          << "more chunks than a residency map holds";
        QTest::addRow("unknown counter kind")
            << "set:migrations={\"events\": [{\"kind\": \"teleports\"}], \"dropped\": 0}"
            << "unknown counter kind 'teleports'";
        QTest::addRow("huge number") << "set:alloc={\"phase\": \"alloc\", \"hostNs\": 1e400}"
                                     << "not valid JSON";
    }
    void rejectsMalformedInput()
    {
        QFETCH(QString, mutation);
        QFETCH(QString, message);
        std::string text;
        const QString kind = mutation.section(':', 0, 0);
        // whole: the text after the first colon, colons and all.
        const QString rest = kind == "whole" ? mutation.section(':', 1, -1) : mutation.section(':', 1);
        if (kind == "text" || kind == "whole") {
            text = rest.toStdString();
        } else {
            // Take a valid report and break one field of it.
            QJsonObject report = QJsonDocument::fromJson(QByteArray::fromStdString(toJson(sampleReport()))).object();
            QVERIFY(!report.isEmpty());
            const QString key = rest.section('=', 0, 0);
            const QByteArray value = rest.section('=', 1).toUtf8();
            if (kind == "erase") {
                report.remove(key);
            } else if (value.contains("1e400")) {
                text = QJsonDocument(report).toJson().toStdString();
                text.insert(text.rfind('}'), ", \"extra\": 1e400");
            } else {
                const QJsonValue parsed = QJsonDocument::fromJson("[" + value + "]").array().at(0);
                QVERIFY2(!parsed.isUndefined(), value.constData());
                if (kind == "setspec") {
                    QJsonObject spec = report["spec"].toObject();
                    spec[key] = parsed;
                    report["spec"] = spec;
                } else {
                    report[key] = parsed;
                }
            }
            if (text.empty())
                text = QJsonDocument(report).toJson().toStdString();
        }
        const auto read = readReports(text);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().kind, ErrorKind::BadArgument);
        QVERIFY2(QString::fromStdString(read.error().message).contains(message), read.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestReportJson)
#include "tst_reportjson.moc"
