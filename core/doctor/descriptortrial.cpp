// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/doctorprobe.h"

#include "descriptorpassing.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434 // the same number on every architecture
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

namespace sharescope::doctor {
namespace {

// What each side tells the other: a descriptor's number in the sender, and
// the file it is, so that the taker can check it took that very file.
struct Note
{
    int fd = -1;
    int error = 0;
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
};

Note noteOf(int fd)
{
    Note note;
    note.fd = fd;
    struct stat info
    {
    };
    if (fstat(fd, &info) == 0) {
        note.device = info.st_dev;
        note.inode = info.st_ino;
    }
    return note;
}

bool sameFile(int fd, const Note &note)
{
    struct stat info
    {
    };
    return fstat(fd, &info) == 0 && info.st_dev == note.device && info.st_ino == note.inode;
}

// pidfd_open then pidfd_getfd: 0 where `fd` of `pid` was taken and is the
// file `expected` names (the taken copy closed again), else the errno.
int take(pid_t pid, int fd, const Note *expected, Note *found = nullptr)
{
    const long pidfd = syscall(SYS_pidfd_open, pid, 0);
    if (pidfd < 0)
        return errno;
    const long taken = syscall(SYS_pidfd_getfd, static_cast<int>(pidfd), fd, 0);
    const int error = taken < 0 ? errno : 0;
    if (taken >= 0) {
        if (found)
            *found = noteOf(static_cast<int>(taken));
        const bool same = !expected || sameFile(static_cast<int>(taken), *expected);
        close(static_cast<int>(taken));
        close(static_cast<int>(pidfd));
        return same ? 0 : EBADF;
    }
    close(static_cast<int>(pidfd));
    return error;
}

bool waitReadable(int fd, int milliseconds)
{
    pollfd entry{fd, POLLIN, 0};
    int ready = 0;
    do {
        ready = poll(&entry, 1, milliseconds);
    } while (ready < 0 && errno == EINTR);
    return ready == 1 && (entry.revents & POLLIN);
}

bool readNote(int socket, Note &note, int *passed = nullptr)
{
    if (!waitReadable(socket, 5000))
        return false;
    int fd = -1;
    const bool whole = receiveDescriptor(socket, &note, sizeof note, &fd) == static_cast<ssize_t>(sizeof note);
    if (whole && passed)
        *passed = fd;
    else if (fd >= 0)
        close(fd);
    return whole;
}

bool sendNote(int socket, const Note &note, int passing = -1)
{
    return sendDescriptor(socket, &note, sizeof note, passing) == static_cast<ssize_t>(sizeof note);
}

// The child: system calls only (it was forked from a process that may
// run threads and hold a CUDA context), then _exit.
[[noreturn]] void child(int socket)
{
    int own[2] = {-1, -1};
    if (pipe(own) != 0)
        _exit(1);
    // Its own descriptor, by number for pidfd_getfd and passed over the socket.
    if (!sendNote(socket, noteOf(own[0]), own[0]))
        _exit(1);
    // The parent's descriptor: the number it sends; then the answer.
    Note parents;
    if (!readNote(socket, parents))
        _exit(1);
    Note found;
    Note answer;
    answer.error = take(getppid(), parents.fd, nullptr, &found);
    answer.device = found.device;
    answer.inode = found.inode;
    sendNote(socket, answer);
    // Alive until the parent has taken what it wanted: it closes its end.
    char done = 0;
    while (read(socket, &done, 1) < 0 && errno == EINTR) { }
    _exit(0);
}

} // namespace

DescriptorTrial tryDescriptorPassing()
{
    DescriptorTrial trial;
    // Itself first: only seccomp or the kernel refuse a process its own.
    int own[2] = {-1, -1};
    if (pipe(own) != 0) {
        trial.problem = std::string("pipe: ") + std::strerror(errno);
        return trial;
    }
    const Note note = noteOf(own[0]);
    trial.selfError = take(getpid(), own[0], &note);
    close(own[0]);
    close(own[1]);

    int pair[2] = {-1, -1};
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
        trial.problem = std::string("socketpair: ") + std::strerror(errno);
        return trial;
    }
    const pid_t pid = fork();
    if (pid < 0) {
        trial.problem = std::string("fork: ") + std::strerror(errno);
        close(pair[0]);
        close(pair[1]);
        return trial;
    }
    if (pid == 0) {
        close(pair[0]);
        child(pair[1]);
    }
    close(pair[1]);
    const int socket = pair[0];
    Note childs;
    int passed = -1;
    if (readNote(socket, childs, &passed)) {
        trial.socketError = passed >= 0 ? (sameFile(passed, childs) ? 0 : EBADF) : EPROTO;
        if (passed >= 0)
            close(passed);
        trial.fromChildError = take(pid, childs.fd, &childs);
        int mine[2] = {-1, -1};
        if (pipe(mine) == 0) {
            const Note note = noteOf(mine[0]);
            Note answer;
            if (sendNote(socket, note) && readNote(socket, answer)) {
                trial.fromParentError = answer.error;
                if (answer.error == 0 && (answer.device != note.device || answer.inode != note.inode))
                    trial.fromParentError = EBADF;
            }
            close(mine[0]);
            close(mine[1]);
        }
    }
    if (!trial.socketError)
        trial.problem = "the child process did not answer";
    close(socket); // the child ends when it reads the end
    int status = 0;
    for (int waited = 0; waited < 500; ++waited) {
        const pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid || (done < 0 && errno != EINTR))
            return trial;
        usleep(10000);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    return trial;
}

} // namespace sharescope::doctor
