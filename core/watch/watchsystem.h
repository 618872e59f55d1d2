// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace sharescope::watch {

// The UVM driver's ioctls a watched process is held at (uvm_linux_ioctl.h,
// uvm_ioctl.h; the same numbers in every branch from 515 to 595): the first
// makes a VA space of the file, the second registers a GPU in it, before
// which nothing can migrate. The tracker needs the first done, so the
// watcher attaches at the second.
inline constexpr std::uint32_t uvmInitializeRequest = 0x30000001;
inline constexpr std::uint32_t uvmRegisterGpuRequest = 37;

// A process of the watched tree, stopped at one of those ioctls until the
// watcher lets it go on.
struct HeldCall
{
    std::uint64_t id = 0;
    int pid = 0; // in the watcher's PID namespace
    int fd = -1; // the process's descriptor the ioctl was made on
    std::uint32_t request = 0;
};

struct Spawned
{
    int pid = -1;
    int listener = -1; // where held calls arrive; -1: the tree runs unheld
    int holdError = 0; // why it is not held: the errno of seccomp(2), where it failed
    int execError = 0; // the program could not be started: execve's errno (pid and listener are then -1)
};

// Every system call the watcher makes, so that tests play the kernel: a
// process tree, held calls, descriptors taken or refused. Failures are
// values (a negative errno, an Error), never exceptions.
class WatchSystem
{
public:
    virtual ~WatchSystem() = default;

    // Starts argv (argv[0] a path, as findProgram gives it) as a child with
    // `environment`, its standard streams this process's. hold: the child
    // and all it starts stop at the UVM ioctls above (a seccomp filter with
    // a user-notification listener, installed between fork and exec, which
    // needs no privilege but sets no_new_privs); where the kernel cannot,
    // the child runs unheld and holdError says why. An exec that fails is
    // execError (the child is reaped); an error is a failure to fork.
    virtual Result<Spawned> spawn(const std::vector<std::string> &argv, const std::vector<std::string> &environment,
                                  bool hold)
        = 0;
    // The next held call, once wait() said the listener is readable; empty
    // where none was there after all (the process was interrupted).
    virtual std::optional<HeldCall> nextHeld(int listener) = 0;
    // Lets the held call go on, unchanged.
    virtual void resume(int listener, std::uint64_t id) = 0;
    // Whether the call is still held: its process did not end or move on,
    // so the PID still names the process that made it.
    virtual bool stillHeld(int listener, std::uint64_t id) = 0;

    virtual int pidfdOpen(int pid) = 0; // a descriptor, or -errno
    // pidfd_getfd: this process's copy of the process's descriptor `fd`, or -errno.
    virtual int takeDescriptor(int pidfd, int fd) = 0;
    virtual void close(int fd) = 0;

    struct Reaped
    {
        int pid = 0;
        int status = 0; // as a shell gives it: the exit code, or 128 + the signal
    };
    // Every child (or orphan handed to this process) that has ended.
    virtual std::vector<Reaped> reap() = 0;
    virtual int signal(int pid, int number) = 0; // 0, or -errno
    // Waits at most timeoutMs for any of `fds` to be readable or hung up,
    // and returns those that are.
    virtual std::vector<int> wait(const std::vector<int> &fds, int timeoutMs) = 0;
    virtual std::uint64_t now() = 0; // CLOCK_MONOTONIC, ns: the injection library's clock too
    virtual std::uint64_t sinceBoot() = 0; // CLOCK_BOOTTIME, ns: what a process's start time counts from
    virtual long ticksPerSecond() = 0; // the unit of /proc/PID/stat's start time
    virtual int self() = 0;
    // This process's own CPU time so far (user and system, every thread).
    virtual std::uint64_t ownCpuNs() = 0;
    // Orphans of the tree come to this process rather than to init, so that
    // they stay its descendants (what Yama's scope 1 asks) and are reaped here.
    virtual void becomeSubreaper() = 0;
    // A small process that answers held calls if this one ends first: the
    // kernel fails a held call once nobody listens (ENOSYS), which would
    // break CUDA in the tree. Its PID, or -1 when it could not start.
    virtual int startBackstop(int listener) = 0;

    // The datagram socket the injection library sends its records to, bound
    // at a fresh path only this user can reach: its descriptor and path.
    virtual Result<std::pair<int, std::string>> openRouteSocket() = 0;
    // Every datagram waiting on it.
    virtual std::vector<std::string> receiveDatagrams(int fd) = 0;
    virtual void removeRouteSocket(int fd, const std::string &path) = 0;
};

std::shared_ptr<WatchSystem> linuxWatchSystem();

// Where a shell would find the program `name` on `path` (a name with a
// slash is taken as it is). The error's kind is BadArgument; exitStatus
// then says 127 (not found) or 126 (found, not executable), as a shell's.
struct ProgramProblem
{
    int exitStatus = 127;
    MessageTemplate message;
};
std::variant<std::string, ProgramProblem> findProgram(const std::string &name, const std::string &path);

} // namespace sharescope::watch
