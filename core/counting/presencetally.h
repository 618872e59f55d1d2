// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace sharescope {

// Bits of a /proc/self/pagemap entry that any reader sees; the frame number
// reads as zero without CAP_SYS_ADMIN, so nothing here relies on it.
inline constexpr std::uint64_t pagemapPresentBit = std::uint64_t(1) << 63;
inline constexpr std::uint64_t pagemapSwappedBit = std::uint64_t(1) << 62;
inline constexpr std::size_t pagemapEntryBytes = 8;

enum class PagePresence { None, Some, All };

// The pages that hold a chunk's bytes, and how many of them the CPU has in
// RAM now. A page that straddles two chunks counts in both.
struct ChunkPages
{
    std::uint32_t pages = 0;
    std::uint32_t present = 0;
    std::uint32_t swapped = 0; // the host's, but in swap: not present

    PagePresence presence() const;
};

// Counts present pages per chunk from a buffer's pagemap entries, fed in page
// order in blocks of any size: a buffer of any size is counted in the memory
// of one block plus one ChunkPages per chunk.
class PresenceTally
{
public:
    // Chunks start at `address`, as in the residency map, so a buffer need
    // not start on a chunk or page boundary.
    static Result<PresenceTally> create(std::uint64_t address, std::uint64_t bytes, std::uint64_t chunkBytes,
                                        std::uint64_t pageBytes);

    std::uint64_t firstPage() const { return m_firstPage; } // the first entry's index in the file
    std::uint64_t pageCount() const { return m_pageCount; }
    std::uint64_t pagesCounted() const { return m_next; }
    bool complete() const { return m_next == m_pageCount; }

    // Counts the next pages' entries: 64-bit words in the machine's byte
    // order, as the kernel writes them (little-endian on x86-64 and arm64).
    // Returns how many entries it used; a trailing partial entry and entries
    // past the last page are left.
    std::size_t add(std::span<const std::byte> entries);

    const std::vector<ChunkPages> &chunks() const { return m_chunks; }
    std::vector<ChunkPages> takeChunks() { return std::move(m_chunks); }

private:
    PresenceTally() = default;

    std::uint64_t m_address = 0;
    std::uint64_t m_lastByte = 0;
    std::uint64_t m_chunkBytes = 0;
    std::uint64_t m_pageBytes = 0;
    std::uint64_t m_firstPage = 0;
    std::uint64_t m_pageCount = 0;
    std::uint64_t m_next = 0; // pages counted so far
    std::size_t m_chunk = 0; // the first chunk of the last page counted
    std::vector<ChunkPages> m_chunks;
};

} // namespace sharescope
