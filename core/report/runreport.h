// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ceilings/ceilings.h"
#include "clocks.h"
#include "counting/migration.h"
#include "counting/residency.h"
#include "deviceinfo.h"
#include "environment.h"
#include "experimentspec.h"
#include "phase.h"
#include "verification.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sharescope {

// How the host reached a buffer's data, as the backend observed it.
struct BufferReport
{
    std::string name;
    ElementType type = ElementType::Float32;
    BufferRole role = BufferRole::Input;
    std::uint64_t bytes = 0;
    std::string placement; // "device buffer + host array", "host array used in place", ...
    std::optional<bool> zeroCopy; // map returned the buffer's own storage; empty where there is no map
    bool managed = false; // unified memory: its pages migrate, and the residency map shows them
    std::uint64_t address = 0; // where it starts, for managed buffers (to match migration records)
};

// Handing the buffers to the peer, step by step, each timed where it
// happens (both processes read the same monotonic clock).
struct IpcSetupSteps
{
    // This process: the buffers' handles or descriptors and the event's
    // handle made (cudaIpcGetMemHandle; cuMemExportToShareableHandle;
    // cudaMemPoolExportToShareableHandle and cudaMemPoolExportPointer).
    std::uint64_t exportNs = 0;
    // The open line and its descriptors on the socket: from this process's
    // send to the peer's receipt, counted from when both were ready.
    std::uint64_t passNs = 0;
    // The peer: handles or descriptors turned into its own, and the event's
    // handle opened. For ipc, cudaIpcOpenMemHandle also maps.
    std::uint64_t importNs = 0;
    // The peer: address reserved, mapped and made accessible (ipc-vmm), the
    // pointers imported from the pool (ipc-pool). Absent for ipc, whose
    // open maps in the same call.
    std::optional<std::uint64_t> mapNs;
};

// The ipc modes: the other process and what it was given.
struct IpcDetails
{
    int peerPid = 0;
    std::vector<std::string> memoryHandles; // hex, one per buffer
    std::string eventHandle; // hex
    std::uint64_t openNs = 0; // import and map, timed in the peer (the ipc-open phase)
    std::optional<IpcSetupSteps> steps; // absent in reports written before the steps were timed
};

struct IterationResult
{
    int index = 0;
    bool warmup = false;
    std::vector<PhaseResult> phases; // the five iteration phases, in order
};

// Where a report's migration totals come from.
enum class CounterTotals {
    Records, // the sums of CUPTI's records: a lower bound where records were lost
    Driver, // the UVM driver's own per-process counters: exact
};
std::string_view counterTotalsName(CounterTotals totals); // "records", "driver"
std::optional<CounterTotals> counterTotalsFromName(std::string_view name);

// What the counted pass found: the instruments' view of the run. The
// counted pass fills it and the timed run takes it whole (mergeCountedPass),
// so a field added here reaches the report without a copy to extend; the
// report's JSON writes and reads every field (tst_reportjson holds it).
struct CountedFindings
{
    bool enabled = false;
    MessageTemplate note; // why there are none, when there are none
    CounterTotals totals = CounterTotals::Records;
    MessageTemplate exactNote; // why the driver's exact totals are not reported, when they are not
    MessageTemplate recordsNote; // why the migration records are not reported, when they are not
    // Where the records came from: the driver's event queue or CUPTI (reports
    // written before the driver's queue: CUPTI), and why not the driver's.
    RecordsSource recordsSource = RecordsSource::Cupti;
    MessageTemplate driverEventsNote;
    // Bytes the records moved by cause over the measured iterations, all of
    // them (not only the migrations kept); empty without records, and in
    // reports written before.
    std::optional<std::array<std::uint64_t, migrationCauseCount>> migratedByCause;
    // The driver's uvm_perf_access_counter_migration_enable, where read.
    std::optional<int> accessCounterMigration;
    std::vector<MigrationEvent> migrations; // the first maxKeptMigrations, attributed to phases
    std::uint64_t migrationsDropped = 0; // beyond the cap (counted in the totals all the same)
    std::uint64_t lost = 0; // records the driver dropped: the totals are then a lower bound
    Residency residency; // managed buffers only; empty otherwise

    friend bool operator==(const CountedFindings &, const CountedFindings &) = default;
};

struct RunReport
{
    std::string toolVersion;
    std::string commandLine;
    std::string createdUtc; // ISO 8601
    Environment environment;
    DeviceInfo device;
    ExperimentSpec spec;
    std::vector<BufferReport> buffers;
    PhaseResult alloc;
    std::optional<PhaseResult> free; // empty while the buffers are kept for inspection
    std::vector<IterationResult> iterations;
    Verification verification;
    CountedFindings counted; // the counted pass's counters, records and residency
    std::optional<IpcDetails> ipc; // the ipc mode only
    // The limits of the device's paths, added by the front end that ran it
    // (the calibration lives in its cache); empty in reports written before.
    std::optional<Ceilings> ceilings;
    // The GPU's clock: its maximum, the warm-up before the measured
    // iterations (clocks.h); empty for devices without one (OpenCL) and in
    // reports written before.
    std::optional<RunClocks> clocks;
};

// The SM clocks one phase of the measured iterations was read at.
struct ClockSpread
{
    std::uint32_t minMHz = 0;
    std::uint32_t maxMHz = 0;
    int readings = 0;
    // The clock moved by more than clockTolerance: the phases' times were
    // measured at different speeds.
    bool changed() const;
};
// Over the measured kernels: the SM clock speeds the kernels; while the
// host fills or checks the buffers the GPU idles, and its clock may drop
// without changing any measured kernel.
std::optional<ClockSpread> clockSpread(const RunReport &report, Phase phase = Phase::Kernel);

inline constexpr std::size_t maxKeptMigrations = 20000;

struct Stat
{
    std::uint64_t min = 0;
    std::uint64_t median = 0;
    std::uint64_t max = 0;
};

// One phase over the measured (not warm-up) iterations.
struct PhaseSummary
{
    Phase phase = Phase::Alloc;
    int samples = 0;
    Stat hostNs;
    std::optional<Stat> deviceNs; // only when every sample had a device time
    PhaseResult median; // a phase with the median times, bytes and counters
};

Stat statOf(std::vector<std::uint64_t> values);
// alloc, ipc-open (ipc mode), the five iteration phases, free (when
// measured), in order.
std::vector<PhaseSummary> summarize(const RunReport &report);
// One iteration at a glance: the medians of its five phases, and their sums.
struct IterationTotals
{
    std::uint64_t phaseNs[5] = {}; // host-init .. host-read, median host time
    std::uint64_t ns = 0; // the time one iteration takes
    std::uint64_t moved = 0; // bytes copied (or prefetched) explicitly
    std::optional<double> kernelBandwidth;
    // Bytes migrated both ways, and between GPUs where CUPTI reports it;
    // empty when not reported.
    std::optional<std::uint64_t> migrated;
    // CPU page faults + GPU faults: the driver's GPU page faults where it
    // counts them, else CUPTI's GPU fault groups; empty when not reported.
    std::optional<std::uint64_t> faults;
    // Where those two came from, for the legends that explain them: some
    // phase's GPU faults are CUPTI's fault groups; migrated holds CUPTI's
    // device→device bytes.
    bool faultGroups = false;
    bool deviceToDevice = false;
    // The totals are sums of records some of which were lost: migrated and
    // faults are at least this.
    bool lowerBound = false;
};
IterationTotals iterationTotals(const RunReport &report);
std::uint64_t medianIterationNs(const RunReport &report);
// Whether every map the host made returned the buffers' own storage: empty
// where no buffer was mapped (copies, CUDA), else true only if each buffer
// the host mapped was shared in place (first-touch's gpu-only buffer is
// never mapped, and says nothing).
std::optional<bool> mappedInPlace(const std::vector<BufferReport> &buffers);

} // namespace sharescope
