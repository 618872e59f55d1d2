// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "result.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// The ipc modes' conversation between ShareScope and its peer process, one
// line of text per message. ShareScope says one of
//   open DEVICE KERNEL COUNT STRIDE HANDLE[,HANDLE...] EVENTHANDLE        (ipc)
//   open-vmm DEVICE KERNEL COUNT STRIDE BYTES[,BYTES...] EVENTHANDLE      (ipc-vmm)
//   open-pool DEVICE KERNEL COUNT STRIDE EXPORT[,EXPORT...] EVENTHANDLE   (ipc-pool)
// then
//   run
//   release
// and the peer answers:
//   opened NS IMPORT MAP READY RECEIVED
//                    (NS: the whole open in ns, of which IMPORT turning
//                    the handles or descriptors into the peer's own and
//                    MAP mapping them, "-" where the import maps; READY and
//                    RECEIVED: the monotonic clock, in ns, when the peer
//                    began waiting for the line and when it had it. The
//                    older "opened NS" is read too.)
//   done NS          (the kernel's device time, in ns)
//   released
//   error MESSAGE
// Handles travel as lowercase hex: a CUDA IPC handle is 64 bytes, and so is a
// pool pointer's export data. File descriptors travel beside the open line
// as SCM_RIGHTS data on the socket: open-vmm carries one per buffer (BYTES
// is how much of it to map), open-pool one, the pool's.

inline constexpr std::size_t ipcHandleBytes = 64;

std::string toHex(std::span<const std::uint8_t> bytes);
// Exactly `bytes` bytes of hex, either case; anything else is an error.
Result<std::vector<std::uint8_t>> fromHex(std::string_view text, std::size_t bytes);

struct PeerOpen
{
    int device = 0;
    KernelId kernel = KernelId::VectorAdd;
    std::uint64_t count = 0;
    std::uint64_t strideElements = 1;
    std::vector<std::string> memoryHandles; // hex, one per buffer in catalogue order (ipc, ipc-pool)
    std::string eventHandle; // hex
    IpcMemory memory = IpcMemory::LegacyHandle;
    std::vector<std::uint64_t> mappedBytes; // one per buffer (ipc-vmm)
};

struct PeerCommand
{
    enum class Kind { Open, Run, Release };
    Kind kind = Kind::Run;
    PeerOpen open; // for Open
};

// How the peer's open went, step by step (Opened).
struct PeerOpenTimes
{
    std::uint64_t importNs = 0;
    std::optional<std::uint64_t> mapNs; // none where the import maps
    std::uint64_t readyAt = 0; // steady clock, ns: waiting for the open line
    std::uint64_t receivedAt = 0; // steady clock, ns: the line (and its descriptors) in hand
};

struct PeerReply
{
    enum class Kind { Opened, Done, Released, Error };
    Kind kind = Kind::Error;
    std::uint64_t ns = 0; // Opened, Done
    std::string message; // Error
    std::optional<PeerOpenTimes> steps; // Opened, from peers that time them
};

// What `sharescope ipc-export` fills a buffer with: 0, 1, 2, ... ("index"),
// "zeros", "ones", or any number ("2.5").
struct FillPattern
{
    enum class Kind { Index, Constant };
    Kind kind = Kind::Index;
    float value = 0;
    float at(std::uint64_t index) const { return kind == Kind::Index ? static_cast<float>(index) : value; }
};
Result<FillPattern> parseFill(const std::string &text);

// How many file descriptors travel with an open command.
std::size_t descriptorCount(const PeerOpen &open);

std::string formatCommand(const PeerCommand &command);
Result<PeerCommand> parseCommand(std::string_view line);
std::string formatReply(const PeerReply &reply);
Result<PeerReply> parseReply(std::string_view line);

} // namespace sharescope
