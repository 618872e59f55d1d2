// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <sys/socket.h>
#include <sys/types.h>

#include <cstddef>
#include <cstring>
#include <span>

namespace sharescope {

// File descriptors passed beside bytes on a Unix socket (SCM_RIGHTS), in one
// place: the child roles' lines (LineReader, ChildProcess), the watcher's
// seccomp listener (watch/watchsystem.cpp) and the machine check's trial
// (doctor/descriptortrial.cpp). System calls and memcpy only, no
// allocation: safe in a child forked from a threaded process, before exec
// or _exit.

// Puts `descriptors` into `message` as one SCM_RIGHTS control message kept
// in `control`, which holds at least CMSG_SPACE(descriptors.size_bytes())
// bytes aligned for cmsghdr. Nothing when `descriptors` is empty.
void attachDescriptors(msghdr &message, std::span<char> control, std::span<const int> descriptors);

// Calls take(descriptor) for every descriptor a received message carries.
template<class Take>
void forEachReceivedDescriptor(msghdr &message, Take &&take)
{
    for (cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS)
            continue;
        const std::size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (std::size_t i = 0; i < count; ++i) {
            int descriptor = -1;
            std::memcpy(&descriptor, CMSG_DATA(header) + i * sizeof(int), sizeof descriptor);
            take(descriptor);
        }
    }
}

// Blocking, one descriptor at most: sends `size` bytes with `descriptor`
// riding on them (-1: none), again after EINTR, never raising SIGPIPE.
// What sendmsg returns (errno as it left it).
ssize_t sendDescriptor(int socket, const void *data, std::size_t size, int descriptor);

// Receives up to `size` bytes, again after EINTR; *descriptor is the first
// descriptor that came with them (close-on-exec), or -1; any more are
// closed. What recvmsg returns (errno as it left it).
ssize_t receiveDescriptor(int socket, void *data, std::size_t size, int *descriptor);

} // namespace sharescope
