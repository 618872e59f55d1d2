# SPDX-License-Identifier: GPL-3.0-or-later
# Install: nothing (Python 3.9 or newer on Linux 5.6 or newer, the standard library only).
# Last run: not on a GPU; its --file path runs in the project's tests (snippet_watch) on each build.
# watch: the first half of what `sharescope watch` does, in Python, to adapt.
# Start a program as its parent, find its /dev/nvidia-uvm file in /proc,
# take a copy of that open file with pidfd_getfd (the kernel's ptrace rule
# is the only gate), and check with kcmp that it is the program's own open
# file, not a new one. ShareScope then opens /dev/nvidia-uvm-tools and hands
# this descriptor to the driver (UVM_TOOLS_INIT_EVENT_TRACKER, uvmFd) for
# the process's exact counters: core/uvm/uvmcounters.cpp.
#
#   python3 py-watch.py -- python3 your_script.py
#   python3 py-watch.py --file /dev/null -- COMMAND   (any file the program opens)
#
# This finds the file by polling, so the program may migrate pages before it
# is found, and those are never counted; ShareScope instead holds the
# program at its first GPU registration (a seccomp user notification) until
# the counters are on. Only the started process is looked at, not its
# children.
import ctypes
import errno
import os
import subprocess
import sys
import time

SYS_pidfd_getfd = 438  # the same number on x86-64 and arm64
SYS_kcmp = {"x86_64": 312, "aarch64": 272}.get(os.uname().machine)
KCMP_FILE = 0
libc = ctypes.CDLL(None, use_errno=True)

WHY = {
    errno.EPERM: "the kernel's ptrace rule refused it: Yama's ptrace_scope (1 allows only a process's own "
                 "descendants), another user's process, or a container's seccomp profile without "
                 "CAP_SYS_PTRACE (docker run --cap-add SYS_PTRACE)",
    errno.ENOSYS: "no pidfd_getfd: a kernel before Linux 5.6, or a seccomp profile that does not know the call",
    errno.EBADF: "the program closed the file before it was taken",
    errno.ESRCH: "the program has ended",
}


def take(pidfd, target_fd):
    """The program's open file target_fd, as a descriptor of ours, or raises OSError."""
    fd = libc.syscall(SYS_pidfd_getfd, pidfd, target_fd, 0)
    if fd < 0:
        code = ctypes.get_errno()
        raise OSError(code, WHY.get(code, os.strerror(code)))
    return fd


def same_open_file(pid, target_fd, fd):
    """True if both name one open file (kcmp), None where kcmp cannot tell."""
    if SYS_kcmp is None:
        return None
    result = libc.syscall(SYS_kcmp, pid, os.getpid(), KCMP_FILE, target_fd, fd)
    return result == 0 if result >= 0 else None


def find(pid, path):
    """The first descriptor of the process that names path, or None."""
    try:
        for name in sorted(os.listdir(f"/proc/{pid}/fd"), key=int):
            try:
                if os.readlink(f"/proc/{pid}/fd/{name}") == path:
                    return int(name)
            except OSError:
                pass  # closed meanwhile
    except OSError:
        pass  # ended, or not ours to list
    return None


def main(argv):
    path = "/dev/nvidia-uvm"
    if argv[:1] == ["--file"] and len(argv) > 1:
        path, argv = argv[1], argv[2:]
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print("usage: py-watch.py [--file PATH] -- COMMAND [ARGS...]", file=sys.stderr)
        return 2
    started = time.monotonic()
    program = subprocess.Popen(argv)
    pidfd = os.pidfd_open(program.pid)
    found = None
    while found is None and program.poll() is None:
        found = find(program.pid, path)
        if found is None:
            time.sleep(0.001)
    if found is None:
        print(f"watch: {argv[0]} (pid {program.pid}) never opened {path}", file=sys.stderr)
    else:
        after = time.monotonic() - started
        try:
            fd = take(pidfd, found)
        except OSError as error:
            print(f"watch: could not take descriptor {found} of pid {program.pid}: {error.strerror}",
                  file=sys.stderr)
        else:
            same = same_open_file(program.pid, found, fd)
            print(f"watch: took descriptor {found} of pid {program.pid} ({path}, found after "
                  f"{after * 1000:.1f} ms) as our descriptor {fd}; the same open file: "
                  f"{'yes' if same else 'no' if same is False else 'kcmp cannot tell here'}", file=sys.stderr)
            # Here ShareScope opens /dev/nvidia-uvm-tools, passes fd to the
            # driver and counts while the program runs, then closes fd as soon
            # as the program ends: while fd is open, it holds the program's GPU
            # memory. This example only looked.
            os.close(fd)
    status = program.wait()
    os.close(pidfd)
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
