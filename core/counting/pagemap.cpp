// SPDX-License-Identifier: GPL-3.0-or-later
#include "counting/pagemap.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <utility>

namespace sharescope {

namespace {

// procfs reads are not interrupted in practice; a reader that keeps saying
// so is broken, and must not hang the run.
constexpr int maxInterruptions = 1000;

} // namespace

Pagemap::Pagemap(Reader reader, std::uint64_t pageBytes, std::string name)
    : m_reader(std::move(reader))
    , m_pageBytes(pageBytes)
    , m_name(std::move(name))
{
}

Pagemap::Pagemap(int fd, std::uint64_t pageBytes, std::string name)
    : m_fd(fd)
    , m_pageBytes(pageBytes)
    , m_name(std::move(name))
{
}

Pagemap::Pagemap(Pagemap &&other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
    , m_reader(std::move(other.m_reader))
    , m_pageBytes(other.m_pageBytes)
    , m_name(std::move(other.m_name))
{
}

Pagemap &Pagemap::operator=(Pagemap &&other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
        m_reader = std::move(other.m_reader);
        m_pageBytes = other.m_pageBytes;
        m_name = std::move(other.m_name);
    }
    return *this;
}

Pagemap::~Pagemap()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

Result<Pagemap> Pagemap::open(const std::string &path)
{
    const long pageBytes = ::sysconf(_SC_PAGESIZE);
    if (pageBytes <= 0)
        return unsupported("the page size is unknown, so " + path + " cannot be read");
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return unsupported("cannot open " + path + ": " + std::strerror(errno));
    Pagemap pagemap(fd, static_cast<std::uint64_t>(pageBytes), path);
    // Some sandboxes offer the file and report every page absent: ask about a
    // page this function has just written, which the CPU certainly holds.
    volatile char written = 1;
    const auto here = pagemap.chunkPages(reinterpret_cast<std::uintptr_t>(&written), 1, 1);
    if (!here)
        return unsupported(here.error().message);
    if (here->front().present != 1)
        return unsupported(path + " does not say which pages are present");
    return pagemap;
}

std::int64_t Pagemap::read(std::byte *into, std::size_t bytes, std::uint64_t offset) const
{
    if (m_reader)
        return m_reader(into, bytes, offset);
    const ssize_t n = ::pread(m_fd, into, bytes, static_cast<off_t>(offset));
    return n < 0 ? -errno : n;
}

Result<std::vector<ChunkPages>> Pagemap::chunkPages(std::uint64_t address, std::uint64_t bytes,
                                                    std::uint64_t chunkBytes) const
{
    auto tally = PresenceTally::create(address, bytes, chunkBytes, m_pageBytes);
    if (!tally)
        return tally.error();
    constexpr std::uint64_t maxEntries = std::uint64_t(std::numeric_limits<off_t>::max()) / pagemapEntryBytes;
    if (tally->firstPage() > maxEntries || tally->pageCount() > maxEntries - tally->firstPage())
        return badArgument("the range " + std::to_string(address) + " + " + std::to_string(bytes) + " lies beyond "
                           + m_name);

    std::uint64_t offset = tally->firstPage() * pagemapEntryBytes;
    std::uint64_t remaining = tally->pageCount() * pagemapEntryBytes;
    std::vector<std::byte> block(static_cast<std::size_t>(std::min<std::uint64_t>(blockBytes, remaining)));
    std::size_t filled = 0; // bytes in block not yet counted: less than one entry after each read
    int interruptions = 0;
    while (remaining > 0) {
        const std::size_t wanted = static_cast<std::size_t>(std::min<std::uint64_t>(block.size() - filled, remaining));
        const std::int64_t n = read(block.data() + filled, wanted, offset);
        if (n == -EINTR && ++interruptions < maxInterruptions)
            continue;
        if (n < 0)
            return failed("reading " + m_name + " at offset " + std::to_string(offset)
                          + " failed: " + std::strerror(static_cast<int>(-n)));
        if (n == 0)
            return failed(m_name + " ended after " + std::to_string(tally->pagesCounted()) + " of the "
                          + std::to_string(tally->pageCount()) + " pages asked for");
        if (static_cast<std::uint64_t>(n) > wanted)
            return failed("reading " + m_name + " returned " + std::to_string(n) + " bytes where "
                          + std::to_string(wanted) + " were asked for");
        interruptions = 0;
        offset += static_cast<std::uint64_t>(n);
        remaining -= static_cast<std::uint64_t>(n);
        filled += static_cast<std::size_t>(n);
        const std::size_t used = tally->add({block.data(), filled}) * pagemapEntryBytes;
        std::memmove(block.data(), block.data() + used, filled - used);
        filled -= used;
    }
    return tally->takeChunks();
}

} // namespace sharescope
