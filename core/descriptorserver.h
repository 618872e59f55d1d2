// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <memory>
#include <span>
#include <string>

namespace sharescope {

// A Unix socket at a path that hands file descriptors to each process that
// connects: one line, with the descriptors beside it (SCM_RIGHTS), then
// the connection is closed. How `sharescope ipc-export --memory vmm|pool`
// gives another process (Python's socket.recv_fds) the memory's descriptor:
// unlike pidfd_getfd, it needs no ptrace permission over this process.
class DescriptorServer
{
public:
    // Listens at `path`, readable and writable by this user only (the
    // descriptor gives access to GPU memory). Refuses a path that exists or
    // does not fit a socket address, naming it.
    static Result<std::unique_ptr<DescriptorServer>> listen(const std::string &path);
    ~DescriptorServer(); // closes the socket and removes the path
    DescriptorServer(const DescriptorServer &) = delete;
    DescriptorServer &operator=(const DescriptorServer &) = delete;

    const std::string &path() const { return m_path; }
    int descriptor() const { return m_socket; } // to poll for a process waiting
    // Hands `line` (a newline is added) and `descriptors` to one process
    // waiting to connect; its pid, or 0 where the system does not say.
    // Fails when nobody waits or the process went away.
    Result<int> handOver(const std::string &line, std::span<const int> descriptors);

private:
    DescriptorServer() = default;
    std::string m_path;
    int m_socket = -1;
};

// $XDG_RUNTIME_DIR/sharescope-ipc-PID.sock, or in /tmp without it.
std::string defaultSocketPath();

} // namespace sharescope
