// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/presencetally.h"
#include "result.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sharescope {

// Which pages of this process the CPU holds now, from /proc/self/pagemap
// (Linux). For managed memory this is the truth the migration records only
// approximate: the driver unmaps a page from the CPU when it moves it to the
// GPU, and a read-mostly page stays mapped while the GPU has a copy.
class Pagemap
{
public:
    // Reads up to `bytes` at `offset`, as pread does: the number read, 0 at
    // the end of the file, or -errno.
    using Reader = std::function<std::int64_t(std::byte *into, std::size_t bytes, std::uint64_t offset)>;

    // The most one read asks for: the entries of 32 MiB of 4 KiB pages.
    static constexpr std::size_t blockBytes = 64 * 1024;

    // Fails (Unsupported) where the file is missing, unreadable or does not
    // say which pages are present: another system, a sandbox, hidepid.
    static Result<Pagemap> open(const std::string &path = "/proc/self/pagemap");
    // Reads through `reader` instead of a file: for tests.
    Pagemap(Reader reader, std::uint64_t pageBytes, std::string name = "pagemap");

    Pagemap(Pagemap &&other) noexcept;
    Pagemap &operator=(Pagemap &&other) noexcept;
    Pagemap(const Pagemap &) = delete;
    Pagemap &operator=(const Pagemap &) = delete;
    ~Pagemap();

    std::uint64_t pageBytes() const { return m_pageBytes; }

    // Per chunk of [address, address + bytes), chunks counted from
    // `address`: its pages and how many are present. Safe to call from
    // several threads at once.
    Result<std::vector<ChunkPages>> chunkPages(std::uint64_t address, std::uint64_t bytes,
                                               std::uint64_t chunkBytes) const;

private:
    Pagemap(int fd, std::uint64_t pageBytes, std::string name);
    std::int64_t read(std::byte *into, std::size_t bytes, std::uint64_t offset) const;

    int m_fd = -1;
    Reader m_reader;
    std::uint64_t m_pageBytes = 0;
    std::string m_name;
};

} // namespace sharescope
