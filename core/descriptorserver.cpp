// SPDX-License-Identifier: GPL-3.0-or-later
#include "descriptorserver.h"

#include "linereader.h"
#include "trnoop.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace sharescope {

Result<std::unique_ptr<DescriptorServer>> DescriptorServer::listen(const std::string &path)
{
    sockaddr_un address{};
    if (path.empty() || path.size() >= sizeof address.sun_path) {
        return badArgument(
            SHARESCOPE_TR_NOOP("Core", "--socket '%1' is %2 bytes long; a socket's path holds 1 to %3 bytes"),
            {path, std::to_string(path.size()), std::to_string(sizeof address.sun_path - 1)});
    }
    struct stat existing
    {
    };
    if (::lstat(path.c_str(), &existing) == 0) {
        return badArgument(SHARESCOPE_TR_NOOP("Core", "--socket '%1' exists already; remove it or name another path"),
                           {path});
    }
    std::unique_ptr<DescriptorServer> server(new DescriptorServer);
    server->m_socket = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (server->m_socket < 0)
        return failed("socket(AF_UNIX): " + std::string(std::strerror(errno)));
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, path.data(), path.size());
    // Only this user may connect: whoever holds the descriptor holds the memory.
    const mode_t previous = ::umask(0077);
    const int bound = ::bind(server->m_socket, reinterpret_cast<const sockaddr *>(&address), sizeof address);
    const int bindError = errno;
    ::umask(previous);
    if (bound != 0) {
        return unsupported(SHARESCOPE_TR_NOOP("Core", "cannot listen at --socket '%1': %2"),
                           {path, std::string(std::strerror(bindError))});
    }
    server->m_path = path;
    if (::listen(server->m_socket, 8) != 0)
        return failed("listen(" + path + "): " + std::string(std::strerror(errno)));
    return server;
}

DescriptorServer::~DescriptorServer()
{
    if (m_socket >= 0)
        ::close(m_socket);
    if (!m_path.empty())
        ::unlink(m_path.c_str());
}

Result<int> DescriptorServer::handOver(const std::string &line, std::span<const int> descriptors)
{
    const int client = ::accept4(m_socket, nullptr, nullptr, SOCK_CLOEXEC);
    if (client < 0)
        return failed("accept(" + m_path + "): " + std::string(std::strerror(errno)));
    int pid = 0;
    ucred credentials{};
    socklen_t size = sizeof credentials;
    if (::getsockopt(client, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0)
        pid = credentials.pid;
    const std::string data = line + "\n";
    std::size_t sent = 0;
    while (sent < data.size()) {
        const ssize_t n = sendWithDescriptors(client, data.data() + sent, data.size() - sent,
                                              sent == 0 ? descriptors : std::span<const int>());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN) {
            pollfd writable{client, POLLOUT, 0};
            if (::poll(&writable, 1, 1000) > 0)
                continue;
        }
        if (n <= 0) {
            const int error = errno;
            ::close(client);
            return failed("the process that connected to " + m_path + " went away: " + std::strerror(error));
        }
        sent += static_cast<std::size_t>(n);
    }
    ::close(client);
    return pid;
}

std::string defaultSocketPath()
{
    const char *runtime = std::getenv("XDG_RUNTIME_DIR");
    const std::string folder = runtime && *runtime ? runtime : "/tmp";
    return folder + "/sharescope-ipc-" + std::to_string(::getpid()) + ".sock";
}

} // namespace sharescope
