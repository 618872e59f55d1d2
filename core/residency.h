#pragma once

#include "migration.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sharescope {

// Where each chunk of a managed buffer is, phase by phase. CUDA has no call
// that says where a page is now, so this is a reconstruction: the migration
// records replayed in time order, plus what the program itself did (the CPU
// writing a buffer populates it on the host without any migration).
enum class Location : char { Untouched = '.', Host = 'h', Device = 'd' };

struct ResidencyBuffer
{
    std::string name;
    std::uint64_t address = 0;
    std::uint64_t bytes = 0;
    bool hostWritten = false; // host-init writes it
};

struct ResidencySnapshot
{
    int iteration = -1;
    Phase phase = Phase::Alloc;
    std::vector<std::string> chunks; // per buffer, one Location character per chunk
    std::uint64_t unexplainedBytes = 0; // see Residency::unexplainedBytes; found in this phase
};

struct Residency
{
    std::uint64_t chunkBytes = 0;
    std::vector<ResidencyBuffer> buffers;
    std::vector<ResidencySnapshot> snapshots; // one after every window, in order
    // Bytes of chunks that moved device-to-host although the records had
    // left them on the host: proof that the driver dropped records (seen
    // under heavy faulting, and in a run's first faults). Found in the phase
    // after the loss; a lower bound of what is missing.
    std::uint64_t unexplainedBytes = 0;
};

// The default chunk is 64 KiB; it doubles until a buffer has at most 32768.
std::uint64_t residencyChunkBytes(std::uint64_t largestBuffer, std::uint64_t preferred = 64 * 1024);

// Replays attributed, time-sorted events (attributeToPhases' output) over the
// buffers and takes a snapshot at the end of every window.
Residency replayResidency(const std::vector<ResidencyBuffer> &buffers, const std::vector<MigrationEvent> &events,
                          const std::vector<PhaseWindow> &windows, std::uint64_t chunkBytes);

// "hhhh....dd" <-> "4h4.2d": how snapshots travel in the report.
std::string runLengthEncode(const std::string &chunks);
std::optional<std::string> runLengthDecode(std::string_view encoded, std::size_t maxLength);

} // namespace sharescope
