// SPDX-License-Identifier: GPL-3.0-or-later
#include "descriptorpassing.h"

#include <unistd.h>

#include <cerrno>

namespace sharescope {

void attachDescriptors(msghdr &message, std::span<char> control, std::span<const int> descriptors)
{
    if (descriptors.empty())
        return;
    message.msg_control = control.data();
    message.msg_controllen = CMSG_SPACE(descriptors.size_bytes());
    cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(descriptors.size_bytes());
    std::memcpy(CMSG_DATA(header), descriptors.data(), descriptors.size_bytes());
}

ssize_t sendDescriptor(int socket, const void *data, std::size_t size, int descriptor)
{
    iovec part{const_cast<void *>(data), size};
    msghdr message{};
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    if (descriptor >= 0)
        attachDescriptors(message, control, std::span(&descriptor, 1));
    ssize_t sent = 0;
    do {
        sent = ::sendmsg(socket, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t receiveDescriptor(int socket, void *data, std::size_t size, int *descriptor)
{
    *descriptor = -1;
    iovec part{data, size};
    // Room for a few: a sender that sends more gets them closed, not leaked.
    alignas(cmsghdr) char control[CMSG_SPACE(4 * sizeof(int))] = {};
    msghdr message{};
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    ssize_t got = 0;
    do {
        got = ::recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (got < 0 && errno == EINTR);
    if (got < 0)
        return got;
    const int saved = errno;
    forEachReceivedDescriptor(message, [descriptor](int received) {
        if (*descriptor < 0)
            *descriptor = received;
        else
            ::close(received);
    });
    errno = saved;
    return got;
}

} // namespace sharescope
