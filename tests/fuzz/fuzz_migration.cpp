// SPDX-License-Identifier: GPL-3.0-or-later
// CUPTI's unified-memory records as the engine gets them: attributed to the
// phases of a run, then replayed into the residency map. The input decodes
// to a run (buffers, phase windows) and a stream of records.
#include "fuzzcheck.h"

#include "counting/migration.h"
#include "counting/residency.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>

using namespace sharescope;

namespace {

struct Run
{
    std::vector<ResidencyBuffer> buffers;
    std::vector<PhaseWindow> windows;
    std::vector<MigrationEvent> events;
    std::array<bool, counterKindCount> reported{};
    std::uint64_t chunkBytes = 0;
};

// The windows follow one another, as the engine measures them: alloc, five
// phases per iteration, free.
std::vector<PhaseWindow> windowsFrom(FuzzedDataProvider &input)
{
    std::vector<PhaseWindow> windows;
    std::uint64_t now = input.ConsumeIntegral<std::uint32_t>();
    const auto add = [&](int iteration, Phase phase) {
        const std::uint64_t start = now + input.ConsumeIntegralInRange<std::uint64_t>(0, 1000);
        now = start + input.ConsumeIntegralInRange<std::uint64_t>(0, 100000);
        windows.push_back({iteration, phase, start, now});
    };
    add(-1, Phase::Alloc);
    const int iterations = input.ConsumeIntegralInRange(0, 6);
    for (int i = 0; i < iterations; ++i) {
        for (const Phase phase : iterationPhases)
            add(i, phase);
    }
    if (input.ConsumeBool())
        add(-1, Phase::Free);
    return windows;
}

Run runFrom(FuzzedDataProvider &input)
{
    Run run;
    const std::uint8_t reported = input.ConsumeIntegral<std::uint8_t>();
    for (std::size_t k = 0; k < counterKindCount; ++k)
        run.reported[k] = (reported >> k) & 1;
    const int buffers = input.ConsumeIntegralInRange(1, 3);
    std::uint64_t address = input.ConsumeIntegral<std::uint64_t>() & ~std::uint64_t(0xFFF);
    std::uint64_t largest = 0;
    for (int b = 0; b < buffers; ++b) {
        // Mostly small (a few hundred chunks keep each input fast); up to the
        // residency map's 32768 chunks now and then.
        const std::uint64_t bytes = input.ConsumeIntegralInRange<std::uint64_t>(
            1, input.ConsumeIntegralInRange(0, 15) ? 4ULL << 20 : 64ULL << 20);
        run.buffers.push_back({"b" + std::to_string(b), address, bytes, input.ConsumeBool()});
        address += bytes + input.ConsumeIntegralInRange<std::uint64_t>(0, 1 << 20);
        largest = std::max(largest, bytes);
    }
    run.chunkBytes = residencyChunkBytes(largest, std::uint64_t(4096) << input.ConsumeIntegralInRange(0, 6));
    run.windows = windowsFrom(input);
    const std::uint64_t first = run.windows.front().startNs;
    const std::uint64_t last = run.windows.back().endNs;
    while (input.remaining_bytes() > 0 && run.events.size() < 512) {
        MigrationEvent event;
        event.kind = static_cast<CounterKind>(input.ConsumeIntegralInRange<int>(0, counterKindCount - 1));
        event.startNs = input.ConsumeBool()
            ? input.ConsumeIntegral<std::uint64_t>()
            : input.ConsumeIntegralInRange(first - std::min<std::uint64_t>(first, 10), last + 10);
        event.endNs = event.startNs + input.ConsumeIntegralInRange<std::uint64_t>(0, 1000);
        // Mostly inside a buffer, where real records are; sometimes anywhere.
        const ResidencyBuffer &near = run.buffers[input.ConsumeIntegralInRange<std::size_t>(0, buffers - 1)];
        event.address = input.ConsumeBool() ? input.ConsumeIntegral<std::uint64_t>()
                                            : near.address + input.ConsumeIntegralInRange<std::uint64_t>(0, near.bytes);
        event.value = input.ConsumeBool() ? input.ConsumeIntegral<std::uint64_t>()
                                          : input.ConsumeIntegralInRange<std::uint64_t>(0, 4ULL << 20);
        event.cause = static_cast<MigrationCause>(input.ConsumeIntegralInRange(0, 5));
        run.events.push_back(event);
    }
    return run;
}

// The window an event belongs to: the last one that began at or before it,
// else the first.
std::size_t windowOf(const std::vector<PhaseWindow> &windows, std::uint64_t startNs)
{
    std::size_t index = 0;
    for (std::size_t w = 0; w < windows.size(); ++w) {
        if (windows[w].startNs <= startNs)
            index = w;
    }
    return index;
}

void checkAttribution(const Run &run, const std::vector<MigrationEvent> &events, const std::vector<Counters> &totals)
{
    FUZZ_CHECK(totals.size() == run.windows.size());
    FUZZ_CHECK(std::ranges::is_sorted(events, {}, &MigrationEvent::startNs));
    std::vector<std::array<std::uint64_t, counterKindCount>> sums(run.windows.size());
    for (const MigrationEvent &event : events) {
        const std::size_t w = windowOf(run.windows, event.startNs);
        FUZZ_CHECK(event.iteration == run.windows[w].iteration && event.phase == run.windows[w].phase);
        const bool counted = event.kind == CounterKind::CpuPageFault || event.kind == CounterKind::Thrashing
            || event.kind == CounterKind::Throttling || event.kind == CounterKind::RemoteMap;
        sums[w][static_cast<std::size_t>(event.kind)] += counted ? 1 : event.value;
    }
    for (std::size_t w = 0; w < totals.size(); ++w) {
        for (std::size_t k = 0; k < counterKindCount; ++k) {
            const auto &value = totals[w].*counterFields()[k].member;
            FUZZ_CHECK(value.has_value() == run.reported[k]); // not reported stays empty, never zero
            FUZZ_CHECK(!value || *value == sums[w][k]);
        }
    }
}

void checkResidency(const Run &run, const Residency &residency)
{
    FUZZ_CHECK(residency.chunkBytes == run.chunkBytes && residency.buffers.size() == run.buffers.size());
    std::size_t snapshot = 0;
    std::uint64_t allBytes = 0;
    for (const ResidencyBuffer &buffer : run.buffers)
        allBytes += buffer.bytes;
    FUZZ_CHECK(residency.unexplainedBytes <= allBytes * run.windows.size());
    for (const PhaseWindow &window : run.windows) {
        if (window.phase == Phase::Free)
            continue; // nothing is left to show
        FUZZ_CHECK(snapshot < residency.snapshots.size());
        const ResidencySnapshot &s = residency.snapshots[snapshot++];
        FUZZ_CHECK(s.iteration == window.iteration && s.phase == window.phase);
        FUZZ_CHECK(s.chunks.size() == run.buffers.size());
        for (std::size_t b = 0; b < run.buffers.size(); ++b) {
            const std::string &chunks = s.chunks[b];
            FUZZ_CHECK(chunks.size() == (run.buffers[b].bytes + run.chunkBytes - 1) / run.chunkBytes);
            FUZZ_CHECK(chunks.size() <= 32768);
            FUZZ_CHECK(chunks.find_first_not_of(".hd") == std::string::npos);
            // The CPU wrote it: nothing of it is untouched after host-init.
            if (window.phase == Phase::HostInit && run.buffers[b].hostWritten)
                FUZZ_CHECK(chunks.find('.') == std::string::npos);
            // How snapshots travel in a report.
            const auto decoded = runLengthDecode(runLengthEncode(chunks), chunks.size());
            FUZZ_CHECK(decoded && *decoded == chunks);
        }
    }
    FUZZ_CHECK(snapshot == residency.snapshots.size());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    FuzzedDataProvider input(data, size);
    // A run-length text as a report holds it, read with a limit.
    const std::string encoded = input.ConsumeRandomLengthString(64);
    const std::size_t limit = input.ConsumeIntegralInRange<std::size_t>(0, 4096);
    if (const auto decoded = runLengthDecode(encoded, limit)) {
        FUZZ_CHECK(decoded->size() <= limit);
        // Any letter a snapshot may hold (a report's map may have every place).
        FUZZ_CHECK(std::ranges::all_of(*decoded, isLocation));
        FUZZ_CHECK(runLengthDecode(runLengthEncode(*decoded), decoded->size()) == decoded);
    }

    Run run = runFrom(input);
    std::vector<MigrationEvent> events = run.events;
    const std::vector<Counters> totals = attributeToPhases(events, run.windows, run.reported);
    checkAttribution(run, events, totals);
    checkResidency(run, replayResidency(run.buffers, events, run.windows, run.chunkBytes));
    return 0;
}
