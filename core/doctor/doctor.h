// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope::doctor {

// The machine check's checks, each a reason why sharing memory between
// processes or with a GPU fails or is slow on a machine (docs/doctor.md has
// a section per check).
enum class CheckId : std::uint8_t {
    SharedMemory, // /dev/shm against what DataLoader workers need
    OpenFiles, // the open-file limit against torch.multiprocessing's descriptors
    DescriptorPassing, // pidfd_getfd (expandable segments) and SCM_RIGHTS
    LegacyIpc, // cudaIpc* handles: PID namespaces, a handle opened in a child
    PinnedMemory, // page-locking works, and what it costs against what it saves
    Numa, // the GPU's node and the page-locked buffer's
    PcieLink, // the link under load against its most, errors across a copy
    PeerToPeer, // IOMMU, peer access, a peer copy checked byte for byte
    AddressingMode, // HMM or ATS, and which prerequisite is missing
    Mps, // the MPS daemon, compute mode
    ManagedMemory, // concurrent managed access, what fits before oversubscribing
    Driver, // driver, runtime and module versions, persistence, clocks
};

inline constexpr std::array allCheckIds{
    CheckId::SharedMemory,   CheckId::OpenFiles, CheckId::DescriptorPassing, CheckId::LegacyIpc,
    CheckId::PinnedMemory,   CheckId::Numa,      CheckId::PcieLink,          CheckId::PeerToPeer,
    CheckId::AddressingMode, CheckId::Mps,       CheckId::ManagedMemory,     CheckId::Driver,
};

enum class Verdict : std::uint8_t {
    Ok,
    Warning, // works, but slower or closer to failing than it should be
    Problem, // will fail, or already does
    NotApplicable, // not on this machine (one GPU for peer-to-peer, no CUDA device)
    CouldNotCheck, // what decides it could not be read or measured; says why
};

inline constexpr std::array allVerdicts{Verdict::Ok, Verdict::Warning, Verdict::Problem, Verdict::NotApplicable,
                                        Verdict::CouldNotCheck};

// A check's row of the one table that describes them.
struct CheckInfo
{
    CheckId id;
    std::string_view name; // "shared-memory": the JSON's id
    const char *title; // marked for translation ("Core")
    std::string_view anchor; // its section of docs/doctor.md
    std::string_view lesson; // the demo that shows it, or empty
    std::string_view explain; // the Explain page that shows it, or empty
    bool needsCuda; // not applicable without a CUDA device
    bool measured; // measures (skipped with --quick), not only reads
};

const CheckInfo &checkInfo(CheckId id);
std::optional<CheckId> checkFromName(std::string_view name);
std::string_view verdictName(Verdict verdict); // "ok", "warning", "problem", "not-applicable", "could-not-check"
std::optional<Verdict> verdictFromName(std::string_view name);
const char *verdictTitle(Verdict verdict); // marked for translation: "ok", "problem", ...
// The section of the docs that explains a check: "docs/doctor.md#shared-memory-for-worker-processes".
std::string docsLink(CheckId id);

// One thing a check read or measured: where it comes from (a file, an
// attribute, an API call, "measured: ..."), and what it said.
struct Evidence
{
    std::string source;
    MessageTemplate text;
    bool operator==(const Evidence &) const = default;
};

struct Check
{
    CheckId id = CheckId::SharedMemory;
    Verdict verdict = Verdict::CouldNotCheck;
    MessageTemplate finding; // one line: what the check found
    std::vector<Evidence> evidence;
    MessageTemplate advice; // what to do; empty where nothing needs doing
    bool operator==(const Check &) const = default;
};

// What the user plans, that some checks hold the machine against.
struct DoctorPlan
{
    int workers = 0; // DataLoader workers
    int prefetch = 2; // batches in flight per worker (PyTorch's prefetch_factor)
    std::uint64_t batchBytes = 64ULL << 20; // one batch's tensors
    bool workersGiven = false; // --workers was given (else: min(8, the CPUs))
    bool batchGiven = false;
    bool operator==(const DoctorPlan &) const = default;
};
// The shared memory that plan needs: every batch in flight, a quarter more
// for the allocator's rounding, and 64 MiB for NCCL and the rest.
std::uint64_t sharedMemoryNeed(const DoctorPlan &plan);
// The descriptors it keeps open with the file_descriptor strategy: one per
// tensor of every batch in flight (tensorsPerBatch), a few per worker, and
// the process's own.
std::uint64_t descriptorNeed(const DoctorPlan &plan, int tensorsPerBatch = 16);

// What the user asked for.
struct DoctorOptions
{
    std::string deviceId; // empty: the first CUDA device, if any
    std::optional<int> workers;
    std::optional<std::uint64_t> batchBytes;
    bool quick = false; // read only; measure nothing
    std::optional<int> peerPid; // a process to compare namespaces with
};
// Checks the options' ranges: workers 1 to 1024, batch 1 byte to 1 TiB, a peer pid > 0.
Status validateDoctorOptions(const DoctorOptions &options);

struct DoctorReport
{
    static constexpr int formatVersion = 1;
    std::string tool; // "ShareScope 0.1.0 (abc1234)"
    std::string createdUtc;
    std::string commandLine;
    std::string deviceId; // the CUDA device the GPU checks looked at; empty without one
    std::string deviceName;
    MessageTemplate deviceNote; // why there is no CUDA device, where there is none
    bool quick = false;
    DoctorPlan plan;
    double seconds = 0; // the whole check
    std::vector<Check> checks;

    bool problemFound() const;
    int count(Verdict verdict) const;
    bool operator==(const DoctorReport &) const = default;
};

// The command's exit code when a check found a problem (0 to 3 are every
// command's, 128 + a signal a stopped one's).
inline constexpr int problemExitCode = 4;

} // namespace sharescope::doctor
