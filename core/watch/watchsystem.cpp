// SPDX-License-Identifier: GPL-3.0-or-later
#include "watch/watchsystem.h"

#include "descriptorpassing.h"

#include "trnoop.h"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif
#ifndef SYS_close_range
#define SYS_close_range 436
#endif
#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV
#define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (1UL << 5)
#endif

namespace sharescope::watch {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t thisArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t thisArch = AUDIT_ARCH_AARCH64;
#else
constexpr std::uint32_t thisArch = 0; // no filter: the tree runs unheld
#endif

// Stops the two UVM ioctls, lets everything else through. The kernel's
// ioctl takes an unsigned int request: the low 32 bits of the argument,
// which come first on a little-endian machine.
constexpr sock_filter heldCallsFilter[] = {
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, thisArch, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1])),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, uvmInitializeRequest, 2, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, uvmRegisterGpuRequest, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
};

// Async-signal-safe: what the child may call between fork and exec.
void writeAll(int fd, const void *data, std::size_t bytes)
{
    const auto *at = static_cast<const char *>(data);
    while (bytes > 0) {
        const ssize_t n = ::write(fd, at, bytes);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        at += n;
        bytes -= static_cast<std::size_t>(n);
    }
}

// The listener, or the errno of the attempt, over the socket: one byte,
// the listener riding on it, or the errno in it.
void sendListener(int socket, int listener, int error)
{
    const char byte = listener >= 0 ? char(0) : static_cast<char>(error > 0 && error < 256 ? error : EINVAL);
    sendDescriptor(socket, &byte, 1, listener);
}

// In the child: a filter whose listener goes to the parent. Tries without
// no_new_privs first (a privileged watcher keeps set-uid programs
// working), then with it; with the killable wait of Linux 5.19, then
// without. Returns the listener, or -errno.
int installFilter()
{
    if (thisArch == 0)
        return -ENOSYS;
    sock_fprog program{static_cast<unsigned short>(std::size(heldCallsFilter)),
                       const_cast<sock_filter *>(heldCallsFilter)};
    const auto attempt = [&program](unsigned long flags) {
        return static_cast<int>(::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &program));
    };
    for (int privileged = 1; privileged >= 0; --privileged) {
        if (!privileged && ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
            return -errno;
        int listener = attempt(SECCOMP_FILTER_FLAG_NEW_LISTENER | SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV);
        if (listener < 0 && errno == EINVAL)
            listener = attempt(SECCOMP_FILTER_FLAG_NEW_LISTENER);
        if (listener >= 0)
            return listener;
        if (errno != EACCES)
            return -errno;
    }
    return -EACCES;
}

int receiveListener(int socket, int *error)
{
    char byte = 0;
    int listener = -1;
    const ssize_t got = receiveDescriptor(socket, &byte, 1, &listener);
    if (got <= 0) {
        *error = got < 0 ? errno : EPIPE;
        return -1;
    }
    if (listener < 0)
        *error = static_cast<unsigned char>(byte);
    return listener;
}

int shellStatus(int status)
{
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return 128;
}

void closeRange(unsigned first, unsigned last)
{
    if (first > last)
        return;
    if (::syscall(SYS_close_range, first, last, 0u) == 0)
        return;
    for (unsigned fd = first; fd <= last && fd < 65536; ++fd) // close_range came with Linux 5.9
        ::close(static_cast<int>(fd));
}

// Every descriptor but the standard streams and the two kept.
void closeAllBut(int keep1, int keep2)
{
    const auto low = static_cast<unsigned>(std::min(keep1, keep2));
    const auto high = static_cast<unsigned>(std::max(keep1, keep2));
    closeRange(3, low - 1);
    closeRange(low + 1, high - 1);
    closeRange(high + 1, ~0u);
}

std::size_t notificationBytes()
{
    seccomp_notif_sizes sizes{};
    if (::syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) != 0)
        return sizeof(seccomp_notif);
    return std::max<std::size_t>(sizes.seccomp_notif, sizeof(seccomp_notif));
}

void answer(int listener, std::uint64_t id)
{
    // Room for what a newer kernel's response may hold beyond the struct
    // (SECCOMP_GET_NOTIF_SIZES); zeroed, as the kernel checks.
    alignas(seccomp_notif_resp) char buffer[256] = {};
    auto *response = reinterpret_cast<seccomp_notif_resp *>(buffer);
    response->id = id;
    response->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    while (::ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, response) < 0 && errno == EINTR) { }
}

class LinuxWatchSystem : public WatchSystem
{
public:
    Result<Spawned> spawn(const std::vector<std::string> &argv, const std::vector<std::string> &environment,
                          bool hold) override
    {
        // Everything the child needs, made before the fork: after it, only
        // async-signal-safe calls.
        std::vector<char *> arguments;
        arguments.reserve(argv.size() + 1);
        for (const std::string &argument : argv)
            arguments.push_back(const_cast<char *>(argument.c_str()));
        arguments.push_back(nullptr);
        std::vector<char *> variables;
        variables.reserve(environment.size() + 1);
        for (const std::string &variable : environment)
            variables.push_back(const_cast<char *>(variable.c_str()));
        variables.push_back(nullptr);
        int status[2];
        if (::pipe2(status, O_CLOEXEC) != 0)
            return failed(std::string("pipe2 failed: ") + std::strerror(errno));
        int sockets[2] = {-1, -1};
        if (hold && ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) {
            const int error = errno;
            ::close(status[0]);
            ::close(status[1]);
            return failed(std::string("socketpair failed: ") + std::strerror(error));
        }
        const pid_t pid = ::fork();
        if (pid < 0) {
            const int error = errno;
            for (int fd : {status[0], status[1], sockets[0], sockets[1]})
                if (fd >= 0)
                    ::close(fd);
            return failed(std::string("fork failed: ") + std::strerror(error));
        }
        if (pid == 0) {
            ::close(status[0]);
            sigset_t none;
            sigemptyset(&none);
            ::sigprocmask(SIG_SETMASK, &none, nullptr);
            ::signal(SIGINT, SIG_DFL);
            ::signal(SIGTERM, SIG_DFL);
            ::signal(SIGPIPE, SIG_DFL);
            if (hold) {
                ::close(sockets[0]);
                const int listener = installFilter();
                sendListener(sockets[1], listener, -listener);
                if (listener >= 0)
                    ::close(listener);
                ::close(sockets[1]);
            }
            ::execve(arguments[0], arguments.data(), variables.data());
            const int error = errno;
            writeAll(status[1], &error, sizeof error);
            ::_exit(127);
        }
        ::close(status[1]);
        Spawned spawned;
        spawned.pid = pid;
        if (hold) {
            ::close(sockets[1]);
            spawned.listener = receiveListener(sockets[0], &spawned.holdError);
            ::close(sockets[0]);
        }
        int error = 0;
        ssize_t got;
        do {
            got = ::read(status[0], &error, sizeof error);
        } while (got < 0 && errno == EINTR);
        ::close(status[0]);
        if (got == static_cast<ssize_t>(sizeof error)) {
            int ignored;
            ::waitpid(pid, &ignored, 0);
            if (spawned.listener >= 0)
                ::close(spawned.listener);
            return Spawned{-1, -1, 0, error};
        }
        return spawned;
    }

    std::optional<HeldCall> nextHeld(int listener) override
    {
        alignas(seccomp_notif) char buffer[512] = {};
        const std::size_t bytes = std::min(sizeof buffer, notificationBytes());
        std::memset(buffer, 0, bytes);
        if (::ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, buffer) != 0)
            return std::nullopt;
        const auto *notification = reinterpret_cast<const seccomp_notif *>(buffer);
        HeldCall call;
        call.id = notification->id;
        call.pid = static_cast<int>(notification->pid);
        call.fd = static_cast<int>(notification->data.args[0]);
        call.request = static_cast<std::uint32_t>(notification->data.args[1]);
        return call;
    }

    void resume(int listener, std::uint64_t id) override { answer(listener, id); }

    bool stillHeld(int listener, std::uint64_t id) override
    {
        return ::ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) == 0;
    }

    int pidfdOpen(int pid) override
    {
        const long fd = ::syscall(SYS_pidfd_open, pid, 0);
        return fd < 0 ? -errno : static_cast<int>(fd);
    }

    int takeDescriptor(int pidfd, int fd) override
    {
        const long taken = ::syscall(SYS_pidfd_getfd, pidfd, fd, 0);
        return taken < 0 ? -errno : static_cast<int>(taken);
    }

    void close(int fd) override
    {
        if (fd >= 0)
            ::close(fd);
    }

    std::vector<Reaped> reap() override
    {
        std::vector<Reaped> reaped;
        for (;;) {
            int status = 0;
            const pid_t pid = ::waitpid(-1, &status, WNOHANG);
            if (pid <= 0)
                break;
            reaped.push_back({pid, shellStatus(status)});
        }
        return reaped;
    }

    int signal(int pid, int number) override { return ::kill(pid, number) == 0 ? 0 : -errno; }

    std::vector<int> wait(const std::vector<int> &fds, int timeoutMs) override
    {
        std::vector<pollfd> polled;
        polled.reserve(fds.size());
        for (int fd : fds)
            polled.push_back({fd, POLLIN, 0});
        std::vector<int> ready;
        if (::poll(polled.data(), polled.size(), timeoutMs) <= 0)
            return ready;
        for (const pollfd &p : polled)
            if (p.revents & (POLLIN | POLLHUP | POLLERR))
                ready.push_back(p.fd);
        return ready;
    }

    std::uint64_t now() override { return clockNs(CLOCK_MONOTONIC); }
    std::uint64_t sinceBoot() override { return clockNs(CLOCK_BOOTTIME); }
    long ticksPerSecond() override { return ::sysconf(_SC_CLK_TCK); }
    int self() override { return static_cast<int>(::getpid()); }
    std::uint64_t ownCpuNs() override
    {
        rusage usage{};
        ::getrusage(RUSAGE_SELF, &usage);
        const auto ns = [](const timeval &t) {
            return static_cast<std::uint64_t>(t.tv_sec) * 1'000'000'000u
                + static_cast<std::uint64_t>(t.tv_usec) * 1000u;
        };
        return ns(usage.ru_utime) + ns(usage.ru_stime);
    }
    void becomeSubreaper() override { ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

    int startBackstop(int listener) override
    {
        const int watcher = pidfdOpen(::getpid());
        if (watcher < 0)
            return -1;
        const pid_t pid = ::fork();
        if (pid != 0) {
            ::close(watcher);
            return pid < 0 ? -1 : pid;
        }
        // The backstop: out of the terminal's process group (Ctrl+C is the
        // command's and the watcher's), holding only the listener and the
        // watcher's pidfd. It waits for the watcher to end, then answers
        // every held call until no process of the tree is left.
        ::setpgid(0, 0);
        ::signal(SIGINT, SIG_IGN);
        ::signal(SIGHUP, SIG_IGN);
        ::signal(SIGTERM, SIG_DFL);
        closeAllBut(listener, watcher);
        pollfd waiting{watcher, POLLIN, 0};
        while (::poll(&waiting, 1, -1) < 0 && errno == EINTR) { }
        for (;;) {
            pollfd held{listener, POLLIN, 0};
            const int ready = ::poll(&held, 1, -1);
            if (ready < 0 && errno == EINTR)
                continue;
            if (ready <= 0 || (held.revents & (POLLHUP | POLLERR | POLLNVAL)))
                ::_exit(0);
            alignas(seccomp_notif) char buffer[512] = {};
            if (::ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, buffer) != 0) {
                if (errno == EINTR || errno == ENOENT)
                    continue;
                ::_exit(0);
            }
            answer(listener, reinterpret_cast<const seccomp_notif *>(buffer)->id);
        }
    }

    Result<std::pair<int, std::string>> openRouteSocket() override
    {
        const char *runtime = std::getenv("XDG_RUNTIME_DIR");
        std::string base = runtime && *runtime ? runtime : "/tmp";
        std::string folder = base + "/sharescope-watch-XXXXXX";
        if (!::mkdtemp(folder.data())) {
            folder = "/tmp/sharescope-watch-XXXXXX";
            if (!::mkdtemp(folder.data()))
                return failed(std::string("cannot make a folder for the route socket: ") + std::strerror(errno));
        }
        const std::string path = folder + "/routes";
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        if (path.size() >= sizeof address.sun_path) {
            ::rmdir(folder.c_str());
            return failed("the route socket's path is too long: " + path);
        }
        std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
        const int fd = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0) {
            const int error = errno;
            if (fd >= 0)
                ::close(fd);
            ::rmdir(folder.c_str());
            return failed(std::string("cannot open the route socket: ") + std::strerror(error));
        }
        const int buffer = 8 << 20; // a burst of calls waits here, not in the program
        ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer);
        return std::pair{fd, path};
    }

    std::vector<std::string> receiveDatagrams(int fd) override
    {
        std::vector<std::string> datagrams;
        char buffer[512];
        for (;;) {
            const ssize_t got = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0)
                break;
            datagrams.emplace_back(buffer, static_cast<std::size_t>(got));
        }
        return datagrams;
    }

    void removeRouteSocket(int fd, const std::string &path) override
    {
        ::close(fd);
        ::unlink(path.c_str());
        const std::size_t slash = path.rfind('/');
        if (slash != std::string::npos)
            ::rmdir(path.substr(0, slash).c_str());
    }

private:
    static std::uint64_t clockNs(clockid_t clock)
    {
        timespec ts{};
        ::clock_gettime(clock, &ts);
        return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<std::uint64_t>(ts.tv_nsec);
    }
};

} // namespace

std::shared_ptr<WatchSystem> linuxWatchSystem()
{
    return std::make_shared<LinuxWatchSystem>();
}

std::variant<std::string, ProgramProblem> findProgram(const std::string &name, const std::string &path)
{
    const auto executable = [](const std::string &candidate) -> int {
        struct stat info
        {
        };
        if (::stat(candidate.c_str(), &info) != 0)
            return ENOENT;
        if (S_ISDIR(info.st_mode))
            return EISDIR;
        return ::access(candidate.c_str(), X_OK) == 0 ? 0 : EACCES;
    };
    const auto problem = [&name](int error) {
        if (error == ENOENT)
            return ProgramProblem{127, MessageTemplate(SHARESCOPE_TR_NOOP("Core", "%1: command not found"), {name})};
        return ProgramProblem{126,
                              MessageTemplate(SHARESCOPE_TR_NOOP("Core", "%1: cannot run it (%2)"),
                                              {name, error == EISDIR ? "it is a folder" : std::strerror(error)})};
    };
    if (name.empty())
        return problem(ENOENT);
    if (name.find('/') != std::string::npos) {
        const int error = executable(name);
        return error ? std::variant<std::string, ProgramProblem>(problem(error)) : name;
    }
    int found = ENOENT;
    std::size_t at = 0;
    while (at <= path.size()) {
        const std::size_t colon = path.find(':', at);
        // The folder, then the name in it.
        std::string candidate = path.substr(at, colon == std::string::npos ? std::string::npos : colon - at);
        if (candidate.empty())
            candidate = ".";
        candidate += '/';
        candidate += name;
        const int error = executable(candidate);
        if (error == 0)
            return candidate;
        if (error != ENOENT)
            found = error; // as a shell: a match it cannot run, unless a later one runs
        if (colon == std::string::npos)
            break;
        at = colon + 1;
    }
    return problem(found);
}

} // namespace sharescope::watch
