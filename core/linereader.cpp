// SPDX-License-Identifier: GPL-3.0-or-later
#include "linereader.h"

#include "descriptorpassing.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace sharescope {

LineReader::~LineReader()
{
    for (const int descriptor : m_received)
        ::close(descriptor);
}

std::optional<std::string> LineReader::next(std::vector<int> &descriptors)
{
    for (;;) {
        if (const auto newline = m_buffer.find('\n'); newline != std::string::npos) {
            std::string line = m_buffer.substr(0, newline);
            m_buffer.erase(0, newline + 1);
            descriptors.insert(descriptors.end(), m_received.begin(), m_received.end());
            m_received.clear();
            return line;
        }
        char chunk[4096];
        iovec part{chunk, sizeof chunk};
        // Room for 64 descriptors; ShareScope sends at most one per buffer.
        alignas(cmsghdr) char control[CMSG_SPACE(64 * sizeof(int))];
        msghdr message{};
        message.msg_iov = &part;
        message.msg_iovlen = 1;
        message.msg_control = control;
        message.msg_controllen = sizeof control;
        const ssize_t n
            = m_plain ? ::read(m_descriptor, chunk, sizeof chunk) : ::recvmsg(m_descriptor, &message, MSG_CMSG_CLOEXEC);
        if (n < 0 && errno == ENOTSOCK && !m_plain) {
            m_plain = true; // a pipe or a terminal: lines only, no descriptors come that way
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n >= 0 && !m_plain)
            forEachReceivedDescriptor(message, [this](int descriptor) { m_received.push_back(descriptor); });
        if (n <= 0) {
            // The end (or an error): a last line without its newline still counts.
            if (m_buffer.empty())
                return std::nullopt;
            std::string line = std::move(m_buffer);
            m_buffer.clear();
            descriptors.insert(descriptors.end(), m_received.begin(), m_received.end());
            m_received.clear();
            return line;
        }
        m_buffer.append(chunk, static_cast<std::size_t>(n));
    }
}

ssize_t sendWithDescriptors(int socket, const char *data, std::size_t size, std::span<const int> descriptors)
{
    const int flags = MSG_NOSIGNAL | MSG_DONTWAIT;
    if (descriptors.empty())
        return ::send(socket, data, size, flags);
    iovec part{const_cast<char *>(data), size};
    std::vector<char> control(CMSG_SPACE(descriptors.size_bytes()));
    msghdr message{};
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    attachDescriptors(message, control, descriptors);
    return ::sendmsg(socket, &message, flags);
}

} // namespace sharescope
