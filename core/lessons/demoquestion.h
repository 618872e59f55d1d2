// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessons/demos.h"
#include "phase.h"
#include "report/reportset.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace sharescope {

// What a demo asks before it runs, so that the student commits to an
// expectation the measurement then confirms or overturns. The question and
// its choices are computed from the experiment (its sizes, modes, kernel and
// the byte budgets of core/counting), never canned; the measured answer is
// read from the runs. The wording lives in the front ends, which translate it.

enum class QuestionKind : std::uint8_t {
    PhaseBytes, // how many bytes `mode` moves across the bus (both ways) in `phase`
    Fastest, // which mode finishes `phase` (or the whole iteration) first
    TimeRatio, // how long `mode` takes in `phase` against `against`
    RecordsShare, // what share of the kernel's migrated bytes CUPTI's records show, at `bytes`
    BreakEven, // after how many iterations `mode`'s page-locked memory pays for itself against `against`
    ThreadsRatio, // how long `mode` takes in `phase` on demoHostThreads threads (legacy stream) against one
};

// The bands of a ratio or share question: [low, high), high 0 for no limit.
struct Band
{
    double low = 0;
    double high = 0;
    bool contains(double value) const { return value >= low && (high <= 0 || value < high); }
};

struct QuestionChoice
{
    std::uint64_t bytes = 0; // PhaseBytes
    std::optional<ModeId> mode; // Fastest; empty: "about the same" (within sameWithin)
    Band band; // TimeRatio, RecordsShare
};

struct DemoQuestion
{
    DemoId demo = DemoId::CopiesVsZeroCopy;
    QuestionKind kind = QuestionKind::PhaseBytes;
    ModeId mode = ModeId::Device; // PhaseBytes, TimeRatio: the mode asked about
    ModeId against = ModeId::Device; // TimeRatio: the mode it is held against
    std::optional<Phase> phase; // empty: a whole iteration
    std::uint64_t bytes = 0; // per buffer, of the runs asked about
    std::uint64_t touched = 0; // PhaseBytes on a strided kernel: the bytes it touches per buffer
    std::vector<QuestionChoice> choices; // three or four
};

// Fastest: modes within this ratio of one another are "about the same".
inline constexpr double sameWithin = 1.10;

// The question a demo asks before running on a device of `backend` at the
// sizes `sizes` (demoSizes), with the experiment `spec` (demoSpec); empty
// where the demo has no modes there.
std::optional<DemoQuestion> demoQuestion(const DemoInfo &demo, const ExperimentSpec &spec, BackendKind backend,
                                         const std::vector<std::uint64_t> &sizes);

// The question of a demo about to run from `base` (the user's iterations,
// counters and, where sizeGiven, size) on a device of `backend`; where the
// demo has no modes there, the question of its CUDA comparison, which the
// report shipped with the program answers.
std::optional<DemoQuestion> demoQuestionFor(const DemoInfo &demo, const ExperimentSpec &base, bool sizeGiven,
                                            BackendKind backend);

// --answer N against the question: a bad argument where the question has
// fewer choices.
Status checkAnswer(const DemoQuestion &question, int answer);

struct MeasuredAnswer
{
    // The choice the runs measured; empty where they did not measure it
    // (the mode did not run, the counters were not reported).
    std::optional<std::size_t> choice;
    double value = 0; // what was measured: bytes, a ratio, a share (0..1)
    std::optional<ModeId> fastest; // Fastest: the quickest mode, even when all are about the same
    bool lowerBound = false; // the driver dropped records: the bytes are at least this
};

MeasuredAnswer measuredAnswer(const DemoQuestion &question, const ReportSet &set);

// What page-locked host memory (pinned) costs against ordinary memory touched
// once (device), and what it saves per iteration: alloc and free (host time)
// against the to-device and to-host copies (medians). Both runs at one size.
struct PinningBalance
{
    std::uint64_t pinnedSetupNs = 0; // cudaHostAlloc and cudaFreeHost, with the device buffers
    std::uint64_t pageableSetupNs = 0; // the arrays allocated and touched once, and freed
    std::uint64_t pinnedCopiesNs = 0; // one iteration's copies, both ways
    std::uint64_t pageableCopiesNs = 0;
    // Iterations until the copies saved cover the extra setup: 0 where
    // pinning cost nothing extra; empty where it saves nothing per
    // iteration (it never pays).
    std::optional<double> breakEven;
};
// Empty where either run lacks a timed free or the copy phases.
std::optional<PinningBalance> pinningBalance(const RunReport &pageable, const RunReport &pinned);

} // namespace sharescope
