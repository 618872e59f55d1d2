// SPDX-License-Identifier: GPL-3.0-or-later
#include "childprocess.h"

#include "bytesize.h"
#include "linereader.h"

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

extern char **environ;

namespace sharescope {

std::string selfBinary()
{
    if (const char *configured = std::getenv("SHARESCOPE_SELF_BINARY"); configured && *configured)
        return configured;
    char path[PATH_MAX];
    const ssize_t length = ::readlink("/proc/self/exe", path, sizeof path - 1);
    return length > 0 ? std::string(path, static_cast<std::size_t>(length)) : std::string("sharescope");
}
namespace {

using Clock = std::chrono::steady_clock;

std::string describeStatus(int status)
{
    if (WIFEXITED(status))
        return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        const int signal = WTERMSIG(status);
        const char *name = strsignal(signal);
        return "was killed by signal " + std::to_string(signal)
            + (name ? std::string(" (") + name + ")" : std::string());
    }
    return "ended";
}

} // namespace

Result<ChildProcess> ChildProcess::spawn(const std::string &program, const std::vector<std::string> &arguments)
{
    int sockets[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
        return failed(std::string("socketpair failed: ") + std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 clears close-on-exec on the copies: the child keeps exactly
    // stdin and stdout on its end of the pair.
    posix_spawn_file_actions_adddup2(&actions, sockets[1], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, sockets[1], STDOUT_FILENO);
    std::vector<char *> argv{const_cast<char *>(program.c_str())};
    for (const std::string &argument : arguments)
        argv.push_back(const_cast<char *>(argument.c_str()));
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int error = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(sockets[1]);
    if (error != 0) {
        ::close(sockets[0]);
        return failed("could not start '" + program + "': " + std::strerror(error));
    }
    return ChildProcess(pid, sockets[0]);
}

ChildProcess::ChildProcess(ChildProcess &&other) noexcept
    : m_pid(std::exchange(other.m_pid, -1))
    , m_fd(std::exchange(other.m_fd, -1))
    , m_buffer(std::move(other.m_buffer))
    , m_description(std::move(other.m_description))
    , m_ending(std::move(other.m_ending))
    , m_lineLimit(other.m_lineLimit)
{
}

ChildProcess &ChildProcess::operator=(ChildProcess &&other) noexcept
{
    if (this != &other) {
        kill();
        close();
        m_pid = std::exchange(other.m_pid, -1);
        m_fd = std::exchange(other.m_fd, -1);
        m_buffer = std::move(other.m_buffer);
        m_description = std::move(other.m_description);
        m_ending = std::move(other.m_ending);
        m_lineLimit = other.m_lineLimit;
    }
    return *this;
}

ChildProcess::~ChildProcess()
{
    kill();
    close();
}

void ChildProcess::close()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

Status ChildProcess::send(const std::string &line, std::chrono::milliseconds timeout)
{
    return send(line, {}, timeout);
}

Status ChildProcess::send(const std::string &line, std::span<const int> descriptors, std::chrono::milliseconds timeout)
{
    const std::string data = line + "\n";
    const auto deadline = Clock::now() + timeout;
    std::size_t sent = 0;
    while (sent < data.size()) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0 && m_fd >= 0) {
            const std::string ending = kill();
            return failed(m_description + " took no command within "
                          + formatDuration(static_cast<std::uint64_t>(timeout.count()) * 1000000)
                          + "; it was stopped (it " + ending + ")");
        }
        if (m_fd >= 0) {
            pollfd poller{m_fd, POLLOUT, 0};
            const int ready = ::poll(&poller, 1, static_cast<int>(std::max<long long>(left.count(), 0)));
            if (ready == 0 || (ready < 0 && errno == EINTR))
                continue; // the deadline check above reports the timeout
        }
        const ssize_t n = sendWithDescriptors(m_fd, data.data() + sent, data.size() - sent,
                                              sent == 0 ? descriptors : std::span<const int>());
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0) {
            const std::string ending = finish(std::chrono::milliseconds(1000));
            return failed(m_description + " stopped listening: it " + ending);
        }
        sent += static_cast<std::size_t>(n);
    }
    return okStatus();
}

Result<std::optional<std::string>> ChildProcess::nextLine(std::chrono::steady_clock::time_point deadline)
{
    for (;;) {
        if (const auto newline = m_buffer.find('\n'); newline != std::string::npos) {
            std::string line = m_buffer.substr(0, newline);
            m_buffer.erase(0, newline + 1);
            return std::optional(std::move(line));
        }
        if (m_fd < 0)
            return failed(m_description + " has ended");
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0)
            return std::optional<std::string>();
        pollfd poller{m_fd, POLLIN, 0};
        const int ready = ::poll(&poller, 1, static_cast<int>(left.count()));
        if (ready <= 0)
            continue; // EINTR, or the deadline, checked above
        char chunk[4096];
        const ssize_t n = ::read(m_fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            // The other end closed: the child is gone or going.
            const std::string ending = finish(std::chrono::milliseconds(2000));
            return failed(m_description + " ended unexpectedly: it " + ending);
        }
        m_buffer.append(chunk, static_cast<std::size_t>(n));
        if (m_lineLimit && m_buffer.size() > m_lineLimit && m_buffer.find('\n') == std::string::npos) {
            const std::string ending = kill();
            m_buffer.clear();
            return failed(m_description + " printed more than " + std::to_string(m_lineLimit)
                          + " bytes without ending a line; it was stopped (it " + ending + ")");
        }
    }
}

Result<std::string> ChildProcess::receive(std::chrono::milliseconds timeout)
{
    auto line = nextLine(Clock::now() + timeout);
    if (!line)
        return line.error();
    if (*line)
        return std::move(**line);
    const std::string ending = kill();
    return failed(m_description + " did not answer within "
                  + formatDuration(static_cast<std::uint64_t>(timeout.count()) * 1000000) + "; it was stopped (it "
                  + ending + ")");
}

Result<std::optional<std::string>> ChildProcess::receiveWithin(std::chrono::milliseconds wait)
{
    return nextLine(Clock::now() + wait);
}

std::string ChildProcess::reap(int options)
{
    if (m_pid <= 0)
        return m_ending;
    int status = 0;
    pid_t result;
    do {
        result = ::waitpid(m_pid, &status, options);
    } while (result < 0 && errno == EINTR);
    if (result == m_pid || (result < 0 && errno == ECHILD)) {
        m_ending = result == m_pid ? describeStatus(status) : "ended";
        m_pid = -1;
    }
    return m_ending;
}

std::string ChildProcess::finish(std::chrono::milliseconds timeout)
{
    // Hanging up first tells a child that reads its stdin to stop.
    close();
    const auto deadline = Clock::now() + timeout;
    while (m_pid > 0 && Clock::now() < deadline) {
        reap(WNOHANG);
        if (m_pid > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (m_pid > 0)
        return kill();
    close();
    return m_ending;
}

std::string ChildProcess::kill()
{
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        reap(0);
    }
    close();
    return m_ending;
}

} // namespace sharescope
