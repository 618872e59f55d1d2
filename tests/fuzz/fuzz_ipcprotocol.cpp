// SPDX-License-Identifier: GPL-3.0-or-later
// The ipc mode's line protocol between ShareScope and its peer process:
// commands, replies, handles in hex and ipc-export's --fill.
#include "fuzzcheck.h"

#include "ipcprotocol.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <string>

using namespace sharescope;

namespace {

bool sameCommand(const PeerCommand &a, const PeerCommand &b)
{
    return a.kind == b.kind && a.open.device == b.open.device && a.open.kernel == b.open.kernel
        && a.open.count == b.open.count && a.open.strideElements == b.open.strideElements
        && a.open.memoryHandles == b.open.memoryHandles && a.open.eventHandle == b.open.eventHandle
        && a.open.memory == b.open.memory && a.open.mappedBytes == b.open.mappedBytes;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string line(reinterpret_cast<const char *>(data), size);

    if (const auto command = parseCommand(line)) {
        // What the peer understood, said again, is understood the same way.
        const std::string said = formatCommand(*command);
        const auto heard = parseCommand(said);
        FUZZ_CHECK(heard.ok() && sameCommand(*heard, *command));
        if (command->kind == PeerCommand::Kind::Open) {
            FUZZ_CHECK(command->open.count > 0 && command->open.strideElements > 0 && command->open.device >= 0);
            const PeerOpen &open = command->open;
            const bool vmm = open.memory == IpcMemory::VmmDescriptor;
            // ipc-vmm names each buffer's mapped size; the others a handle each.
            FUZZ_CHECK((vmm ? open.mappedBytes.size() : open.memoryHandles.size())
                       == kernelInfo(open.kernel).buffers.size());
            FUZZ_CHECK(vmm ? open.memoryHandles.empty() : open.mappedBytes.empty());
            for (const std::uint64_t bytes : open.mappedBytes)
                FUZZ_CHECK(bytes / elementBytes >= open.count);
            FUZZ_CHECK(descriptorCount(open)
                       == (vmm                                            ? open.mappedBytes.size()
                               : open.memory == IpcMemory::PoolDescriptor ? 1
                                                                          : 0));
            FUZZ_CHECK(said.find('\n') == std::string::npos);
        }
    } else {
        FUZZ_CHECK(!command.error().message.empty());
    }

    if (const auto reply = parseReply(line)) {
        const std::string said = formatReply(*reply);
        FUZZ_CHECK(said.find('\n') == std::string::npos && said.find('\r') == std::string::npos);
        const auto heard = parseReply(said);
        FUZZ_CHECK(heard.ok() && heard->kind == reply->kind && heard->ns == reply->ns);
        FUZZ_CHECK(formatReply(*heard) == said); // one line, whatever the message held
    } else {
        FUZZ_CHECK(!reply.error().message.empty());
    }

    for (const std::size_t bytes : {std::size_t(1), std::size_t(4), ipcHandleBytes}) {
        if (const auto decoded = fromHex(line, bytes)) {
            FUZZ_CHECK(decoded->size() == bytes);
            std::string lower = line;
            for (char &c : lower)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            FUZZ_CHECK(toHex(*decoded) == lower);
        }
    }

    if (const auto fill = parseFill(line)) {
        FUZZ_CHECK(std::isfinite(fill->value));
        FUZZ_CHECK(std::isfinite(fill->at(0)) && std::isfinite(fill->at(UINT64_MAX)));
    } else {
        FUZZ_CHECK(fill.error().kind == ErrorKind::BadArgument);
    }
    return 0;
}
