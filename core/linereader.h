// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sharescope {

// A child's side of ChildProcess's socket: reads lines from a descriptor
// (stdin) with recvmsg, so that file descriptors sent beside a line
// (ChildProcess::send with descriptors, SCM_RIGHTS) arrive with it. A
// buffered reader such as std::cin would drop them: read() discards them.
class LineReader
{
public:
    explicit LineReader(int descriptor)
        : m_descriptor(descriptor)
    {
    }
    ~LineReader();
    LineReader(const LineReader &) = delete;
    LineReader &operator=(const LineReader &) = delete;

    // The next line without its newline, and the descriptors that came since
    // the previous line (the caller owns them: close them); nothing at the
    // end of the input.
    std::optional<std::string> next(std::vector<int> &descriptors);

private:
    int m_descriptor;
    bool m_plain = false; // not a socket: read() instead of recvmsg()
    std::string m_buffer;
    std::vector<int> m_received;
};

// The sending side: one send on a socket, the descriptors riding with its
// first byte (SCM_RIGHTS), without blocking and without SIGPIPE. What
// ::send returns.
ssize_t sendWithDescriptors(int socket, const char *data, std::size_t size, std::span<const int> descriptors);

} // namespace sharescope
