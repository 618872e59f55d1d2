// SPDX-License-Identifier: GPL-3.0-or-later
#include "counting/migration.h"
#include "counting/residency.h"

#include <QTest>

using namespace sharescope;

namespace {

constexpr std::uint64_t base = 0x7f0000000000ULL;
constexpr std::uint64_t KiB = 1024;

// alloc, then one iteration's five phases, then free: 10 ns apart.
std::vector<PhaseWindow> oneIteration()
{
    std::vector<PhaseWindow> windows{{-1, Phase::Alloc, 0, 9}};
    std::uint64_t t = 10;
    for (const Phase phase : iterationPhases) {
        windows.push_back({0, phase, t, t + 9});
        t += 10;
    }
    windows.push_back({-1, Phase::Free, t, t + 9});
    return windows;
}

MigrationEvent record(CounterKind kind, std::uint64_t at, std::uint64_t address, std::uint64_t value)
{
    MigrationEvent e;
    e.kind = kind;
    e.startNs = at;
    e.endNs = at + 1;
    e.address = address;
    e.value = value;
    return e;
}

std::array<bool, counterKindCount> allReported()
{
    std::array<bool, counterKindCount> reported{};
    reported.fill(true);
    return reported;
}

} // namespace

class TestMigration : public QObject
{
    Q_OBJECT

private slots:
    void attributesRecordsToPhasesByTime()
    {
        const auto windows
            = oneIteration(); // host-init 10..19, to-device 20..29, kernel 30..39, to-host 40..49, host-read 50..59
        std::vector<MigrationEvent> events{
            record(CounterKind::BytesHostToDevice, 35, base, 2 * 1024 * KiB), // kernel
            record(CounterKind::GpuPageFault, 31, base, 3), // kernel: 3 fault groups
            record(CounterKind::GpuPageFault, 33, base + 4096, 2), // kernel
            record(CounterKind::BytesHostToDevice, 22, base, 4096), // to-device
            record(CounterKind::CpuPageFault, 55, base, 0x401234), // host-read: a program counter, counted once
            record(CounterKind::CpuPageFault, 56, base + 8192, 0x401234),
            record(CounterKind::BytesDeviceToHost, 57, base, 8192), // host-read
            record(CounterKind::Thrashing, 45, base, 65536), // to-host: an occurrence, not bytes
            record(CounterKind::BytesDeviceToHost, 29, base, 100), // the gap before kernel: still to-device
            record(CounterKind::BytesHostToDevice, 1000, base, 7), // after the last window: free
        };
        const auto totals = attributeToPhases(events, windows, allReported());
        QCOMPARE(totals.size(), windows.size());
        const Counters &toDevice = totals[2];
        const Counters &kernel = totals[3];
        const Counters &toHost = totals[4];
        const Counters &hostRead = totals[5];
        QCOMPARE(*toDevice.bytesHostToDevice, std::uint64_t(4096));
        QCOMPARE(*toDevice.bytesDeviceToHost, std::uint64_t(100));
        QCOMPARE(*kernel.bytesHostToDevice, 2 * 1024 * KiB);
        QCOMPARE(*kernel.gpuPageFaultGroups, std::uint64_t(5));
        QCOMPARE(*kernel.cpuPageFaults, std::uint64_t(0)); // reported, and none happened: a real zero
        QCOMPARE(*toHost.thrashing, std::uint64_t(1));
        QCOMPARE(*hostRead.cpuPageFaults, std::uint64_t(2));
        QCOMPARE(*hostRead.bytesDeviceToHost, std::uint64_t(8192));
        QCOMPARE(*totals.back().bytesHostToDevice, std::uint64_t(7));
        QCOMPARE(*totals.front().bytesHostToDevice, std::uint64_t(0));
        // Each event now says where it happened, and they are in time order.
        QCOMPARE(events.front().startNs, std::uint64_t(22));
        QCOMPARE(events.front().phase, Phase::ToDevice);
        QCOMPARE(events.front().iteration, 0);
        QCOMPARE(events.back().phase, Phase::Free);
        QCOMPARE(events.back().iteration, -1);
    }

    // Transfers only, from the first measured iteration on, by cause.
    void sumsTheBytesOfEachCause()
    {
        std::vector<MigrationEvent> events;
        const auto add = [&](CounterKind kind, MigrationCause cause, int iteration, std::uint64_t bytes) {
            MigrationEvent e = record(kind, 0, 0, bytes);
            e.cause = cause;
            e.iteration = iteration;
            events.push_back(e);
        };
        add(CounterKind::BytesHostToDevice, MigrationCause::Coherence, 0, 1000); // the warm-up: left out
        add(CounterKind::BytesHostToDevice, MigrationCause::Coherence, 1, 4096);
        add(CounterKind::BytesDeviceToHost, MigrationCause::Prefetch, 1, 2 << 20);
        add(CounterKind::BytesDeviceToDevice, MigrationCause::User, 2, 8192);
        add(CounterKind::BytesHostToDevice, MigrationCause::Eviction, 2, 65536);
        add(CounterKind::Thrashing, MigrationCause::Unknown, 2, 1 << 30); // not a transfer
        add(CounterKind::BytesDeviceToHost, MigrationCause::Unknown, -1, 4096); // alloc or free
        const auto bytes = bytesByCause(events, 1);
        QCOMPARE(bytes[static_cast<std::size_t>(MigrationCause::Coherence)], std::uint64_t(4096));
        QCOMPARE(bytes[static_cast<std::size_t>(MigrationCause::Prefetch)], std::uint64_t(2 << 20));
        QCOMPARE(bytes[static_cast<std::size_t>(MigrationCause::User)], std::uint64_t(8192));
        QCOMPARE(bytes[static_cast<std::size_t>(MigrationCause::Eviction)], std::uint64_t(65536));
        QCOMPARE(bytes[static_cast<std::size_t>(MigrationCause::AccessCounters)], std::uint64_t(0));
        QCOMPARE(bytes[static_cast<std::size_t>(MigrationCause::Unknown)], std::uint64_t(0));
    }

    void leavesUnreportedKindsEmpty()
    {
        auto reported = allReported();
        reported[static_cast<std::size_t>(CounterKind::Thrashing)] = false;
        reported[static_cast<std::size_t>(CounterKind::RemoteMap)] = false;
        std::vector<MigrationEvent> events{record(CounterKind::Thrashing, 35, base, 1)};
        const auto totals = attributeToPhases(events, oneIteration(), reported);
        for (const Counters &counters : totals) {
            QVERIFY(!counters.thrashing); // not reported, not zero, even with a stray record
            QVERIFY(!counters.remoteMaps);
            QVERIFY(counters.throttling.has_value());
        }
    }

    void attributesEarlyEventsToTheFirstWindow()
    {
        std::vector<MigrationEvent> events{record(CounterKind::BytesHostToDevice, 0, base, 5)};
        auto windows = oneIteration();
        for (PhaseWindow &w : windows) {
            w.startNs += 100;
            w.endNs += 100;
        }
        const auto totals = attributeToPhases(events, windows, allReported());
        QCOMPARE(*totals.front().bytesHostToDevice, std::uint64_t(5));
    }

    void replaysResidencyPhaseByPhase()
    {
        // Two managed buffers of 256 KiB (4 chunks of 64 KiB): x written by the
        // CPU, out written by the GPU.
        const std::vector<ResidencyBuffer> buffers{{"x", base, 256 * KiB, true},
                                                   {"out", base + 1024 * KiB, 256 * KiB, false}};
        const auto windows = oneIteration();
        std::vector<MigrationEvent> events{
            record(CounterKind::BytesHostToDevice, 32, base, 128 * KiB), // kernel: first two chunks of x move
            record(CounterKind::GpuPageFault, 33, base + 1024 * KiB + 200 * KiB,
                   1), // kernel: out's 4th chunk, first touch on the GPU
            record(CounterKind::BytesHostToDevice, 34, base + 192 * KiB, 64 * KiB), // kernel: x's last chunk
            record(CounterKind::CpuPageFault, 52, base + 1024 * KiB + 200 * KiB,
                   0x1), // host-read faults out's 4th chunk back
            record(CounterKind::BytesDeviceToHost, 53, base + 1024 * KiB + 192 * KiB, 64 * KiB),
            record(CounterKind::BytesHostToDevice, 36, base + 4096 * KiB, 64 * KiB), // not in any buffer: ignored
        };
        attributeToPhases(events, windows, allReported());
        const Residency residency = replayResidency(buffers, events, windows, 64 * KiB);
        QCOMPARE(residency.snapshots.size(), std::size_t(6)); // alloc and the five phases; none after free
        const auto at
            = [&](Phase phase) { return *std::ranges::find(residency.snapshots, phase, &ResidencySnapshot::phase); };
        QCOMPARE(at(Phase::Alloc).chunks, (std::vector<std::string>{"....", "...."}));
        QCOMPARE(at(Phase::HostInit).chunks, (std::vector<std::string>{"hhhh", "...."}));
        QCOMPARE(at(Phase::ToDevice).chunks, (std::vector<std::string>{"hhhh", "...."}));
        QCOMPARE(at(Phase::Kernel).chunks, (std::vector<std::string>{"ddhd", "...d"}));
        QCOMPARE(at(Phase::ToHost).chunks, (std::vector<std::string>{"ddhd", "...d"}));
        QCOMPARE(at(Phase::HostRead).chunks, (std::vector<std::string>{"ddhd", "...h"}));
        QCOMPARE(residency.unexplainedBytes, std::uint64_t(0)); // every move to the host had a move out before it
    }

    void countsMovesBackThatNoRecordExplains()
    {
        // x (4 chunks) comes back to the host whole, but only its first chunk
        // was ever reported going to the GPU: three chunks' records were lost.
        // The driver moves a chunk back in several records (here 4 KiB, then
        // the rest): each lost chunk counts once.
        const std::vector<ResidencyBuffer> buffers{{"x", base, 256 * KiB, true}};
        const auto windows = oneIteration();
        std::vector<MigrationEvent> events{record(CounterKind::BytesHostToDevice, 32, base, 64 * KiB),
                                           record(CounterKind::BytesDeviceToHost, 52, base, 4 * KiB),
                                           record(CounterKind::BytesDeviceToHost, 53, base + 4 * KiB, 252 * KiB)};
        attributeToPhases(events, windows, allReported());
        const Residency residency = replayResidency(buffers, events, windows, 64 * KiB);
        QCOMPARE(residency.unexplainedBytes, 192 * KiB);
        QCOMPARE(residency.snapshots.back().chunks[0], std::string("hhhh"));
        QCOMPARE(residency.snapshots.back().phase, Phase::HostRead);
        QCOMPARE(residency.snapshots.back().unexplainedBytes, 192 * KiB); // found where it came back
        QCOMPARE(residency.snapshots[3].unexplainedBytes, std::uint64_t(0));
    }

    void acceptsSeveralRecordsForOneChunk()
    {
        // One chunk on the GPU comes back in three records: nothing is lost.
        const std::vector<ResidencyBuffer> buffers{{"x", base, 64 * KiB, true}};
        const auto windows = oneIteration();
        std::vector<MigrationEvent> events{record(CounterKind::BytesHostToDevice, 32, base, 64 * KiB),
                                           record(CounterKind::BytesDeviceToHost, 52, base, 4 * KiB),
                                           record(CounterKind::BytesDeviceToHost, 53, base + 4 * KiB, 28 * KiB),
                                           record(CounterKind::BytesDeviceToHost, 54, base + 32 * KiB, 32 * KiB)};
        attributeToPhases(events, windows, allReported());
        QCOMPARE(replayResidency(buffers, events, windows, 64 * KiB).unexplainedBytes, std::uint64_t(0));
    }

    void acceptsFirstTouchOnTheGpu()
    {
        // out is first written by the GPU: one fault record, its pages
        // populated there without a transfer. Reading it back moves all of
        // it, and none of that is evidence of lost records.
        const std::vector<ResidencyBuffer> buffers{{"out", base, 256 * KiB, false}};
        const auto windows = oneIteration();
        std::vector<MigrationEvent> events{record(CounterKind::GpuPageFault, 32, base, 1),
                                           record(CounterKind::BytesDeviceToHost, 52, base, 256 * KiB)};
        attributeToPhases(events, windows, allReported());
        const Residency residency = replayResidency(buffers, events, windows, 64 * KiB);
        QCOMPARE(residency.unexplainedBytes, std::uint64_t(0));
        QCOMPARE(residency.snapshots.back().chunks[0], std::string("hhhh"));
    }

    void choosesTheChunkSize()
    {
        QCOMPARE(residencyChunkBytes(256 * 1024 * KiB), 64 * KiB);
        QCOMPARE(residencyChunkBytes(2048 * 1024 * KiB), 64 * KiB);
        QCOMPARE(residencyChunkBytes(4096ULL * 1024 * KiB), 128 * KiB); // at most 32768 chunks per buffer
        QCOMPARE(residencyChunkBytes(100 * KiB), 64 * KiB);
    }

    void encodesRunLengths_data()
    {
        QTest::addColumn<QString>("chunks");
        QTest::addColumn<QString>("encoded");
        QTest::addRow("mixed") << "hhhh..dd"
                               << "4h2.2d";
        QTest::addRow("one") << "d"
                             << "1d";
        QTest::addRow("empty") << ""
                               << "";
    }
    void encodesRunLengths()
    {
        QFETCH(QString, chunks);
        QFETCH(QString, encoded);
        QCOMPARE(QString::fromStdString(runLengthEncode(chunks.toStdString())), encoded);
        QCOMPARE(QString::fromStdString(*runLengthDecode(encoded.toStdString(), 100)), chunks);
    }

    void rejectsBadRunLengths()
    {
        QVERIFY(!runLengthDecode("4x", 100));
        QVERIFY(!runLengthDecode("h", 100));
        QVERIFY(!runLengthDecode("0h", 100));
        QVERIFY(!runLengthDecode("4", 100));
        QVERIFY(!runLengthDecode("99999999999999999999h", 100));
        QVERIFY(!runLengthDecode("101h", 100)); // longer than the buffer
        QCOMPARE(*runLengthDecode("2p1b1r", 10), std::string("ppbr")); // every location the pages can give
    }

    // Where the driver counts for itself, its numbers are the totals and
    // CUPTI's sums are kept as what was recorded.
    void prefersTheDriversExactCounts()
    {
        CounterRecords records;
        records.reported = allReported();
        records.windows = oneIteration();
        records.windows[3].exact = ExactCounts{3 * 1024 * KiB, 0, 0, 900}; // the kernel
        records.events = {record(CounterKind::BytesHostToDevice, 35, base, 1024 * KiB),
                          record(CounterKind::GpuPageFault, 31, base, 4)};
        const std::vector<Counters> counters = phaseCounters(records);
        const Counters &kernel = counters[3];
        QCOMPARE(kernel.bytesHostToDevice, std::optional(3 * 1024 * KiB));
        QCOMPARE(kernel.recordedHostToDevice, std::optional(1024 * KiB));
        QCOMPARE(kernel.gpuPageFaults, std::optional<std::uint64_t>(900));
        QCOMPARE(kernel.gpuPageFaultGroups, std::optional<std::uint64_t>(4)); // CUPTI's own, kept
        QCOMPARE(kernel.cpuPageFaults, std::optional<std::uint64_t>(0)); // the driver's zero
        // A window without exact counts keeps CUPTI's sums, and no recorded share.
        QVERIFY(!counters[2].recordedHostToDevice);
        QVERIFY(!counters[2].gpuPageFaults);
    }

    // The map from the pages: what the CPU holds decides, what the run did
    // fills in the rest.
    void buildsTheMapFromThePages()
    {
        constexpr std::uint64_t chunk = 64 * KiB;
        const auto pages = [](std::initializer_list<std::uint32_t> present) {
            std::vector<ChunkPages> chunks;
            for (const std::uint32_t p : present)
                chunks.push_back({16, p, 0});
            return chunks;
        };
        // x is written by the host; out is first touched by the kernel; a
        // read-mostly input; a buffer advised to live on the host.
        ResidencyBuffer x{"x", base, 4 * chunk, true};
        ResidencyBuffer out{"out", base + 4 * chunk, 4 * chunk, false};
        ResidencyBuffer mostly{"y", base + 8 * chunk, 4 * chunk, true};
        mostly.readMostly = true;
        ResidencyBuffer host{"h", base + 12 * chunk, 4 * chunk, false};
        host.preferredHost = true;
        std::vector<PhaseWindow> windows = oneIteration();
        const std::vector<std::vector<std::vector<ChunkPages>>> seen{
            /* alloc */ {pages({0, 0, 0, 0}), pages({0, 0, 0, 0}), pages({0, 0, 0, 0}), pages({0, 0, 0, 0})},
            /* host-init */
            {pages({16, 16, 16, 16}), pages({0, 0, 0, 0}), pages({16, 16, 16, 16}), pages({0, 0, 0, 0})},
            /* to-device */
            {pages({16, 16, 16, 16}), pages({0, 0, 0, 0}), pages({16, 16, 16, 16}), pages({0, 0, 0, 0})},
            /* kernel */ {pages({0, 0, 8, 16}), pages({0, 0, 0, 0}), pages({16, 16, 16, 16}), pages({0, 0, 0, 0})},
            /* to-host */ {pages({0, 0, 8, 16}), pages({0, 0, 0, 0}), pages({16, 16, 16, 16}), pages({0, 0, 0, 0})},
            /* host-read */
            {pages({0, 0, 8, 16}), pages({16, 16, 16, 16}), pages({16, 16, 16, 16}), pages({0, 0, 0, 0})},
        };
        for (std::size_t w = 0; w < seen.size(); ++w)
            windows[w].hostPages = seen[w];
        const Residency residency
            = residencyFromPages({x, out, mostly, host}, windows, chunk, gpuPlacement(ModeId::Managed));
        QCOMPARE(residency.source, ResidencySource::Pages);
        QCOMPARE(residency.snapshots.size(), std::size_t(6)); // free has nothing to show
        const auto at = [&](std::size_t window, std::size_t buffer) {
            return QString::fromStdString(residency.snapshots[window].chunks[buffer]);
        };
        QCOMPARE(at(0, 0), QStringLiteral("...."));
        QCOMPARE(at(1, 0), QStringLiteral("hhhh"));
        QCOMPARE(at(1, 1), QStringLiteral("....")); // not touched before the kernel
        QCOMPARE(at(3, 0), QStringLiteral("ddph")); // the kernel faulted some of x over, partly one chunk
        QCOMPARE(at(3, 1), QStringLiteral("dddd")); // first touched by the kernel: on the GPU
        QCOMPARE(at(3, 2), QStringLiteral("bbbb")); // read-mostly: the CPU's pages and the GPU's copy
        QCOMPARE(at(3, 3), QStringLiteral("rrrr")); // preferred-host: on the host, mapped for the GPU
        QCOMPARE(at(5, 1), QStringLiteral("hhhh"));
        // The stride kernel touches every 128 KiB: every other chunk only.
        ResidencyBuffer strided = out;
        strided.gpuStrideBytes = 2 * chunk;
        std::vector<PhaseWindow> none = oneIteration();
        for (PhaseWindow &window : none)
            window.hostPages = {pages({0, 0, 0, 0})};
        const Residency stride = residencyFromPages({strided}, none, chunk, gpuPlacement(ModeId::Managed));
        QCOMPARE(QString::fromStdString(stride.snapshots[3].chunks[0]), QStringLiteral("d.d."));
        // A prefetch to the device touches every chunk in to-device.
        const Residency prefetched = residencyFromPages({out}, none, chunk, gpuPlacement(ModeId::ManagedPrefetch));
        QCOMPARE(QString::fromStdString(prefetched.snapshots[2].chunks[0]), QStringLiteral("dddd"));
    }

    // Two GPUs: the records say which GPU each transfer went to, and the
    // replay puts the chunks on the device (cuda:0 here) or the peer (cuda:1).
    void replaysThreePlaces()
    {
        constexpr std::uint64_t chunk = 64 * KiB;
        const ResidencyBuffer x{"x", base, 4 * chunk, true};
        const ResidencyBuffer out{"out", base + 4 * chunk, 4 * chunk, false};
        const auto gpu = [](MigrationEvent e, int from, int to) {
            e.sourceDevice = from;
            e.destinationDevice = to;
            return e;
        };
        std::vector<MigrationEvent> events{
            // host-init: the CPU writes x, and x and out are prefetched to the device
            record(CounterKind::CpuPageFault, 11, base, 0x401234),
            gpu(record(CounterKind::BytesHostToDevice, 12, base, 4 * chunk), -1, 0),
            gpu(record(CounterKind::BytesHostToDevice, 13, base + 4 * chunk, 4 * chunk), -1, 0),
            // kernel on the peer: x moves over whole, out half of it; a fault on the peer
            gpu(record(CounterKind::GpuPageFault, 31, base, 2), 1, -1),
            gpu(record(CounterKind::BytesDeviceToDevice, 32, base, 4 * chunk), 0, 1),
            gpu(record(CounterKind::BytesDeviceToDevice, 33, base + 4 * chunk, 2 * chunk), 0, 1),
            // to-host: out's moved half comes back to the device
            gpu(record(CounterKind::BytesDeviceToDevice, 42, base + 4 * chunk, 2 * chunk), 1, 0),
            // host-read: the CPU reads out, from the device
            gpu(record(CounterKind::BytesDeviceToHost, 52, base + 4 * chunk, 4 * chunk), 0, -1),
        };
        const auto windows = oneIteration();
        attributeToPhases(events, windows, allReported());
        const Residency residency = replayResidency({x, out}, events, windows, chunk, {0, 1});
        const auto at = [&](std::size_t window, std::size_t buffer) {
            return QString::fromStdString(residency.snapshots[window].chunks[buffer]);
        };
        QCOMPARE(at(1, 0), QStringLiteral("dddd")); // after host-init: both on the device
        QCOMPARE(at(1, 1), QStringLiteral("dddd"));
        QCOMPARE(at(3, 0), QStringLiteral("eeee")); // after the kernel: x on the peer
        QCOMPARE(at(3, 1), QStringLiteral("eedd")); // half of out
        QCOMPARE(at(4, 1), QStringLiteral("dddd")); // back on the device
        QCOMPARE(at(5, 1), QStringLiteral("hhhh"));
        QCOMPARE(at(5, 0), QStringLiteral("eeee")); // x stays on the peer
        QCOMPARE(residency.unexplainedBytes, std::uint64_t(0));
        // A peer's fault on a chunk nobody touched puts it on the peer.
        std::vector<MigrationEvent> first{gpu(record(CounterKind::GpuPageFault, 31, base + 5 * chunk, 1), 1, -1)};
        attributeToPhases(first, windows, allReported());
        QCOMPARE(replayResidency({out}, first, windows, chunk, {0, 1}).snapshots[3].chunks[0], std::string(".e.."));
        // Without a peer (a single-GPU run) a record between GPUs places nothing.
        const Residency single = replayResidency({x, out}, events, windows, chunk);
        QCOMPARE(QString::fromStdString(single.snapshots[3].chunks[0]), QStringLiteral("dddd"));
        QVERIFY(isLocation('e'));
        QCOMPARE(runLengthDecode("2d2e", 4), std::optional<std::string>("ddee"));
    }

    // The map from the pages with a peer: what the CPU does not hold is where
    // the run last placed it, on the device or on the peer.
    void buildsThePeersMapFromThePages()
    {
        constexpr std::uint64_t chunk = 64 * KiB;
        const ResidencyBuffer x{"x", base, 2 * chunk, true};
        const ResidencyBuffer out{"out", base + 2 * chunk, 2 * chunk, false};
        std::vector<PhaseWindow> windows = oneIteration();
        const std::vector<ChunkPages> none{{16, 0, 0}, {16, 0, 0}};
        const std::vector<ChunkPages> all{{16, 16, 0}, {16, 16, 0}};
        for (PhaseWindow &window : windows)
            window.hostPages = {none, none};
        windows[5].hostPages = {none, all}; // host-read: the CPU read out
        const auto map = [&](ModeId mode) { return residencyFromPages({x, out}, windows, chunk, gpuPlacement(mode)); };
        const Residency faulting = map(ModeId::ManagedPeer);
        const auto at = [](const Residency &r, std::size_t window, std::size_t buffer) {
            return QString::fromStdString(r.snapshots[window].chunks[buffer]);
        };
        QCOMPARE(at(faulting, 1, 0), QStringLiteral("dd")); // host-init prefetched every buffer to the device
        QCOMPARE(at(faulting, 1, 1), QStringLiteral("dd"));
        QCOMPARE(at(faulting, 2, 0), QStringLiteral("dd")); // to-device moves nothing
        QCOMPARE(at(faulting, 3, 0), QStringLiteral("ee")); // the peer's kernel faulted it over
        QCOMPARE(at(faulting, 4, 1), QStringLiteral("ee"));
        QCOMPARE(at(faulting, 5, 1), QStringLiteral("hh"));
        QCOMPARE(at(faulting, 5, 0), QStringLiteral("ee"));
        const Residency prefetched = map(ModeId::ManagedPeerPrefetch);
        QCOMPARE(at(prefetched, 2, 0), QStringLiteral("ee")); // to-device: prefetched to the peer
        QCOMPARE(at(prefetched, 4, 0), QStringLiteral("dd")); // to-host: back to the device
        QCOMPARE(at(prefetched, 5, 0), QStringLiteral("dd"));
        // A single-GPU mode never names the peer.
        QVERIFY(!at(map(ModeId::Managed), 3, 0).contains(QLatin1Char('e')));
    }

    void namesKindsAndCauses()
    {
        for (std::size_t k = 0; k < counterKindCount; ++k) {
            const auto kind = static_cast<CounterKind>(k);
            QCOMPARE(*counterKindFromName(counterKindName(kind)), kind);
        }
        QCOMPARE(*migrationCauseFromName("prefetch"), MigrationCause::Prefetch);
        QVERIFY(!counterKindFromName("bogus"));
    }
};

QTEST_APPLESS_MAIN(TestMigration)
#include "tst_migration.moc"
