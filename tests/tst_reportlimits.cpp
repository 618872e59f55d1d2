// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportconsistency.h"
#include "report/reportfile.h"
#include "report/reportjson.h"
#include "report/reportlimits.h"
#include "reportsamples.h"

#include <nlohmann/json.hpp>

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace sharescope;
using json = nlohmann::ordered_json;

namespace {

// A residency of three buffers of 2^24 one-byte chunks, `snapshots` times:
// a few hundred bytes of text that would decode to 48 MiB per snapshot.
json hugeResidency(int snapshots)
{
    json buffers = json::array();
    for (const char *name : {"x", "perm", "out"})
        buffers.push_back({{"name", name}, {"address", 0}, {"bytes", 1 << 24}, {"hostWritten", true}});
    json list = json::array();
    for (int i = 0; i < snapshots; ++i) {
        list.push_back({{"iteration", 0}, {"phase", "kernel"}, {"chunks", {"16777216h", "16777216h", "16777216d"}}});
    }
    return {{"chunkBytes", 1}, {"unexplainedBytes", 0}, {"buffers", buffers}, {"snapshots", list}};
}

json sampleDocument()
{
    return json::parse(toJson(sampleRun()));
}

Result<ReportSet> read(const json &document)
{
    return readReports(document.dump(1));
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

std::string nested(int depth)
{
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
}

} // namespace

class TestReportLimits : public QObject
{
    Q_OBJECT

private slots:
    void readsTheSample()
    {
        const std::string text = toJson(sampleRun());
        const auto set = readReports(text);
        QVERIFY2(set.ok(), set.ok() ? "" : set.error().message.c_str());
        QCOMPARE(toJson(*set), text);
    }

    void refusesInconsistentReports_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value"); // JSON, or "erase"
        QTest::addColumn<QString>("message");
        const auto row = [](const char *name, const char *pointer, const char *value, const char *message) {
            QTest::addRow("%s", name) << QString::fromUtf8(pointer) << QString::fromUtf8(value)
                                      << QString::fromUtf8(message);
        };
        row("iteration count", "/spec/iterations", "3",
            "iterations has 3 entries; spec.iterations + spec.warmup give 4");
        row("warm-up flag", "/iterations/1/warmup", "true", "iterations[1].warmup is true; the first 1 iterations");
        row("index", "/iterations/2/index", "5", "iterations[2].index is 5; it must be 2");
        row("negative index", "/iterations/0/index", "-1", "iterations[0].index is -1");
        row("four phases", "/iterations/2/phases/4", "erase", "iterations[2].phases has 4 phases; a report has 5 per");
        row("six phases", "/iterations/0/phases/-",
            "{\"phase\": \"kernel\", \"hostNs\": 1, \"deviceNs\": null, "
            "\"bytesToDevice\": 0, \"bytesToHost\": 0, \"bytesAccessed\": 0, \"counters\": null}",
            "iterations[0].phases has 6 phases");
        row("phase order", "/iterations/1/phases/0/phase", "\"kernel\"",
            "iterations[1].phases[0].phase is 'kernel'; phase 1 of an iteration is 'host-init'");
        row("alloc phase", "/alloc/phase", "\"free\"", "alloc.phase is 'free'; it must be 'alloc'");
        row("free phase", "/free/phase", "\"kernel\"", "free.phase is 'kernel'; it must be 'free'");
        row("buffer name", "/buffers/1/name", "\"y\"", "buffers[1] is 'y' (u32); buffer 1 of the kernel 'gather' is");
        row("buffer type", "/buffers/0/type", "\"f32\"", "buffers[0] is 'x' (f32)");
        row("buffer bytes", "/buffers/0/bytes", "4096", "buffers[0].bytes is 4096; spec.bytes is 1048576");
        row("buffer count", "/buffers/2", "erase", "must list the 3 buffers of gather");
        row("no buffers", "/buffers", "[]",
            "the field 'buffers' has 0 entries; it must list the 3 buffers of gather (x, perm, out)");
        row("map of a buffer not managed", "/buffers/0/managed", "false",
            "residency.buffers[0].name 'x' is not a managed buffer; only managed buffers have a residency map");
        row("map of a buffer twice", "/residency/buffers/1/name", "\"x\"",
            "residency.buffers[1].name 'x' is listed twice");
        row("map of another size", "/residency/buffers/2/bytes", "1048575",
            "residency.buffers[2].bytes is 1048575; the buffer 'out' has 1048576");
        row("map of no buffer", "/residency",
            "{\"chunkBytes\": 65536, \"unexplainedBytes\": 0, \"buffers\": [], "
            "\"snapshots\": [{\"iteration\": -1, \"phase\": \"alloc\", \"chunks\": []}]}",
            "residency.snapshots has 1 entries, and residency.buffers none");
        row("snapshot out of place", "/residency/snapshots/2/phase", "\"kernel\"",
            "residency.snapshots[3] is after iteration 0's 'kernel', not later than snapshot 2 (after iteration 0's "
            "'kernel')");
        row("snapshots out of order", "/residency/snapshots/6/iteration", "0",
            "residency.snapshots[6] is after iteration 0's 'host-init', not later than snapshot 5");
        row("checked", "/verification/checked", "5", "verification.checked is 5; 262144 elements");
        row("checked huge", "/verification/checked", "18446744073709551615", "give 786432");
        row("mismatches beyond checked", "/verification/mismatches", "10000000",
            "verification.mismatches is 10000000; only 786432 elements were checked");
        row("first beyond mismatches", "/verification/mismatches", "1",
            "verification.first lists 2 mismatches; with 1 found a report keeps the first 1");
        row("first too short", "/verification/mismatches", "9", "with 9 found a report keeps the first 8");
        row("first buffer", "/verification/first/0/buffer", "\"x\"",
            "verification.first[0].buffer 'x' is not a buffer that the host reads back");
        row("first index", "/verification/first/1/index", "262144",
            "verification.first[1].index is 262144; a buffer has 262144 elements");
        row("device index", "/device/index", "-1", "device has index -1");
        row("device version", "/device/versionMinor", "-1", "neither can be negative");
        row("other backend", "/device/backend", "\"opencl\"", "spec.mode 'managed' cannot have run on 'cuda:0'");
        row("format version 0", "/formatVersion", "0", "'formatVersion' is 0; format versions start at 1");
        row("format version -1", "/formatVersion", "-1", "'formatVersion' is -1");
        row("event iteration", "/migrations/events/0/iteration", "3",
            "migrations.events[0].iteration is 3; the run has iterations 0 to 2");
        row("event negative", "/migrations/events/1/iteration", "-2", "migrations.events[1].iteration' must be");
        row("event phase", "/migrations/events/0/iteration", "-1",
            "migrations.events[0].phase is 'kernel' in iteration -1");
        row("snapshot after free", "/residency/snapshots/1/phase", "\"free\"",
            "residency.snapshots[1].phase is 'free'");
        row("snapshot iteration", "/residency/snapshots/1/iteration", "7", "residency.snapshots[1].iteration is 7");
        row("snapshot count", "/residency/snapshots/-",
            "{\"iteration\": 0, \"phase\": \"kernel\", \"chunks\": [\"16d\", \"16d\", \"16d\"]}",
            "residency.snapshots has 17 entries; a run of 3 iterations has at most 16");
        row("residency buffer", "/residency/buffers/0/name", "\"q\"",
            "residency.buffers[0].name 'q' is none of the run's buffers");
        row("ipc elsewhere", "/ipc", "{\"peerPid\": 12, \"memoryHandles\": [], \"eventHandle\": \"\", \"openNs\": 0}",
            "ipc is given for a run in mode 'managed'");
        row("summary median", "/summary/3/hostNs/median", "1", "'summary[3].hostNs.median' is 1; the iterations give");
        row("summary samples", "/summary/2/samples", "\"two\"",
            "'summary[2].samples' is \"two\"; the iterations give 2");
        row("summary counter", "/summary/4/counters/thrashing", "5",
            "'summary[4].counters.thrashing' is 5; the iterations give null");
        row("summary bandwidth", "/summary/4/bandwidthBytesPerSecond", "1.5", "'summary[4].bandwidthBytesPerSecond'");
        row("summary key", "/summary/1/bytesToHost", "erase", "'summary[1].bytesToHost' is missing");
        row("summary entry", "/summary/6", "erase", "'summary' has 6 entries; the report's phases give 7");
        row("summary type", "/summary", "{}", "'summary' must be an array");
    }
    void refusesInconsistentReports()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, message);
        json document = sampleDocument();
        const json::json_pointer at(pointer.toStdString());
        if (value == QLatin1String("erase")) {
            json &parent = document.at(at.parent_pointer());
            if (parent.is_array())
                parent.erase(std::stoul(at.back()));
            else
                parent.erase(at.back());
        } else {
            document[at] = json::parse(value.toStdString());
        }
        const auto set = read(document);
        QVERIFY(!set.ok());
        QCOMPARE(set.error().kind, ErrorKind::BadArgument);
        QVERIFY2(QString::fromStdString(set.error().message).contains(message), set.error().message.c_str());
    }

    // A report built without its buffers (not only one read from JSON) is
    // refused: the window would show a run with no data.
    void refusesARunWithoutBuffers()
    {
        ReportSet set;
        set.runs.push_back(sampleRun());
        QVERIFY(checkConsistency(set).ok());
        set.runs.front().buffers.clear();
        set.runs.front().counted.residency = {};
        const Status checked = checkConsistency(set);
        QVERIFY(!checked.ok());
        QCOMPARE(QString::fromStdString(checked.error().message),
                 QStringLiteral("buffers has 0 entries; the kernel 'gather' has 3"));
    }

    void keepsEventsToTheirCap()
    {
        json document = sampleDocument();
        json &events = document["migrations"]["events"];
        while (events.size() <= maxKeptMigrations)
            events.push_back(events.front());
        const auto set = read(document);
        QVERIFY(!set.ok());
        QVERIFY2(set.error().message.find("migrations.events has 20001 entries; a report keeps at most 20000")
                     != std::string::npos,
                 set.error().message.c_str());
        events.erase(events.size() - 1);
        QVERIFY(read(document).ok()); // exactly at the cap is fine
    }

    void boundsTheResidencyBeforeDecoding()
    {
        // 22 snapshots of 3 x 2^24 chunks: 1.1 G chunks from about 2 KB.
        json document = sampleDocument();
        document["residency"] = hugeResidency(22);
        const std::string text = document.dump();
        QVERIFY(text.size() < 20000);
        QElapsedTimer timer;
        timer.start();
        const auto set = readReports(text);
        QVERIFY(!set.ok());
        QCOMPARE(set.error().kind, ErrorKind::BadArgument);
        QVERIFY2(set.error().message.find("'residency.snapshots' has 22 snapshots of 50,331,648 chunks")
                     != std::string::npos,
                 set.error().message.c_str());
        // Refused from the numbers alone: decoding would write 1.1 GB first.
        QVERIFY(timer.elapsed() < 2000);

        // The boundary, exactly.
        ResidencyBudget budget;
        QVERIFY(budget.spend(50331648, 21, "a").ok());
        QVERIFY(budget.spend(1, maxResidencyChunks - budget.spent(), "b").ok());
        QVERIFY(!budget.spend(1, 1, "c").ok());
        QCOMPARE(budget.spent(), maxResidencyChunks);

        document["residency"]["buffers"][1]["bytes"] = (1 << 24) + 1;
        const auto tooLong = read(document);
        QVERIFY2(tooLong.error().message.find("'residency.buffers[1].bytes' gives more chunks than a residency map")
                     != std::string::npos,
                 tooLong.error().message.c_str());
    }

    void boundsTheResidencyOfAWholeSet()
    {
        // Each run alone is within the limit; together they are not.
        json run = sampleDocument();
        run["residency"] = hugeResidency(12);
        const json set{{"format", "sharescope-compare"},
                       {"formatVersion", 1},
                       {"command", "sharescope compare"},
                       {"runs", {run, run}},
                       {"skipped", json::array()}};
        const auto read = readReports(set.dump());
        QVERIFY(!read.ok());
        QVERIFY2(read.error().message.find("'runs[1].residency.snapshots' has 12 snapshots") != std::string::npos,
                 read.error().message.c_str());
        QVERIFY2(read.error().message.find("(603,979,776 before it)") != std::string::npos,
                 read.error().message.c_str());
    }

    void refusesDeepNesting()
    {
        const auto deep = readReports(nested(maxReportDepth + 1));
        QVERIFY(!deep.ok());
        QCOMPARE(deep.error().kind, ErrorKind::BadArgument);
        QVERIFY2(deep.error().message
                     == "the report nests arrays and objects more than 16 deep (at line 1, column 17); ShareScope "
                        "writes at most 8",
                 deep.error().message.c_str());
        QVERIFY(checkReportText(nested(maxReportDepth)).ok());
        // A million brackets: refused at the 17th, without parsing the rest.
        QVERIFY(!checkReportText(nested(1000000)).ok());
        QVERIFY(checkReportText("{\"a\":\n  " + nested(20) + "}").error().message.find("line 2, column 18")
                != std::string::npos);
        // Brackets in strings, escaped quotes included, are text.
        const std::string inString = "{\"format\": \"\\\"" + std::string(40, '[') + "\"}";
        QVERIFY(checkReportText(inString).ok());
        const auto foreign = readReports(inString);
        QVERIFY(foreign.error().message.find("not a ShareScope report") != std::string::npos);
    }

    void refusesTooLargeAText()
    {
        QVERIFY(checkReportSize(maxReportBytes, "it").ok());
        const Status large = checkReportSize(maxReportBytes + 1, "'big.json'");
        QVERIFY(!large.ok());
        QCOMPARE(large.error().kind, ErrorKind::BadArgument);
        QCOMPARE(large.error().message,
                 std::string("'big.json' is 1.00 GiB (1,073,741,825 bytes), larger than any "
                             "ShareScope report (at most 1 GiB)"));
    }

    void readsOnlyRegularFiles()
    {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        auto result = readReportFileFor(folder);
        QVERIFY(result.find("is a folder, not a report") != std::string::npos);
        QVERIFY(readReportFileFor("/dev/zero").find("is not a regular file") != std::string::npos);
        QVERIFY(readReportFileFor(folder + "/missing.json").find("cannot open '") != std::string::npos);

        // A fifo without a writer: refused at once, not waited on.
        const std::string fifo = folder + "/fifo";
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QElapsedTimer timer;
        timer.start();
        QVERIFY(readReportFileFor(fifo).find("is not a regular file") != std::string::npos);
        QVERIFY(timer.elapsed() < 2000);

        // A sparse file beyond the limit: refused from its size, before reading.
        const std::string huge = folder + "/huge.json";
        QFile file(QString::fromStdString(huge));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(static_cast<qint64>(maxReportBytes) + 1));
        file.close();
        timer.restart();
        QVERIFY(readReportFileFor(huge).find("larger than any ShareScope report") != std::string::npos);
        QVERIFY(timer.elapsed() < 2000);
    }

    void readsWithProgressAndStopsWhenCancelled()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.json"));
        const std::string text = toJson(sampleRun(2000, 1));
        QVERIFY(text.size() > 3 * ParseMonitor::step);
        writeFile(path, QByteArray::fromStdString(text));

        std::vector<std::pair<std::uint64_t, std::uint64_t>> seen;
        const ParseMonitor monitor([&](std::uint64_t done, std::uint64_t total) { seen.emplace_back(done, total); });
        const auto read = readReportFile(path.toStdString(), monitor);
        QVERIFY(read.ok());
        QCOMPARE(*read, text);
        QVERIFY(seen.size() >= 3);
        QCOMPARE(seen.back().first, std::uint64_t(text.size()));
        QCOMPARE(seen.back().second, std::uint64_t(text.size()));

        seen.clear();
        const auto parsed = readReports(*read, monitor);
        QVERIFY(parsed.ok());
        QVERIFY(seen.size() >= 3);
        QVERIFY(std::ranges::is_sorted(seen));
        QCOMPARE(seen.front().second, std::uint64_t(text.size()));

        std::atomic<bool> cancel{false};
        int calls = 0;
        const ParseMonitor cancelling([&](std::uint64_t, std::uint64_t) { cancel = ++calls == 2; }, &cancel);
        const auto stoppedRead = readReportFile(path.toStdString(), cancelling);
        QVERIFY(!stoppedRead.ok());
        QCOMPARE(stoppedRead.error().kind, ErrorKind::Cancelled);
        QCOMPARE(calls, 2);
        calls = 0;
        cancel = false;
        const auto stoppedParse = readReports(text, cancelling);
        QVERIFY(!stoppedParse.ok());
        QCOMPARE(stoppedParse.error().kind, ErrorKind::Cancelled);
        QCOMPARE(calls, 2);
    }

private:
    static std::string readReportFileFor(const std::string &path)
    {
        const auto read = readReportFile(path);
        if (read.ok())
            return "(read)";
        return read.error().kind == ErrorKind::BadArgument ? read.error().message : "(not a bad argument)";
    }
};

QTEST_APPLESS_MAIN(TestReportLimits)
#include "tst_reportlimits.moc"
