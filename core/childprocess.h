// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sharescope {

// This program's own path, for the hidden roles it starts as a child of
// itself (counted-pass, ipc-peer). SHARESCOPE_SELF_BINARY names another:
// the tests, which are not the sharescope binary, set it.
std::string selfBinary();

// A helper process that speaks a line protocol on its stdin and stdout,
// through one socket pair. Started with posix_spawn (never fork: the parent
// may hold a CUDA context). The destructor kills and reaps a child that is
// still there, so no zombie outlives its owner.
class ChildProcess
{
public:
    static Result<ChildProcess> spawn(const std::string &program, const std::vector<std::string> &arguments);

    ChildProcess(ChildProcess &&other) noexcept;
    ChildProcess &operator=(ChildProcess &&other) noexcept;
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;
    ~ChildProcess();

    pid_t pid() const { return m_pid; }
    bool running() const { return m_pid > 0; }

    // Sends one line (a newline is added). Fails, without a SIGPIPE, when
    // the child has gone, or when it does not take the line within `timeout`
    // (a stopped child whose socket is full; it is then killed).
    Status send(const std::string &line, std::chrono::milliseconds timeout = std::chrono::seconds(60));
    // The same, with file descriptors beside the line (SCM_RIGHTS on the
    // socket: the child receives copies of its own, read with LineReader;
    // the caller keeps and closes its own).
    Status send(const std::string &line, std::span<const int> descriptors,
                std::chrono::milliseconds timeout = std::chrono::seconds(60));
    // The next line from the child, without its newline. Fails when the
    // child does not answer in time (it is then killed) or has ended.
    Result<std::string> receive(std::chrono::milliseconds timeout);
    // The next line if one comes within `wait`, else nothing (the child
    // keeps running: for a long job whose owner checks for a cancel between
    // waits). Fails when the child has ended.
    Result<std::optional<std::string>> receiveWithin(std::chrono::milliseconds wait);
    // Waits for the child to exit; kills it after `timeout`. Always reaps.
    // Returns how it ended: "exited with status 0", "killed by signal 6 (Aborted)".
    std::string finish(std::chrono::milliseconds timeout);
    // Kills and reaps at once.
    std::string kill();

    // The longest line taken from the child (0: no limit). A child that
    // prints more without ending a line is stopped, and receive fails.
    void setLineLimit(std::size_t bytes) { m_lineLimit = bytes; }

    // The name the messages use for the child: "the ipc peer (pid 1234)".
    void setDescription(std::string description) { m_description = std::move(description); }

private:
    ChildProcess(pid_t pid, int fd)
        : m_pid(pid)
        , m_fd(fd)
    {
    }
    // The next line, waiting until `deadline`: nothing when none came by
    // then; an error when the child has ended.
    Result<std::optional<std::string>> nextLine(std::chrono::steady_clock::time_point deadline);
    std::string reap(int options);
    void close();

    pid_t m_pid = -1;
    int m_fd = -1;
    std::string m_buffer;
    std::string m_description = "a child process";
    std::string m_ending;
    std::size_t m_lineLimit = 0;
};

} // namespace sharescope
