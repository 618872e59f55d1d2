// SPDX-License-Identifier: GPL-3.0-or-later
#include "counting/pagemap.h"
#include "counting/presencetally.h"
#include "counting/residency.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryFile>
#include <QTest>

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>

using namespace sharescope;

namespace {

// The largest single allocation while tracking is on: proves that reading a
// range costs memory that does not grow with the range.
std::atomic<bool> trackAllocations{false};
std::atomic<std::size_t> largestAllocation{0};

} // namespace

void *operator new(std::size_t bytes)
{
    if (trackAllocations.load(std::memory_order_relaxed)) {
        std::size_t seen = largestAllocation.load(std::memory_order_relaxed);
        while (bytes > seen && !largestAllocation.compare_exchange_weak(seen, bytes)) { }
    }
    if (void *p = std::malloc(bytes ? bytes : 1))
        return p;
    throw std::bad_alloc();
}

void operator delete(void *p) noexcept
{
    std::free(p);
}

void operator delete(void *p, std::size_t) noexcept
{
    std::free(p);
}

namespace {

constexpr quint64 page = 4096;
constexpr quint64 base = 0x7f0000000000ULL;
constexpr quint64 noPage = std::numeric_limits<quint64>::max();

// What a real entry carries besides the bits that count: soft-dirty,
// exclusively mapped, file-backed, a swap offset. None of them means present.
constexpr std::uint64_t softDirty = std::uint64_t(1) << 55;
constexpr std::uint64_t exclusive = std::uint64_t(1) << 56;
constexpr std::uint64_t fileBacked = std::uint64_t(1) << 61;

// One entry per page: '#' present, 's' swapped, '.' neither.
std::vector<std::byte> entriesOf(const QByteArray &pattern)
{
    std::vector<std::byte> bytes(static_cast<std::size_t>(pattern.size()) * pagemapEntryBytes);
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        std::uint64_t entry = softDirty;
        if (pattern[i] == '#')
            entry |= pagemapPresentBit | exclusive | fileBacked;
        else if (pattern[i] == 's')
            entry |= pagemapSwappedBit | (0x1234 << 5);
        std::memcpy(bytes.data() + i * pagemapEntryBytes, &entry, sizeof entry);
    }
    return bytes;
}

// "present/pages" per chunk, "s<n>" after it when some are swapped.
QString countsOf(const std::vector<ChunkPages> &chunks)
{
    QStringList out;
    for (const ChunkPages &chunk : chunks) {
        QString text = QString::number(chunk.present) + u'/' + QString::number(chunk.pages);
        if (chunk.swapped)
            text += u's' + QString::number(chunk.swapped);
        out << text;
    }
    return out.join(u' ');
}

// One character per chunk: '#' all present, '~' some, '.' none.
QString presenceOf(const std::vector<ChunkPages> &chunks)
{
    QString out;
    for (const ChunkPages &chunk : chunks) {
        switch (chunk.presence()) {
        case PagePresence::All:
            out += u'#';
            break;
        case PagePresence::Some:
            out += u'~';
            break;
        case PagePresence::None:
            out += u'.';
            break;
        }
    }
    return out;
}

// A pagemap that a rule fills (every third page present), with the faults a
// real file may show, and a record of how it was read.
struct SyntheticFile
{
    std::size_t maxRead = 0; // 0: as much as asked for
    int interruptEvery = 0; // every n-th call fails with EINTR
    quint64 endsAt = noPage; // the file's size
    std::int64_t failWith = 0; // -errno for every call
    bool claimsTooMuch = false;

    int calls = 0;
    quint64 firstOffset = noPage;
    std::size_t largestRequest = 0;

    static bool present(quint64 pageIndex) { return pageIndex % 3 == 0; }

    std::int64_t read(std::byte *into, std::size_t bytes, quint64 offset)
    {
        ++calls;
        firstOffset = std::min(firstOffset, offset);
        largestRequest = std::max(largestRequest, bytes);
        if (interruptEvery && calls % interruptEvery == 0)
            return -EINTR;
        if (failWith)
            return failWith;
        if (offset >= endsAt)
            return 0;
        std::size_t n = maxRead ? std::min(bytes, maxRead) : bytes;
        n = static_cast<std::size_t>(std::min<quint64>(n, endsAt - offset));
        for (std::size_t i = 0; i < n; ++i) {
            const quint64 at = offset + i;
            const std::uint64_t entry = present(at / pagemapEntryBytes) ? pagemapPresentBit : softDirty;
            std::memcpy(into + i, reinterpret_cast<const std::byte *>(&entry) + at % pagemapEntryBytes, 1);
        }
        return static_cast<std::int64_t>(claimsTooMuch ? n + pagemapEntryBytes : n);
    }

    Pagemap pagemap()
    {
        return Pagemap([this](std::byte *into, std::size_t bytes, quint64 offset) { return read(into, bytes, offset); },
                       page);
    }
};

// The range the synthetic reads cover: several blocks, off a page boundary.
constexpr quint64 syntheticAddress = base + 5 * page + 100;
constexpr quint64 syntheticBytes = 20000 * page;
constexpr quint64 syntheticChunk = 16 * page;

std::vector<ChunkPages> expectedSynthetic()
{
    std::vector<ChunkPages> chunks;
    for (quint64 first = syntheticAddress; first < syntheticAddress + syntheticBytes; first += syntheticChunk) {
        const quint64 last = std::min(first + syntheticChunk, syntheticAddress + syntheticBytes) - 1;
        ChunkPages chunk;
        for (quint64 p = first / page; p <= last / page; ++p) {
            ++chunk.pages;
            chunk.present += SyntheticFile::present(p);
        }
        chunks.push_back(chunk);
    }
    return chunks;
}

bool havePagemap()
{
    return QFile::exists(QStringLiteral("/proc/self/pagemap"));
}

// Anonymous memory the test owns, without transparent huge pages: one touch
// must populate one page, not 2 MiB or a 64 KiB folio.
struct Mapping
{
    Mapping(std::size_t bytes, int protection)
        : bytes(bytes)
    {
        void *p = ::mmap(nullptr, bytes, protection, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED)
            return;
        data = static_cast<char *>(p);
        ::madvise(data, bytes, MADV_NOHUGEPAGE); // fails harmlessly where there are none
    }
    ~Mapping()
    {
        if (data)
            ::munmap(data, bytes);
    }
    Mapping(const Mapping &) = delete;
    Mapping &operator=(const Mapping &) = delete;

    quint64 address() const { return reinterpret_cast<quintptr>(data); }

    std::size_t bytes = 0;
    char *data = nullptr;
};

} // namespace

class TestPagemap : public QObject
{
    Q_OBJECT

private slots:
    void countsPresentPagesPerChunk_data()
    {
        QTest::addColumn<quint64>("offset"); // of the buffer from a chunk-aligned base
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<quint64>("chunkBytes");
        QTest::addColumn<QByteArray>("pages"); // from the first page the buffer touches
        QTest::addColumn<QString>("counts");
        QTest::addColumn<QString>("presence");

        QTest::addRow("all present") << 0ULL << 16 * page << 4 * page << QByteArray(16, '#') << u"4/4 4/4 4/4 4/4"_qs
                                     << u"####"_qs;
        QTest::addRow("none present") << 0ULL << 16 * page << 4 * page << QByteArray(16, '.') << u"0/4 0/4 0/4 0/4"_qs
                                      << u"...."_qs;
        QTest::addRow("alternating") << 0ULL << 16 * page << 4 * page << QByteArray("#.#.#.#.#.#.#.#.")
                                     << u"2/4 2/4 2/4 2/4"_qs << u"~~~~"_qs;
        QTest::addRow("one page per chunk")
            << 0ULL << 4 * page << page << QByteArray("#..#") << u"1/1 0/1 0/1 1/1"_qs << u"#..#"_qs;
        // 6 KiB chunks: pages 0-1, 1-2, 3. Page 1 holds bytes of both of the
        // first two chunks, so it counts in both.
        QTest::addRow("chunk not a multiple of the page")
            << 0ULL << 4 * page << 6 * 1024ULL << QByteArray(".#.#") << u"1/2 1/2 1/1"_qs << u"~~#"_qs;
        // Chunks start at the buffer, not at multiples of the chunk size.
        QTest::addRow("buffer off a chunk boundary")
            << 3 * page << 8 * page << 4 * page << QByteArray("####....") << u"4/4 0/4"_qs << u"#."_qs;
        QTest::addRow("buffer off a page boundary")
            << 100ULL << 2 * page << 4 * page << QByteArray("#.#") << u"2/3"_qs << u"~"_qs;
        QTest::addRow("off a page boundary, chunk of a page")
            << 100ULL << 2 * page << page << QByteArray(".#.") << u"1/2 1/2"_qs << u"~~"_qs;
        QTest::addRow("last partial chunk")
            << 0ULL << 10 * page << 4 * page << QByteArray(10, '#') << u"4/4 4/4 2/2"_qs << u"###"_qs;
        QTest::addRow("last partial page")
            << 0ULL << 9 * page + 1 << 4 * page << QByteArray("########.#") << u"4/4 4/4 1/2"_qs << u"##~"_qs;
        QTest::addRow("one byte") << 5000ULL << 1ULL << 64 * 1024ULL << QByteArray("#") << u"1/1"_qs << u"#"_qs;
        QTest::addRow("swapped is not present")
            << 0ULL << 4 * page << 4 * page << QByteArray("#s..") << u"1/4s1"_qs << u"~"_qs;
        QTest::addRow("only swapped") << 0ULL << 4 * page << 4 * page << QByteArray("ss..") << u"0/4s2"_qs << u"."_qs;
    }

    void countsPresentPagesPerChunk()
    {
        QFETCH(quint64, offset);
        QFETCH(quint64, bytes);
        QFETCH(quint64, chunkBytes);
        QFETCH(QByteArray, pages);
        QFETCH(QString, counts);
        QFETCH(QString, presence);

        auto tally = PresenceTally::create(base + offset, bytes, chunkBytes, page);
        QVERIFY2(tally.ok(), tally.ok() ? "" : tally.error().message.c_str());
        QCOMPARE(tally->firstPage(), (base + offset) / page);
        QCOMPARE(tally->pageCount(), quint64(pages.size()));
        const auto entries = entriesOf(pages);
        QCOMPARE(tally->add(entries), std::size_t(pages.size()));
        QVERIFY(tally->complete());
        QCOMPARE(countsOf(tally->chunks()), counts);
        QCOMPARE(presenceOf(tally->chunks()), presence);
    }

    void countsTheSameInBlocksOfAnySize()
    {
        const QByteArray pages("#.##s...#####.#..#.###..s#.#.##....#.#");
        const auto entries = entriesOf(pages);
        auto whole = PresenceTally::create(base + 777, pages.size() * page - 1000, 3 * page + 1000, page);
        QVERIFY(whole.ok());
        QCOMPARE(whole->pageCount(), quint64(pages.size()));
        whole->add(entries);
        for (std::size_t step = 1; step <= 7; ++step) {
            auto tally = PresenceTally::create(base + 777, pages.size() * page - 1000, 3 * page + 1000, page);
            QVERIFY(tally.ok());
            for (std::size_t at = 0; at < entries.size(); at += step * pagemapEntryBytes) {
                const std::size_t n = std::min(step * pagemapEntryBytes, entries.size() - at);
                QCOMPARE(tally->add(std::span(entries).subspan(at, n)), n / pagemapEntryBytes);
            }
            QCOMPARE(countsOf(tally->chunks()), countsOf(whole->chunks()));
        }
    }

    void leavesPartialAndSurplusEntries()
    {
        auto tally = PresenceTally::create(base, 3 * page, page, page);
        QVERIFY(tally.ok());
        const auto entries = entriesOf("####");
        QCOMPARE(tally->add(std::span(entries).first(13)), std::size_t(1)); // one entry and 5 bytes of the next
        QCOMPARE(tally->pagesCounted(), quint64(1));
        QCOMPARE(tally->add(entries), std::size_t(2)); // only the two pages still missing
        QVERIFY(tally->complete());
        QCOMPARE(tally->add(entries), std::size_t(0));
        QCOMPARE(countsOf(tally->chunks()), u"1/1 1/1 1/1"_qs);
    }

    // Found by fuzzing: a page of a size other than a power of two can reach
    // past the address space; its last byte must not wrap around.
    void countsALastPageThatReachesPastTheAddressSpace()
    {
        const quint64 pageBytes = 3ULL << 61; // pages at 0, 1.5 and 3 x 2^62
        auto tally = PresenceTally::create(0, ~0ULL, 1ULL << 62, pageBytes);
        QVERIFY(tally.ok());
        QCOMPARE(tally->pageCount(), quint64(3));
        QCOMPARE(tally->add(entriesOf("..#")), std::size_t(3));
        QCOMPARE(countsOf(tally->chunks()), u"0/1 0/2 0/1 1/1"_qs);
    }

    void refusesRangesItCannotCount_data()
    {
        QTest::addColumn<quint64>("address");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<quint64>("chunkBytes");
        QTest::addColumn<quint64>("pageBytes");

        QTest::addRow("empty chunk") << base << page << 0ULL << page;
        QTest::addRow("empty page") << base << page << page << 0ULL;
        QTest::addRow("past the end of the address space") << noPage - page + 1 << 2 * page << page << page;
        QTest::addRow("too many chunks") << base << (1ULL << 40) << page << page;
        QTest::addRow("too many pages in a chunk") << base << (1ULL << 50) << (1ULL << 50) << 1ULL;
    }

    void refusesRangesItCannotCount()
    {
        QFETCH(quint64, address);
        QFETCH(quint64, bytes);
        QFETCH(quint64, chunkBytes);
        QFETCH(quint64, pageBytes);

        const auto tally = PresenceTally::create(address, bytes, chunkBytes, pageBytes);
        QVERIFY(!tally.ok());
        QCOMPARE(tally.error().kind, ErrorKind::BadArgument);
    }

    void readsNothingForAnEmptyRange()
    {
        SyntheticFile file;
        const auto chunks = file.pagemap().chunkPages(base, 0, 64 * 1024);
        QVERIFY(chunks.ok());
        QVERIFY(chunks->empty());
        QCOMPARE(file.calls, 0);
    }

    void readsThroughShortAndInterruptedReads_data()
    {
        QTest::addColumn<int>("maxRead");
        QTest::addColumn<int>("interruptEvery");

        QTest::addRow("whole blocks") << 0 << 0;
        QTest::addRow("one entry per read") << 8 << 0;
        QTest::addRow("reads that split entries") << 5 << 0;
        QTest::addRow("interrupted reads") << 0 << 2;
        QTest::addRow("short and interrupted") << 13 << 3;
    }

    void readsThroughShortAndInterruptedReads()
    {
        QFETCH(int, maxRead);
        QFETCH(int, interruptEvery);

        SyntheticFile file;
        file.maxRead = static_cast<std::size_t>(maxRead);
        file.interruptEvery = interruptEvery;
        const auto chunks = file.pagemap().chunkPages(syntheticAddress, syntheticBytes, syntheticChunk);
        QVERIFY2(chunks.ok(), chunks.ok() ? "" : chunks.error().message.c_str());
        QCOMPARE(countsOf(*chunks), countsOf(expectedSynthetic()));
        QCOMPARE(file.firstOffset, syntheticAddress / page * pagemapEntryBytes);
        QVERIFY(file.largestRequest <= Pagemap::blockBytes);
        QVERIFY(file.calls > 2); // 20001 entries are more than two blocks
    }

    void reportsBrokenReads_data()
    {
        QTest::addColumn<quint64>("endsAt");
        QTest::addColumn<int>("failWith");
        QTest::addColumn<bool>("claimsTooMuch");
        QTest::addColumn<int>("interruptEvery");
        QTest::addColumn<QString>("message");

        const quint64 start = syntheticAddress / page * pagemapEntryBytes;
        QTest::addRow("file ends early") << start + 1000 * pagemapEntryBytes + 3 << 0 << false << 0
                                         << u"pagemap ended after 1000 of the 20001 pages asked for"_qs;
        QTest::addRow("file ends before the range") << start << 0 << false << 0 << u"ended after 0 of"_qs;
        QTest::addRow("read error") << noPage << -EIO << false << 0 << QString::fromUtf8(std::strerror(EIO));
        QTest::addRow("more bytes than asked for") << noPage << 0 << true << 0 << u"were asked for"_qs;
        QTest::addRow("interrupted for ever") << noPage << 0 << false << 1 << QString::fromUtf8(std::strerror(EINTR));
    }

    void reportsBrokenReads()
    {
        QFETCH(quint64, endsAt);
        QFETCH(int, failWith);
        QFETCH(bool, claimsTooMuch);
        QFETCH(int, interruptEvery);
        QFETCH(QString, message);

        SyntheticFile file;
        file.endsAt = endsAt;
        file.failWith = failWith;
        file.claimsTooMuch = claimsTooMuch;
        file.interruptEvery = interruptEvery;
        const auto chunks = file.pagemap().chunkPages(syntheticAddress, syntheticBytes, syntheticChunk);
        QVERIFY(!chunks.ok());
        QCOMPARE(chunks.error().kind, ErrorKind::Failed);
        const QString said = QString::fromStdString(chunks.error().message);
        QVERIFY2(said.contains(message), qPrintable(said));
        QVERIFY(file.calls <= 1000); // gave up instead of hanging
    }

    void refusesFilesThatAreNoPagemap_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");

        QTest::addRow("missing") << u"/nonexistent/pagemap"_qs << QString::fromUtf8(std::strerror(ENOENT));
        QTest::addRow("empty") << u"/dev/null"_qs << u"ended after 0 of the 1 pages"_qs;
    }

    void refusesFilesThatAreNoPagemap()
    {
        QFETCH(QString, path);
        QFETCH(QString, message);

        const auto pagemap = Pagemap::open(path.toStdString());
        QVERIFY(!pagemap.ok());
        QCOMPARE(pagemap.error().kind, ErrorKind::Unsupported);
        const QString said = QString::fromStdString(pagemap.error().message);
        QVERIFY2(said.contains(message), qPrintable(said));
    }

    void refusesAFileThatSaysNothingIsPresent()
    {
        // As a sandbox might: entries everywhere, all zero.
        int local = 0;
        const quint64 needed = (reinterpret_cast<quintptr>(&local) / page + 1) * pagemapEntryBytes;
        QTemporaryFile zeros;
        QVERIFY(zeros.open());
        if (!zeros.resize(qint64(needed)))
            QSKIP("the temporary file system cannot hold a sparse file that large");
        const auto pagemap = Pagemap::open(zeros.fileName().toStdString());
        QVERIFY(!pagemap.ok());
        QCOMPARE(pagemap.error().kind, ErrorKind::Unsupported);
        QVERIFY2(pagemap.error().message.find("does not say which pages are present") != std::string::npos,
                 pagemap.error().message.c_str());
    }

    void seesTheCpuTouchAndDropPages()
    {
        if (!havePagemap())
            QSKIP("this system has no /proc/self/pagemap");
        const auto pagemap = Pagemap::open();
        QVERIFY2(pagemap.ok(), pagemap.ok() ? "" : pagemap.error().message.c_str());
        const std::size_t pageBytes = pagemap->pageBytes();
        QCOMPARE(pageBytes, std::size_t(::sysconf(_SC_PAGESIZE)));
        Mapping region(64 * pageBytes, PROT_READ | PROT_WRITE);
        QVERIFY(region.data);

        const auto pagesPresent = [&] {
            const auto chunks = pagemap->chunkPages(region.address(), region.bytes, pageBytes);
            return chunks.ok() ? presenceOf(*chunks) : QString::fromStdString(chunks.error().message);
        };
        const auto chunksOf8Present = [&] {
            const auto chunks = pagemap->chunkPages(region.address(), region.bytes, 8 * pageBytes);
            return chunks.ok() ? presenceOf(*chunks) : QString::fromStdString(chunks.error().message);
        };
        QCOMPARE(pagesPresent(), QString(64, u'.'));

        for (const int p : {0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 30, 63})
            region.data[p * pageBytes + 17] = 1;
        QCOMPARE(pagesPresent(), u"#....###########..............#................................#"_qs);
        QCOMPARE(chunksOf8Present(), u"~#.~...~"_qs);

        QCOMPARE(::madvise(region.data + 8 * pageBytes, 4 * pageBytes, MADV_DONTNEED), 0);
        QCOMPARE(::madvise(region.data, pageBytes, MADV_DONTNEED), 0);
        QCOMPARE(pagesPresent(), u".....###....####..............#................................#"_qs);
        QCOMPARE(chunksOf8Present(), u"~~.~...~"_qs);
    }

    void readsALargeUntouchedRangeInBoundedMemory()
    {
        if (!havePagemap())
            QSKIP("this system has no /proc/self/pagemap");
        const auto pagemap = Pagemap::open();
        QVERIFY2(pagemap.ok(), pagemap.ok() ? "" : pagemap.error().message.c_str());
        constexpr std::size_t gib = 1024 * 1024 * 1024;
        Mapping region(gib, PROT_NONE);
        QVERIFY(region.data);
        const std::uint64_t chunkBytes = residencyChunkBytes(gib);

        QElapsedTimer timer;
        timer.start();
        largestAllocation = 0;
        trackAllocations = true;
        const auto chunks = pagemap->chunkPages(region.address(), region.bytes, chunkBytes);
        trackAllocations = false;
        const double ms = double(timer.nsecsElapsed()) / 1e6;

        QVERIFY2(chunks.ok(), chunks.ok() ? "" : chunks.error().message.c_str());
        QCOMPARE(chunks->size(), std::size_t(gib / chunkBytes));
        QCOMPARE(presenceOf(*chunks), QString(qsizetype(chunks->size()), u'.'));
        QCOMPARE(chunks->front().pages, std::uint32_t(chunkBytes / pagemap->pageBytes()));
        // One block of entries and the answer, never the 2 MiB of all entries.
        const std::size_t answer = chunks->size() * sizeof(ChunkPages);
        QVERIFY2(largestAllocation <= std::max(Pagemap::blockBytes, answer),
                 qPrintable(QString::number(largestAllocation.load())));
        qInfo("read the entries of 1 GiB in %.2f ms", ms);
    }
};

QTEST_APPLESS_MAIN(TestPagemap)
#include "tst_pagemap.moc"
