// SPDX-License-Identifier: GPL-3.0-or-later
#include "uvm/uvmeventqueue.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <thread>

using namespace sharescope;
using namespace sharescope::uvm;

namespace {

constexpr int toolsFd = 42;
constexpr int uvmFd = 5;

// NV_STATUS values (nvstatuscodes.h).
constexpr std::uint32_t nvErrInsufficientPermissions = 0x1B;
constexpr std::uint32_t nvErrInvalidArgument = 0x1F;

template<typename T>
T field(const unsigned char *bytes, std::size_t offset)
{
    T value;
    std::memcpy(&value, bytes + offset, sizeof value);
    return value;
}

template<typename T>
void put(unsigned char *bytes, std::size_t offset, T value)
{
    std::memcpy(bytes + offset, &value, sizeof value);
}

ProcessorUuid uuid(std::uint8_t seed)
{
    ProcessorUuid id{};
    for (std::size_t i = 0; i < id.size(); ++i)
        id[i] = static_cast<std::uint8_t>(seed + i);
    return id;
}

// The driver as the tests need it: parameters and queue entries are laid
// out at the offsets of the driver's own headers (uvm_ioctl.h,
// uvm_types.h), written here by hand, so that a wrong layout in the unit
// fails here.
class FakeDriver : public UvmSystem
{
public:
    std::map<std::string, std::string> files{{"/sys/module/nvidia_uvm/version", "580.159.04\n"}};
    std::vector<OpenFile> fds{{3, "/dev/nvidiactl"}, {uvmFd, "/dev/nvidia-uvm"}, {6, "/dev/nvidia0"}};
    std::uint32_t initStatus = 0;
    std::uint32_t tableStatus = 0;
    std::uint32_t enableStatus = 0;
    std::map<std::uint16_t, ProcessorUuid> processors; // the driver's index: the GPU's UUID

    // What the unit did.
    std::vector<std::string> log;
    std::set<int> openFds;
    std::set<void *> mapped;
    std::uint64_t entries = 0;
    std::uint32_t allProcessors = 0;
    std::uint32_t trackedUvmFd = 0;
    std::uint64_t enabledFlags = 0;
    unsigned char *queue = nullptr;
    unsigned char *control = nullptr;
    int flushes = 0;
    // Events the driver holds back until a flush (it records migrations
    // once it sees their copies complete).
    std::vector<std::array<unsigned char, 72>> pending;

    std::optional<std::string> readFile(const std::string &path) override
    {
        const auto file = files.find(path);
        return file == files.end() ? std::nullopt : std::optional(file->second);
    }
    std::vector<OpenFile> openFiles() override { return fds; }
    int open(const std::string &path) override
    {
        log.push_back("open " + path);
        if (path != "/dev/nvidia-uvm-tools")
            return -EACCES;
        openFds.insert(toolsFd);
        return toolsFd;
    }
    void close(int fd) override
    {
        log.push_back("close " + std::to_string(fd));
        if (openFds.erase(fd) == 1 && fd == toolsFd)
            queue = control = nullptr; // the driver forgets the tracker
    }
    int ioctl(int fd, unsigned long request, void *argument) override
    {
        log.push_back("ioctl " + std::to_string(fd) + " " + std::to_string(request));
        auto *bytes = static_cast<unsigned char *>(argument);
        if (fd == toolsFd && openFds.count(fd) && request == 76)
            return initTracker(bytes);
        if (fd == toolsFd && openFds.count(fd) && request == 58) {
            enabledFlags = field<std::uint64_t>(bytes, 0);
            put(bytes, 8, queue ? enableStatus : nvErrInvalidArgument);
            return 0;
        }
        if (fd == uvmFd && request == 77)
            return processorTable(bytes);
        if (fd == uvmFd && request == 67) {
            ++flushes;
            for (const auto &entry : pending)
                enqueue(entry);
            pending.clear();
            put(bytes, 0, std::uint32_t(0));
            return 0;
        }
        return -ENOTTY;
    }
    Result<void *> mapPages(std::size_t bytes) override
    {
        void *pages = std::aligned_alloc(pageSize(), bytes);
        std::memset(pages, 0, bytes);
        mapped.insert(pages);
        return pages;
    }
    void unmapPages(void *pages, std::size_t) override
    {
        QVERIFY(mapped.erase(pages) == 1);
        std::free(pages);
    }
    std::size_t pageSize() override { return 4096; }

    // uvm_tools.c's enqueue_event: one free place means full, and the
    // dropped count of the type goes up instead.
    void enqueue(const std::array<unsigned char, 72> &entry)
    {
        auto *pointers = reinterpret_cast<std::uint32_t *>(control);
        const auto mask = static_cast<std::uint32_t>(entries - 1);
        const std::uint32_t get = std::atomic_ref(pointers[1]).load() & mask;
        const std::uint32_t put = std::atomic_ref(pointers[3]).load() & mask;
        if (((entries + get - put) & mask) == 1) {
            std::atomic_ref(reinterpret_cast<std::uint64_t *>(control + 16)[entry[0]]).fetch_add(1);
            return;
        }
        std::memcpy(queue + put * 72, entry.data(), entry.size());
        std::atomic_ref(pointers[2]).store((put + 1) & mask);
        std::atomic_ref(pointers[3]).store((put + 1) & mask, std::memory_order_release);
    }

private:
    int initTracker(unsigned char *bytes)
    {
        trackedUvmFd = field<std::uint32_t>(bytes, 44);
        allProcessors = field<std::uint32_t>(bytes, 40);
        entries = field<std::uint64_t>(bytes, 8);
        if (initStatus == 0) {
            queue = reinterpret_cast<unsigned char *>(field<std::uint64_t>(bytes, 0));
            control = reinterpret_cast<unsigned char *>(field<std::uint64_t>(bytes, 16));
        }
        put(bytes, 48, initStatus);
        return 0;
    }
    int processorTable(unsigned char *bytes)
    {
        auto *table = reinterpret_cast<unsigned char *>(field<std::uint64_t>(bytes, 0));
        std::memset(table, 0, 257 * 16); // UVM_ID_MAX_PROCESSORS entries, the CPU's first
        std::memset(table, 0xcc, 16);
        for (const auto &[index, id] : processors)
            std::memcpy(table + index * 16, id.data(), 16);
        put(bytes, 8, tableStatus);
        return 0;
    }
};

// UvmEventMigrationInfo_V2.
std::array<unsigned char, 72> migration(std::uint16_t source, std::uint16_t destination, std::uint8_t cause,
                                        std::uint64_t address, std::uint64_t bytes, std::uint64_t begin,
                                        std::uint64_t end)
{
    std::array<unsigned char, 72> entry{};
    entry[0] = 2;
    entry[1] = cause;
    put(entry.data(), 4, source);
    put(entry.data(), 6, destination);
    put(entry.data(), 8, std::int32_t(-1)); // NUMA nodes
    put(entry.data(), 12, std::int32_t(-1));
    put(entry.data(), 16, address);
    put(entry.data(), 24, bytes);
    put(entry.data(), 32, begin);
    put(entry.data(), 40, end);
    put(entry.data(), 56, std::uint64_t(77)); // GPU times, not read
    return entry;
}

// Thrashing (10) and remote maps (13): address, size, time at 8, 16, 24;
// a remote map's processors at 4 and 6.
std::array<unsigned char, 72> sized(std::uint8_t type, std::uint64_t address, std::uint64_t bytes, std::uint64_t time,
                                    std::uint16_t source = 0, std::uint16_t destination = 0)
{
    std::array<unsigned char, 72> entry{};
    entry[0] = type;
    if (type == 13) {
        put(entry.data(), 4, source);
        put(entry.data(), 6, destination);
    }
    put(entry.data(), 8, address);
    put(entry.data(), 16, bytes);
    put(entry.data(), 24, time);
    return entry;
}

// Throttling started (11): processor at 2, address at 8, time at 16.
std::array<unsigned char, 72> throttling(std::uint16_t processor, std::uint64_t address, std::uint64_t time)
{
    std::array<unsigned char, 72> entry{};
    entry[0] = 11;
    put(entry.data(), 2, processor);
    put(entry.data(), 8, address);
    put(entry.data(), 16, time);
    return entry;
}

QString messageOf(const Result<std::unique_ptr<UvmEventQueue>> &queue)
{
    return queue ? QString() : QString::fromStdString(queue.error().message);
}

} // namespace

class TestUvmEventQueue : public QObject
{
    Q_OBJECT

private slots:
    void recordsAreDecodedAtTheDriversOffsets()
    {
        auto driver = std::make_shared<FakeDriver>();
        driver->processors = {{1, uuid(0x10)}, {9, uuid(0x90)}};
        auto opened = UvmEventQueue::open({uuid(0x90), uuid(0x10)}, driver, 16);
        QVERIFY2(opened.ok(), qPrintable(messageOf(opened)));
        UvmEventQueue &queue = **opened;
        QCOMPARE(driver->entries, std::uint64_t(16));
        QCOMPARE(driver->allProcessors, std::uint32_t(1));
        QCOMPARE(driver->trackedUvmFd, std::uint32_t(uvmFd));
        // Migrations, thrashing, throttling, remote maps.
        QCOMPARE(driver->enabledFlags, std::uint64_t((1 << 2) | (1 << 10) | (1 << 11) | (1 << 13)));

        driver->pending = {
            migration(0, 1, 2, 0x7f0000200000, 2 << 20, 1000, 1500), // coherence, host to cuda:1
            migration(9, 0, 3, 0x7f0000400000, 64 << 10, 2000, 0), // prefetch, cuda:0 to host, not waited for
            migration(1, 9, 1, 0x7f0000600000, 4096, 3000, 3100), // user, GPU to GPU
            migration(0, 0, 4, 0x7f0000800000, 4096, 3500, 3600), // between NUMA nodes: not a transfer
            sized(10, 0x7f0000a00000, 65536, 4000), // thrashing
            throttling(9, 0x7f0000c00000, 5000),
            sized(13, 0x7f0000e00000, 2 << 20, 6000, 1, 0), // cuda:1 maps host memory
        };
        std::array<unsigned char, 72> fault{};
        fault[0] = 3; // a GPU fault: not asked for, skipped
        driver->pending.push_back(fault);
        driver->pending.push_back(migration(0, 42, 5, 0x7f0001000000, 8192, 7000, 7100)); // a GPU CUDA does not show
        QVERIFY(queue.take().empty()); // held back until the driver is flushed
        queue.flush();
        QCOMPARE(driver->flushes, 1);
        const std::vector<MigrationEvent> events = queue.take();
        QCOMPARE(events.size(), std::size_t(7));

        QCOMPARE(events[0].kind, CounterKind::BytesHostToDevice);
        QCOMPARE(events[0].cause, MigrationCause::Coherence);
        QCOMPARE(events[0].sourceDevice, -1);
        QCOMPARE(events[0].destinationDevice, 1);
        QCOMPARE(events[0].address, std::uint64_t(0x7f0000200000));
        QCOMPARE(events[0].value, std::uint64_t(2 << 20));
        QCOMPARE(events[0].startNs, std::uint64_t(1000));
        QCOMPARE(events[0].endNs, std::uint64_t(1500));

        QCOMPARE(events[1].kind, CounterKind::BytesDeviceToHost);
        QCOMPARE(events[1].cause, MigrationCause::Prefetch);
        QCOMPARE(events[1].sourceDevice, 0);
        QCOMPARE(events[1].destinationDevice, -1);
        QCOMPARE(events[1].endNs, std::uint64_t(2000)); // no end: its start

        QCOMPARE(events[2].kind, CounterKind::BytesDeviceToDevice);
        QCOMPARE(events[2].cause, MigrationCause::User);
        QCOMPARE(events[2].sourceDevice, 1);
        QCOMPARE(events[2].destinationDevice, 0);

        QCOMPARE(events[3].kind, CounterKind::Thrashing);
        QCOMPARE(events[3].address, std::uint64_t(0x7f0000a00000));
        QCOMPARE(events[3].value, std::uint64_t(65536));
        QCOMPARE(events[3].startNs, std::uint64_t(4000));

        QCOMPARE(events[4].kind, CounterKind::Throttling);
        QCOMPARE(events[4].sourceDevice, 0);
        QCOMPARE(events[4].address, std::uint64_t(0x7f0000c00000));
        QCOMPARE(events[4].startNs, std::uint64_t(5000));

        QCOMPARE(events[5].kind, CounterKind::RemoteMap);
        QCOMPARE(events[5].sourceDevice, 1);
        QCOMPARE(events[5].destinationDevice, -1);
        QCOMPARE(events[5].value, std::uint64_t(2 << 20));
        QCOMPARE(events[5].startNs, std::uint64_t(6000));

        QCOMPARE(events[6].cause, MigrationCause::AccessCounters);
        QCOMPARE(events[6].destinationDevice, ProcessorNames::noDevice);
        QCOMPARE(queue.dropped(), std::uint64_t(0));
        QVERIFY(queue.take().empty()); // handed over once
    }

    void theQueueWrapsAndItsPlacesAreGivenBack()
    {
        auto driver = std::make_shared<FakeDriver>();
        driver->processors = {{1, uuid(1)}};
        auto opened = UvmEventQueue::open({uuid(1)}, driver, 8);
        QVERIFY2(opened.ok(), qPrintable(messageOf(opened)));
        std::uint64_t address = 0;
        std::vector<MigrationEvent> all;
        for (int round = 0; round < 5; ++round) {
            for (int i = 0; i < 6; ++i, ++address)
                driver->pending.push_back(migration(0, 1, 2, address, 4096, address, address));
            (*opened)->flush();
            std::ranges::move((*opened)->take(), std::back_inserter(all));
        }
        QCOMPARE(all.size(), std::size_t(30)); // 30 through 8 places: each round's were given back
        for (std::size_t i = 0; i < all.size(); ++i)
            QCOMPARE(all[i].address, std::uint64_t(i));
        QCOMPARE((*opened)->dropped(), std::uint64_t(0));
    }

    void aThreadDrainsTheQueueBetweenFlushes()
    {
        auto driver = std::make_shared<FakeDriver>();
        driver->processors = {{1, uuid(1)}};
        auto opened = UvmEventQueue::open({uuid(1)}, driver, 8);
        QVERIFY2(opened.ok(), qPrintable(messageOf(opened)));
        // Seven fill the eight places; without the drain seven more would be
        // dropped. The driver adds them without a flush, as it does.
        for (std::uint64_t i = 0; i < 7; ++i)
            driver->enqueue(migration(0, 1, 2, i, 4096, i, i));
        auto *pointers = reinterpret_cast<std::uint32_t *>(driver->control);
        QTRY_COMPARE_WITH_TIMEOUT(std::atomic_ref(pointers[1]).load(), std::uint32_t(7), 5000);
        QCOMPARE(std::atomic_ref(pointers[0]).load(), std::uint32_t(7)); // get_ahead follows
        for (std::uint64_t i = 7; i < 14; ++i)
            driver->enqueue(migration(0, 1, 2, i, 4096, i, i));
        QCOMPARE((*opened)->take().size(), std::size_t(14));
        QCOMPARE((*opened)->dropped(), std::uint64_t(0));
    }

    void whatTheDriverDroppedIsCounted()
    {
        auto driver = std::make_shared<FakeDriver>();
        auto opened = UvmEventQueue::open({}, driver, 4);
        QVERIFY2(opened.ok(), qPrintable(messageOf(opened)));
        auto *dropped = reinterpret_cast<std::uint64_t *>(driver->control + 16);
        dropped[2] = 3; // migrations
        dropped[10] = 1; // thrashing
        dropped[3] = 100; // GPU faults: not asked for, not counted
        QCOMPARE((*opened)->dropped(), std::uint64_t(4));
    }

    void theTrackerIsReleasedWithTheQueue()
    {
        auto driver = std::make_shared<FakeDriver>();
        {
            auto opened = UvmEventQueue::open({}, driver, 4);
            QVERIFY2(opened.ok(), qPrintable(messageOf(opened)));
            QCOMPARE(driver->mapped.size(), std::size_t(2)); // the queue and the control page
        }
        QVERIFY(driver->openFds.empty());
        QVERIFY(driver->mapped.empty());
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<bool>("withUvm");
        QTest::addColumn<std::uint32_t>("initStatus");
        QTest::addColumn<std::uint32_t>("tableStatus");
        QTest::addColumn<std::uint32_t>("entries");
        QTest::addColumn<QString>("expected");
        QTest::newRow("branch without a version-2 queue")
            << "535.288.01" << true << 0u << 0u << 16u << "driver 535.288.01 has no event queue this version";
        QTest::newRow("unknown branch") << "600.1" << true << 0u << 0u << 16u << "driver 600.1 not supported";
        QTest::newRow("no context yet") << "580.159.04" << false << 0u << 0u << 16u
                                        << "this process has no /dev/nvidia-uvm open yet";
        QTest::newRow("tracker refused") << "580.159.04" << true << nvErrInsufficientPermissions << 0u << 16u
                                         << "UVM_TOOLS_INIT_EVENT_TRACKER_V2 (76) refused every /dev/nvidia-uvm of "
                                            "this process (fd 5: NV_ERR_INSUFFICIENT_PERMISSIONS 0x1b)";
        QTest::newRow("table refused") << "580.159.04" << true << 0u << nvErrInvalidArgument << 16u
                                       << "UVM_TOOLS_GET_PROCESSOR_UUID_TABLE_V2 (77) refused: NV_ERR_INVALID_ARGUMENT";
        QTest::newRow("not a power of two") << "580.159.04" << true << 0u << 0u << 12u
                                            << "an event queue of 12 entries: the driver takes a power of two";
    }

    void refusals()
    {
        QFETCH(QString, version);
        QFETCH(bool, withUvm);
        QFETCH(std::uint32_t, initStatus);
        QFETCH(std::uint32_t, tableStatus);
        QFETCH(std::uint32_t, entries);
        QFETCH(QString, expected);
        auto driver = std::make_shared<FakeDriver>();
        driver->files["/sys/module/nvidia_uvm/version"] = version.toStdString() + "\n";
        if (!withUvm)
            driver->fds.erase(driver->fds.begin() + 1);
        driver->initStatus = initStatus;
        driver->tableStatus = tableStatus;
        const auto opened = UvmEventQueue::open({}, driver, entries);
        QVERIFY(!opened.ok());
        QVERIFY2(messageOf(opened).contains(expected), qPrintable(messageOf(opened)));
        // Nothing is left open or pinned.
        QVERIFY(driver->openFds.empty());
        QVERIFY(driver->mapped.empty());
    }

    void theAccessCounterSettingIsRead_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("expected"); // 99: not read
        QTest::newRow("default") << "-1\n" << -1;
        QTest::newRow("off") << "0\n" << 0;
        QTest::newRow("on") << "1" << 1;
        QTest::newRow("missing") << "" << 99;
        QTest::newRow("garbage") << "on\n" << 99;
        QTest::newRow("trailing") << "1x\n" << 99;
    }
    void theAccessCounterSettingIsRead()
    {
        QFETCH(QString, text);
        QFETCH(int, expected);
        FakeDriver driver;
        if (!text.isEmpty())
            driver.files["/sys/module/nvidia_uvm/parameters/uvm_perf_access_counter_migration_enable"]
                = text.toStdString();
        QCOMPARE(accessCounterMigrationSetting(driver), expected == 99 ? std::nullopt : std::optional<int>(expected));
    }

    // Asked before CUDA starts: the branch, and the tools device opens
    // (and is closed again).
    void theQueueIsExpectedOnlyWhereItCanOpen()
    {
        auto driver = std::make_shared<FakeDriver>();
        QVERIFY(UvmEventQueue::expected(driver).ok());
        QVERIFY(driver->openFds.empty());
        driver->files["/sys/module/nvidia_uvm/version"] = "535.288.01\n";
        QVERIFY(!UvmEventQueue::expected(driver).ok());
        driver->files.clear();
        QVERIFY(!UvmEventQueue::expected(driver).ok());
    }

    void branches()
    {
        for (int branch : {565, 570, 575, 580, 590, 595})
            QVERIFY2(uvmEventQueueKnowsBranch(branch), qPrintable(QString::number(branch)));
        for (int branch : {535, 550, 555, 560, 600})
            QVERIFY2(!uvmEventQueueKnowsBranch(branch), qPrintable(QString::number(branch)));
    }

    void theClockIsTheDriversRawMonotonicClock()
    {
        timespec ts{};
        clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
        const std::uint64_t before = std::uint64_t(ts.tv_sec) * 1000000000u + std::uint64_t(ts.tv_nsec);
        const std::uint64_t now = UvmEventQueue::now();
        clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
        const std::uint64_t after = std::uint64_t(ts.tv_sec) * 1000000000u + std::uint64_t(ts.tv_nsec);
        QVERIFY(before <= now && now <= after);
    }
};

QTEST_GUILESS_MAIN(TestUvmEventQueue)
#include "tst_uvmeventqueue.moc"
