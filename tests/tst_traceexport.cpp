// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/traceexport.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <map>
#include <set>

using namespace sharescope;
using json = nlohmann::json;

namespace {

PhaseResult phase(Phase which, std::uint64_t hostNs, std::optional<std::uint64_t> deviceNs = std::nullopt,
                  std::uint64_t toDevice = 0)
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

// A managed run with counters and migrations: times that differ per phase
// and iteration, so that a misplaced or swapped phase shows.
RunReport managedRun()
{
    RunReport report;
    report.toolVersion = "0.1.0";
    report.commandLine = "sharescope run --device cuda:0 --mode managed --size 1MiB";
    report.device.id = "cuda:0";
    report.device.backend = BackendKind::Cuda;
    report.device.name = "A GPU";
    report.spec.deviceId = "cuda:0";
    report.spec.mode = ModeId::Managed;
    report.spec.kernel = KernelId::VectorAdd;
    report.spec.bytes = 1 << 20;
    report.spec.iterations = 2;
    report.spec.warmup = 1;
    report.alloc = phase(Phase::Alloc, 1'000'123);
    for (int i = 0; i < 3; ++i) {
        IterationResult iteration{i, i == 0, {}};
        std::uint64_t hostNs = 10'000 + 1'000 * static_cast<std::uint64_t>(i);
        for (const Phase p : iterationPhases) {
            hostNs += 777;
            PhaseResult result = phase(p, hostNs, p == Phase::Kernel ? std::optional(hostNs / 2) : std::nullopt,
                                       p == Phase::ToDevice ? 4096 : 0);
            Counters counters;
            counters.bytesHostToDevice = p == Phase::Kernel ? 65536 * (i + 1) : 0;
            counters.bytesDeviceToHost = p == Phase::HostRead ? 4096 : 0;
            result.counters = counters; // the other kinds: not reported
            iteration.phases.push_back(result);
        }
        report.iterations.push_back(iteration);
    }
    report.free = phase(Phase::Free, 2'000'000);
    report.counted.enabled = true;
    // Counter-clock times far from the host layout's, as they are.
    const std::uint64_t base = 5'000'000'000ULL;
    report.counted.migrations = {
        {CounterKind::BytesHostToDevice, base + 900, base + 950, 0x7f0000000000ULL, 65536, MigrationCause::Coherence,
         -1, -1, 1, Phase::Kernel},
        {CounterKind::GpuPageFault, base + 400, base + 400, 0x7f0000010000ULL, 3, MigrationCause::Unknown, -1, -1, 1,
         Phase::Kernel},
        {CounterKind::CpuPageFault, base + 99'000'000, base + 99'000'000, 0x7f0000001000ULL, 0x401234,
         MigrationCause::Unknown, -1, -1, 2, Phase::HostRead},
        {CounterKind::BytesDeviceToHost, base + 10, base + 20, 0x7f0000002000ULL, 4096, MigrationCause::User, -1, -1,
         -1, Phase::Free},
    };
    return report;
}

RunReport openClRun()
{
    RunReport report = managedRun();
    report.commandLine = "sharescope run --device opencl:0 --mode cl-copy --size 1MiB";
    report.device = {};
    report.device.id = "opencl:0";
    report.device.name = "pthread-cpu \xff\xfe"; // not UTF-8, as a driver may say
    report.spec.deviceId = "opencl:0";
    report.spec.mode = ModeId::ClCopy;
    report.counted.enabled = false;
    report.counted.migrations.clear();
    for (IterationResult &it : report.iterations) {
        for (PhaseResult &p : it.phases)
            p.counters.reset();
    }
    report.free.reset(); // buffers kept for the buffer view
    return report;
}

ReportSet compareSet()
{
    ReportSet set;
    set.kind = ReportSet::Kind::Compare;
    set.commandLine = "sharescope compare --modes managed,cl-copy --size 1MiB";
    set.runs = {managedRun(), openClRun()};
    set.skipped = {{ModeId::Ipc, 1 << 20, unsupported("the device cannot")}};
    return set;
}

QString text(const json &value)
{
    return QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump());
}

json exported(const ReportSet &set)
{
    const std::string text = toTraceJson(set);
    return json::parse(text); // throws, and fails the test, on invalid JSON
}

std::uint64_t ns(const json &microseconds)
{
    return static_cast<std::uint64_t>(std::llround(microseconds.get<double>() * 1000.0));
}

std::vector<json> eventsWhere(const json &trace, const std::string &ph, int pid, const std::string &category = {})
{
    std::vector<json> found;
    for (const json &e : trace["traceEvents"]) {
        if (e["ph"] == ph && e["pid"] == pid && (category.empty() || e.value("cat", "") == category))
            found.push_back(e);
    }
    return found;
}

} // namespace

class TestTraceExport : public QObject
{
    Q_OBJECT

private slots:
    void everyPhaseAppearsOnceWithItsDuration()
    {
        const ReportSet set = compareSet();
        const json trace = exported(set);
        QCOMPARE(text(trace["displayTimeUnit"]), QStringLiteral("ns"));
        for (std::size_t r = 0; r < set.runs.size(); ++r) {
            const RunReport &run = set.runs[r];
            const auto phases = eventsWhere(trace, "X", static_cast<int>(r) + 1, "phase");
            std::map<std::pair<int, std::string>, int> seen;
            for (const json &e : phases) {
                const auto key = std::pair(e["args"]["iteration"].get<int>(), e["args"]["phase"].get<std::string>());
                ++seen[key];
                QCOMPARE(e["name"].get<std::string>(), key.second);
                QCOMPARE(ns(e["dur"]), e["args"]["hostNs"].get<std::uint64_t>());
            }
            for (const IterationResult &it : run.iterations) {
                for (const PhaseResult &p : it.phases) {
                    const auto key = std::pair(it.index, std::string(phaseName(p.phase)));
                    QCOMPARE(seen[key], 1);
                    const auto match = std::ranges::find_if(phases, [&](const json &e) {
                        return e["args"]["iteration"] == key.first && e["args"]["phase"] == key.second;
                    });
                    QCOMPARE(ns((*match)["dur"]), p.hostNs);
                }
            }
            const std::pair<int, std::string> alloc{-1, "alloc"};
            const std::pair<int, std::string> free{-1, "free"};
            QCOMPARE(seen[alloc], 1);
            QCOMPARE(seen[free], run.free ? 1 : 0);
            QCOMPARE(phases.size(), run.iterations.size() * 5 + 1 + (run.free ? 1 : 0));
        }
    }

    // Laid end to end in the run's order: alloc from 0, each phase where the
    // one before it ended, free last.
    void phasesFollowOneAnother()
    {
        const RunReport run = managedRun();
        const json trace = exported({ReportSet::Kind::Run, {}, {run}, {}});
        auto phases = eventsWhere(trace, "X", 1, "phase");
        std::ranges::sort(phases, {}, [](const json &e) { return e["ts"].get<double>(); });
        QCOMPARE(text(phases.front()["name"]), QStringLiteral("alloc"));
        QCOMPARE(ns(phases.front()["ts"]), std::uint64_t(0));
        std::uint64_t expected = 0;
        for (const json &e : phases) {
            QCOMPARE(ns(e["ts"]), expected);
            expected += ns(e["dur"]);
        }
        QCOMPARE(text(phases.back()["name"]), QStringLiteral("free"));
        QCOMPARE(phases[6]["args"]["iteration"].get<int>(), 1); // alloc, then iteration 0's five phases
        QCOMPARE(text(phases[6]["name"]), QStringLiteral("host-init"));
    }

    void deviceTimesHaveATrack()
    {
        const json trace = exported({ReportSet::Kind::Run, {}, {managedRun()}, {}});
        const auto device = eventsWhere(trace, "X", 1, "device");
        QCOMPARE(device.size(), std::size_t(3)); // the kernel phase of each iteration
        for (const json &e : device) {
            QCOMPARE(text(e["name"]), QStringLiteral("kernel"));
            QCOMPARE(ns(e["dur"]), e["args"]["deviceNs"].get<std::uint64_t>());
            QVERIFY(e["tid"] != eventsWhere(trace, "X", 1, "phase").front()["tid"]);
        }
    }

    void everyMigrationAppearsOnceInItsPhase()
    {
        const ReportSet set = compareSet();
        const json trace = exported(set);
        const auto migrations = eventsWhere(trace, "i", 1, "migration");
        QCOMPARE(migrations.size(), set.runs[0].counted.migrations.size());
        std::set<std::uint64_t> starts;
        const auto phases = eventsWhere(trace, "X", 1, "phase");
        for (const json &m : migrations) {
            const json &args = m["args"];
            starts.insert(args["counterStartNs"].get<std::uint64_t>());
            QVERIFY(args["address"].get<std::string>().starts_with("0x7f00000"));
            QVERIFY(args.contains("cause"));
            const auto in = std::ranges::find_if(phases, [&](const json &p) {
                return p["args"]["iteration"] == args["iteration"] && p["args"]["phase"] == args["phase"];
            });
            QVERIFY(in != phases.end());
            QVERIFY(m["ts"].get<double>() >= (*in)["ts"].get<double>());
            QVERIFY(m["ts"].get<double>() <= (*in)["ts"].get<double>() + (*in)["dur"].get<double>());
        }
        QCOMPARE(starts.size(), set.runs[0].counted.migrations.size());
        // Within a phase the spacing is kept: the GPU fault 500 ns before the migration.
        const auto kind = [&](const char *name) {
            return *std::ranges::find_if(migrations, [&](const json &m) { return m["name"] == name; });
        };
        QCOMPARE(ns(kind("bytesHostToDevice")["ts"]) - ns(kind("gpuPageFaultGroups")["ts"]), std::uint64_t(500));
        QCOMPARE(kind("bytesHostToDevice")["args"]["bytes"].get<std::uint64_t>(), std::uint64_t(65536));
        QCOMPARE(text(kind("bytesHostToDevice")["args"]["address"]), QStringLiteral("0x7f0000000000"));
        QCOMPARE(text(kind("bytesHostToDevice")["args"]["cause"]), QStringLiteral("coherence"));
        QVERIFY(eventsWhere(trace, "i", 2, "migration").empty());
        // Records that name no device say none; a transfer between GPUs names both.
        QVERIFY(!kind("bytesHostToDevice")["args"].contains("sourceDevice"));
        ReportSet between = set;
        for (MigrationEvent &event : between.runs[0].counted.migrations) {
            event.kind = CounterKind::BytesDeviceToDevice;
            event.sourceDevice = 0;
            event.destinationDevice = 1;
        }
        for (const json &m : eventsWhere(exported(between), "i", 1, "migration")) {
            QCOMPARE(m["args"]["sourceDevice"].get<int>(), 0);
            QCOMPARE(m["args"]["destinationDevice"].get<int>(), 1);
        }
    }

    void countersSumToThePhases()
    {
        const RunReport run = managedRun();
        const json trace = exported({ReportSet::Kind::Run, {}, {run}, {}});
        std::uint64_t copied = 0;
        std::uint64_t migrated = 0;
        for (const json &c : eventsWhere(trace, "C", 1)) {
            if (c["name"] == "copied bytes")
                copied += c["args"]["to device"].get<std::uint64_t>();
            else if (c["name"] == "migrated bytes")
                migrated += c["args"]["host to device"].get<std::uint64_t>();
        }
        QCOMPARE(copied, std::uint64_t(3 * 4096));
        QCOMPARE(migrated, std::uint64_t(65536 * (1 + 2 + 3)));
        // Not reported is not zero: an OpenCL run has no migration counter.
        const json opencl = exported({ReportSet::Kind::Run, {}, {openClRun()}, {}});
        for (const json &c : eventsWhere(opencl, "C", 1))
            QCOMPARE(text(c["name"]), QStringLiteral("copied bytes"));
    }

    void namesProcessesAndTracks()
    {
        const json trace = exported(compareSet());
        std::vector<std::string> processes;
        std::set<std::string> threads;
        for (const json &e : trace["traceEvents"]) {
            if (e["name"] == "process_name")
                processes.push_back(e["args"]["name"]);
            if (e["name"] == "thread_name" && e["pid"] == 1)
                threads.insert(e["args"]["name"]);
        }
        QCOMPARE(processes.size(), std::size_t(2));
        QCOMPARE(processes[0], std::string("managed · vector-add · 1 MiB · cuda:0 (A GPU)"));
        QVERIFY(processes[1].starts_with("cl-copy · vector-add · 1 MiB · opencl:0 (pthread-cpu"));
        QVERIFY(threads.contains("iteration 0 (warm-up)"));
        QVERIFY(threads.contains("iteration 2"));
        QVERIFY(threads.contains("device time"));
        QVERIFY(threads.contains("migrations"));
    }

    void metadataHasTheCommandAndVersion()
    {
        const json trace = exported(compareSet());
        const json &metadata = trace["metadata"];
        QCOMPARE(text(metadata["command"]), QStringLiteral("sharescope compare --modes managed,cl-copy --size 1MiB"));
        QCOMPARE(text(metadata["toolVersion"]), QStringLiteral("0.1.0"));
        QCOMPARE(text(metadata["kind"]), QStringLiteral("compare"));
        QCOMPARE(metadata["runs"].size(), std::size_t(2));
        QCOMPARE(text(metadata["runs"][1]["command"]),
                 QStringLiteral("sharescope run --device opencl:0 --mode cl-copy --size 1MiB"));
        QCOMPARE(text(metadata["skipped"][0]["reason"]), QStringLiteral("not supported: the device cannot"));
        // A single run's command comes from the run when the set has none.
        const json single = exported({ReportSet::Kind::Run, {}, {managedRun()}, {}});
        QCOMPARE(single["metadata"]["command"].get<std::string>(), managedRun().commandLine);
    }

    // The ipc peer opens the handles at the end of alloc, on a track of its own.
    void theIpcPeerOpensWithinAlloc()
    {
        RunReport run = managedRun();
        run.spec.mode = ModeId::Ipc;
        run.ipc = IpcDetails{4242, {"00ff"}, "ff00", 250'000};
        const json trace = exported({ReportSet::Kind::Run, {}, {run}, {}});
        const auto phases = eventsWhere(trace, "X", 1, "phase");
        const auto open = std::ranges::find(phases, "ipc-open", [](const json &e) { return e["name"]; });
        QVERIFY(open != phases.end());
        QCOMPARE(ns((*open)["dur"]), std::uint64_t(250'000));
        QCOMPARE(ns((*open)["ts"]) + ns((*open)["dur"]), run.alloc.hostNs);
        QVERIFY((*open)["tid"] != phases.front()["tid"]);
        QCOMPARE((*open)["args"]["peerPid"].get<int>(), 4242);
    }

    // On every track (a thread, or a process's counter), in file order.
    void timestampsAreMonotonicPerTrack()
    {
        const json trace = exported(compareSet());
        std::map<std::string, double> last;
        std::map<std::string, std::uint64_t> busyUntil; // ns: no rounding of sums
        int checked = 0;
        for (const json &e : trace["traceEvents"]) {
            if (e["ph"] == "M")
                continue;
            const std::string track = std::to_string(e["pid"].get<int>()) + "/"
                + (e["ph"] == "C" ? "C " + e["name"].get<std::string>() : std::to_string(e["tid"].get<int>()));
            const double ts = e["ts"].get<double>();
            if (last.contains(track))
                QVERIFY2(ts >= last[track], track.c_str());
            last[track] = ts;
            if (e["ph"] == "X") { // and complete events on one track never overlap
                QVERIFY2(ns(e["ts"]) >= busyUntil[track], track.c_str());
                busyUntil[track] = ns(e["ts"]) + ns(e["dur"]);
            }
            ++checked;
        }
        QVERIFY(checked > 50);
    }

    void anEmptyReportIsAValidTrace()
    {
        const json trace = exported(ReportSet{});
        QVERIFY(trace["traceEvents"].is_array());
        QVERIFY(trace["traceEvents"].empty());
        QCOMPARE(text(trace["displayTimeUnit"]), QStringLiteral("ns"));
        QVERIFY(trace["metadata"].is_object());
        QVERIFY(trace["metadata"]["runs"].empty());
    }
};

QTEST_GUILESS_MAIN(TestTraceExport)
#include "tst_traceexport.moc"
