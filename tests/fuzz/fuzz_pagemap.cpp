// SPDX-License-Identifier: GPL-3.0-or-later
// Counting present pages per chunk from /proc/self/pagemap entries: a
// buffer's range (any address, size, chunk and page), then the entries, fed
// in blocks of any size.
#include "fuzzcheck.h"

#include "counting/presencetally.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstring>
#include <span>
#include <vector>

using namespace sharescope;

namespace {

__extension__ typedef unsigned __int128 u128;

struct Range
{
    std::uint64_t address;
    std::uint64_t bytes;
    std::uint64_t chunkBytes;
    std::uint64_t pageBytes;
};

Range rangeFrom(FuzzedDataProvider &input)
{
    Range r{};
    r.pageBytes = input.ConsumeBool() ? std::uint64_t(4096) << input.ConsumeIntegralInRange(0, 9)
                                      : input.ConsumeIntegral<std::uint64_t>();
    r.chunkBytes = input.ConsumeBool() ? std::uint64_t(4096) << input.ConsumeIntegralInRange(0, 12)
                                       : input.ConsumeIntegral<std::uint64_t>();
    r.address = input.ConsumeBool() ? input.ConsumeIntegral<std::uint64_t>()
                                    : input.ConsumeIntegral<std::uint32_t>() * std::uint64_t(4096);
    r.bytes = input.ConsumeBool() ? input.ConsumeIntegral<std::uint64_t>()
                                  : input.ConsumeIntegralInRange<std::uint64_t>(0, 256ULL << 20);
    return r;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    FuzzedDataProvider input(data, size);
    const Range r = rangeFrom(input);
    const u128 chunkCount = r.chunkBytes ? (u128(r.bytes) + r.chunkBytes - 1) / r.chunkBytes : 0;
    // Each chunk costs a few bytes; counting millions of them per input is
    // what create() allows, and too slow to fuzz.
    if (chunkCount > (1 << 24) || r.chunkBytes == 0 || r.pageBytes == 0) {
        FUZZ_CHECK(!PresenceTally::create(r.address, r.bytes, r.chunkBytes, r.pageBytes).ok());
        return 0;
    }
    if (chunkCount > (1 << 16))
        return 0;
    auto created = PresenceTally::create(r.address, r.bytes, r.chunkBytes, r.pageBytes);
    if (u128(r.address) + r.bytes > u128(UINT64_MAX) + 1 || (r.chunkBytes / r.pageBytes > UINT32_MAX - 2)) {
        FUZZ_CHECK(!created.ok());
        return 0;
    }
    if (!created) {
        FUZZ_CHECK(created.error().kind == ErrorKind::BadArgument && !created.error().message.empty());
        return 0;
    }
    PresenceTally &tally = *created;
    const u128 lastByte = u128(r.address) + r.bytes - 1;
    const u128 pages = r.bytes == 0 ? 0 : lastByte / r.pageBytes - r.address / r.pageBytes + 1;
    FUZZ_CHECK(tally.pageCount() == pages); // a count that wrapped would say the buffer has no pages
    FUZZ_CHECK(tally.chunks().size() == chunkCount);
    FUZZ_CHECK(tally.firstPage() == r.address / r.pageBytes);

    // The rest of the input is the entries, fed in blocks of any size.
    std::vector<std::uint64_t> entries;
    std::uint64_t used = 0;
    while (input.remaining_bytes() > 0) {
        const std::vector<std::uint8_t> block
            = input.ConsumeBytes<std::uint8_t>(input.ConsumeIntegralInRange<std::size_t>(0, 100));
        const std::size_t took = tally.add(std::as_bytes(std::span(block)));
        FUZZ_CHECK(took <= block.size() / pagemapEntryBytes);
        FUZZ_CHECK(took == std::min<u128>(block.size() / pagemapEntryBytes, pages - used));
        for (std::size_t i = 0; i < took; ++i) {
            std::uint64_t entry = 0;
            std::memcpy(&entry, block.data() + i * pagemapEntryBytes, sizeof entry);
            entries.push_back(entry);
        }
        used += took;
        // A partial entry is never half-used: the caller feeds it again.
        FUZZ_CHECK(tally.pagesCounted() == used);
    }
    FUZZ_CHECK(tally.complete() == (used == pages));

    // The same count, page by page, from each page's chunks.
    std::vector<ChunkPages> expected(tally.chunks().size());
    for (std::size_t c = 0; c < expected.size(); ++c)
        expected[c].pages = tally.chunks()[c].pages;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const u128 page = u128(tally.firstPage()) + i;
        const u128 from = std::max<u128>(page * r.pageBytes, r.address) - r.address;
        const u128 to = std::min<u128>(page * r.pageBytes + r.pageBytes - 1, lastByte) - r.address;
        for (u128 c = from / r.chunkBytes; c <= to / r.chunkBytes; ++c) {
            if (entries[i] & pagemapPresentBit)
                ++expected[static_cast<std::size_t>(c)].present;
            else if (entries[i] & pagemapSwappedBit)
                ++expected[static_cast<std::size_t>(c)].swapped;
        }
    }
    for (std::size_t c = 0; c < expected.size(); ++c) {
        const ChunkPages &found = tally.chunks()[c];
        FUZZ_CHECK(found.present == expected[c].present && found.swapped == expected[c].swapped);
        FUZZ_CHECK(found.pages >= 1 && found.present + found.swapped <= found.pages);
        const PagePresence presence = found.presence();
        FUZZ_CHECK((presence == PagePresence::None) == (found.present == 0));
        FUZZ_CHECK((presence == PagePresence::All) == (found.present == found.pages));
    }
    return 0;
}
