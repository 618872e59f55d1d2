// SPDX-License-Identifier: GPL-3.0-or-later
#include "counting/presencetally.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace sharescope {

namespace {

// More chunks than a residency map could show: a caller's mistake, refused
// before it costs hundreds of MiB.
constexpr std::uint64_t maxChunks = std::uint64_t(1) << 24;

std::uint64_t entryAt(const std::byte *bytes)
{
    std::uint64_t entry = 0;
    std::memcpy(&entry, bytes, sizeof entry);
    return entry;
}

} // namespace

PagePresence ChunkPages::presence() const
{
    if (present == 0)
        return PagePresence::None;
    return present == pages ? PagePresence::All : PagePresence::Some;
}

Result<PresenceTally> PresenceTally::create(std::uint64_t address, std::uint64_t bytes, std::uint64_t chunkBytes,
                                            std::uint64_t pageBytes)
{
    if (chunkBytes == 0 || pageBytes == 0)
        return badArgument("the chunk and the page must not be empty");
    if (bytes > std::numeric_limits<std::uint64_t>::max() - address)
        return badArgument("the range " + std::to_string(address) + " + " + std::to_string(bytes)
                           + " wraps around the end of the address space");
    // Two more for the pages a chunk's ends may share with its neighbours.
    if (chunkBytes / pageBytes > std::numeric_limits<std::uint32_t>::max() - 2)
        return badArgument("a chunk of " + std::to_string(chunkBytes) + " bytes holds too many pages to count");
    const std::uint64_t chunkCount = bytes / chunkBytes + (bytes % chunkBytes != 0);
    if (chunkCount > maxChunks)
        return badArgument(std::to_string(chunkCount) + " chunks are too many to count; choose a larger chunk");

    PresenceTally tally;
    tally.m_address = address;
    tally.m_chunkBytes = chunkBytes;
    tally.m_pageBytes = pageBytes;
    tally.m_firstPage = address / pageBytes;
    if (bytes == 0)
        return tally;
    tally.m_lastByte = address + bytes - 1;
    tally.m_pageCount = tally.m_lastByte / pageBytes - tally.m_firstPage + 1;
    tally.m_chunks.resize(static_cast<std::size_t>(chunkCount));
    for (std::size_t c = 0; c < tally.m_chunks.size(); ++c) {
        const std::uint64_t first = address + c * chunkBytes;
        const std::uint64_t last = first + std::min(chunkBytes - 1, tally.m_lastByte - first);
        tally.m_chunks[c].pages = static_cast<std::uint32_t>(last / pageBytes - first / pageBytes + 1);
    }
    return tally;
}

std::size_t PresenceTally::add(std::span<const std::byte> entries)
{
    const std::size_t count
        = static_cast<std::size_t>(std::min<std::uint64_t>(entries.size() / pagemapEntryBytes, m_pageCount - m_next));
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t entry = entryAt(entries.data() + i * pagemapEntryBytes);
        const std::uint64_t page = m_firstPage + m_next++;
        if ((entry & (pagemapPresentBit | pagemapSwappedBit)) == 0)
            continue; // most entries of an unused range: nothing to count
        // Offsets in the buffer of the page's first and last byte (inclusive,
        // and clamped, so that a last page that reaches past the address
        // space, as one of a size other than a power of two can, does not
        // wrap around).
        const std::uint64_t pageFirst = page * m_pageBytes;
        const std::uint64_t pageLast
            = pageFirst + std::min(m_pageBytes - 1, std::numeric_limits<std::uint64_t>::max() - pageFirst);
        const std::uint64_t from = std::max(pageFirst, m_address) - m_address;
        const std::uint64_t to = std::min(pageLast, m_lastByte) - m_address;
        while (m_chunk + 1 < m_chunks.size() && (m_chunk + 1) * m_chunkBytes <= from)
            ++m_chunk;
        for (std::size_t c = m_chunk; c < m_chunks.size() && c * m_chunkBytes <= to; ++c) {
            if (entry & pagemapPresentBit)
                ++m_chunks[c].present;
            else
                ++m_chunks[c].swapped;
        }
    }
    return count;
}

} // namespace sharescope
