// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/ipcpeerlink.h"

namespace sharescope::cuda {

std::chrono::milliseconds peerTimeout()
{
    if (const char *configured = std::getenv("SHARESCOPE_IPC_TIMEOUT_MS"); configured && *configured) {
        const long value = std::strtol(configured, nullptr, 10);
        if (value > 0)
            return std::chrono::milliseconds(value);
    }
    return std::chrono::seconds(60);
}

std::uint64_t steadyNowNs()
{
    const auto now = std::chrono::steady_clock::now().time_since_epoch();
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
}

Result<PeerReply> converse(ChildProcess &peer, const PeerCommand &command, PeerReply::Kind expected,
                           std::span<const int> descriptors)
{
    if (Status sent = peer.send(formatCommand(command), descriptors); !sent)
        return sent.error();
    auto line = peer.receive(peerTimeout());
    if (!line)
        return line.error();
    auto reply = parseReply(*line);
    if (!reply) {
        peer.kill();
        return failed("the ipc peer (pid " + std::to_string(peer.pid())
                      + ") said something unexpected: " + reply.error().message);
    }
    if (reply->kind == PeerReply::Kind::Error)
        return failed("the ipc peer failed: " + reply->message);
    if (reply->kind != expected) {
        peer.kill();
        return failed("the ipc peer answered '" + *line + "' out of turn");
    }
    return reply;
}

} // namespace sharescope::cuda
