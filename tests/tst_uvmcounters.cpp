// SPDX-License-Identifier: GPL-3.0-or-later
#include "uvm/uvmcounters.h"
#include "uvm/uvmdriverversion.h"

#include <QTemporaryFile>
#include <QTest>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <set>

using namespace sharescope;
using namespace sharescope::uvm;

namespace sharescope::uvm {
char *toString(const UvmCounterValues &values)
{
    return QTest::toString(QStringLiteral("{h2d %1, d2h %2, cpu faults %3, gpu faults %4}")
                               .arg(values.bytesHostToDevice)
                               .arg(values.bytesDeviceToHost)
                               .arg(values.cpuPageFaults)
                               .arg(values.gpuPageFaults));
}
} // namespace sharescope::uvm

namespace {

// NV_STATUS values (nvstatuscodes.h).
constexpr std::uint32_t nvErrIllegalAction = 0x16;
constexpr std::uint32_t nvErrInvalidAddress = 0x1E;
constexpr std::uint32_t nvErrInvalidArgument = 0x1F;

constexpr int toolsFd = 42;

// The driver as the tests need it. Parameters are decoded at the offsets of
// the driver's own headers, not through the unit's structs, so that a wrong
// layout in the unit fails here.
class FakeDriver : public UvmSystem
{
public:
    std::map<std::string, std::string> files{{"/sys/module/nvidia_uvm/version", "580.159.04\n"}};
    std::vector<OpenFile> fds{{0, "/dev/pts/0"}, {3, "/dev/nvidiactl"}, {5, "/dev/nvidia-uvm"}, {6, "/dev/nvidia0"}};
    int openError = 0; // -errno for the tools device
    int initErrno = 0; // the ioctl itself fails
    std::map<std::uint32_t, std::uint32_t> initStatusByUvmFd; // otherwise NV_OK
    int enableErrno = 0;
    std::uint32_t enableStatus = 0;
    bool mapFails = false;

    // What the unit did.
    std::vector<std::string> log;
    std::set<int> openFds;
    std::set<void *> mappedPages;
    std::vector<std::uint32_t> initUvmFds;
    std::uint32_t allProcessors = 0;
    std::uint64_t queueBufferSize = 1;
    std::uint64_t enabledFlags = 0;
    std::uint64_t *counterPage = nullptr;

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
        if (openError)
            return openError;
        openFds.insert(toolsFd);
        return toolsFd;
    }

    void close(int fd) override
    {
        log.push_back("close " + std::to_string(fd));
        if (openFds.erase(fd) == 1 && fd == toolsFd)
            counterPage = nullptr; // the driver forgets the tracker
    }

    int ioctl(int fd, unsigned long request, void *argument) override
    {
        log.push_back("ioctl " + std::to_string(request));
        if (!openFds.count(fd))
            return -EBADF;
        auto *bytes = static_cast<unsigned char *>(argument);
        if (request == 56)
            return initEventTracker(bytes);
        if (request == 60) {
            if (enableErrno)
                return enableErrno;
            enabledFlags = field<std::uint64_t>(bytes, 0);
            // Enabling needs a counter tracker (uvm_api_tools_enable_counters).
            const std::uint32_t status = counterPage ? enableStatus : nvErrInvalidArgument;
            std::memcpy(bytes + 8, &status, sizeof status);
            return 0;
        }
        return -ENOTTY;
    }

    Result<void *> mapPages(std::size_t bytes) override
    {
        if (mapFails)
            return failed("mmap of the counter page failed: Cannot allocate memory");
        void *page = std::aligned_alloc(pageSize(), bytes);
        std::memset(page, 0, bytes);
        mappedPages.insert(page);
        log.push_back("map");
        return page;
    }

    void unmapPages(void *page, std::size_t bytes) override
    {
        QCOMPARE(bytes, pageSize());
        if (mappedPages.erase(page) == 1)
            std::free(page);
        log.push_back("unmap");
    }

    std::size_t pageSize() override { return 4096; }

    // The driver's atomic64_add into a slot of the tracker's page.
    void add(int counterName, std::uint64_t amount) { counterPage[counterName] += amount; }

private:
    template<typename T>
    static T field(const unsigned char *bytes, std::size_t offset)
    {
        T value;
        std::memcpy(&value, bytes + offset, sizeof value);
        return value;
    }

    int initEventTracker(unsigned char *bytes)
    {
        if (initErrno)
            return initErrno;
        const auto uvmFd = field<std::uint32_t>(bytes, 44);
        initUvmFds.push_back(uvmFd);
        queueBufferSize = field<std::uint64_t>(bytes, 8);
        allProcessors = field<std::uint32_t>(bytes, 40);
        auto *page = reinterpret_cast<std::uint64_t *>(field<std::uint64_t>(bytes, 16));
        std::uint32_t status = 0;
        if (counterPage)
            status = nvErrInvalidArgument; // one tracker per tools file
        else if (initStatusByUvmFd.count(uvmFd))
            status = initStatusByUvmFd[uvmFd];
        else if (!mappedPages.count(page) || reinterpret_cast<std::uintptr_t>(page) % pageSize() != 0)
            status = nvErrInvalidAddress; // map_user_pages wants whole pages
        if (status == 0)
            counterPage = page;
        std::memcpy(bytes + 48, &status, sizeof status);
        return 0;
    }
};

QString messageOf(const Result<std::unique_ptr<UvmCounters>> &counters)
{
    return counters.ok() ? QString() : QString::fromStdString(counters.error().message);
}

} // namespace

class TestUvmCounters : public QObject
{
    Q_OBJECT

private slots:
    void countsAreReadAndDifferencedFromTheDriversSlots()
    {
        auto driver = std::make_shared<FakeDriver>();
        auto counters = UvmCounters::open(driver);
        QVERIFY2(counters.ok(), qPrintable(messageOf(counters)));
        QCOMPARE((*counters)->driverVersion(), std::string("580.159.04"));
        QCOMPARE(driver->initUvmFds, std::vector<std::uint32_t>{5});
        QCOMPARE(driver->queueBufferSize, std::uint64_t(0)); // a counter tracker, not a queue
        QCOMPARE(driver->allProcessors, std::uint32_t(1));
        QCOMPARE(driver->enabledFlags, std::uint64_t(0x207)); // host-to-device, device-to-host, CPU and GPU faults

        QCOMPARE((*counters)->read(), UvmCounterValues{});
        driver->add(0, 1000); // the page may hold counts from before the counters were opened
        const UvmCounterValues before = (*counters)->read();
        driver->add(0, 2 << 20);
        driver->add(1, 4096);
        driver->add(2, 3);
        driver->add(9, 17);
        driver->add(7, 99); // prefetched bytes: never counted on Linux, never read
        driver->add(8, 99);
        const UvmCounterValues after = (*counters)->read();
        QCOMPARE(after.bytesHostToDevice, std::uint64_t(1000 + (2 << 20)));
        QCOMPARE(after - before, (UvmCounterValues{2 << 20, 4096, 3, 17}));

        counters = unsupported("gone");
        QVERIFY(driver->openFds.empty());
        QVERIFY(driver->mappedPages.empty());
        // The driver writes into the page until the tracker's file closes.
        QCOMPARE(driver->log.back(), std::string("unmap"));
        QCOMPARE(driver->log[driver->log.size() - 2], std::string("close 42"));
    }

    void differenceSurvivesAWrap()
    {
        constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
        const UvmCounterValues before{max - 1, max, 0, 5};
        const UvmCounterValues after{2, 0, 0, 5};
        QCOMPARE(after - before, (UvmCounterValues{4, 1, 0, 0}));
    }

    void theMemoryMapDescriptorIsPassedOver()
    {
        auto driver = std::make_shared<FakeDriver>();
        driver->fds = {{4, "/dev/nvidia-uvm"}, {5, "/dev/nvidia-uvm-tools"}, {7, "/dev/nvidia-uvm"}};
        driver->initStatusByUvmFd[4] = nvErrIllegalAction; // not a VA space
        auto counters = UvmCounters::open(driver);
        QVERIFY2(counters.ok(), qPrintable(messageOf(counters)));
        QCOMPARE(driver->initUvmFds, (std::vector<std::uint32_t>{4, 7}));
        driver->add(1, 8192);
        QCOMPARE((*counters)->read().bytesDeviceToHost, std::uint64_t(8192));
    }

    void driverVersions_data()
    {
        QTest::addColumn<QString>("uvmVersion"); // null: no such file
        QTest::addColumn<QString>("nvidiaVersion");
        QTest::addColumn<QString>("expected"); // the version, or part of the reason
        QTest::addColumn<bool>("ok");
        const QString proc580 = "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.65.06  Release Build  "
                                "(dvs-builder@host)  Sun Jul 27 06:54:38 UTC 2025\nGCC version:  gcc version 12.3.0\n";
        QTest::addRow("uvm module 580") << "580.159.04\n" << QString() << "580.159.04" << true;
        QTest::addRow("uvm module 535, two numbers") << "535.98" << QString() << "535.98" << true;
        QTest::addRow("uvm module 595") << "595.45.04\n" << QString() << "595.45.04" << true;
        QTest::addRow("nvidia driver 580") << QString() << proc580 << "580.65.06" << true;
        QTest::addRow("uvm module wins") << "580.142\n" << proc580 << "580.142" << true;
        QTest::addRow("unknown branch")
            << "600.10.01\n"
            << QString()
            << "driver 600.10.01 not supported by this version of ShareScope (its UVM counters are read on driver "
               "branches 535, 565, 570, 575, 580, 590 and 595)"
            << false;
        QTest::addRow("560 lays the parameters out otherwise")
            << "560.35.03\n"
            << QString() << "driver 560.35.03 not supported" << false;
        QTest::addRow("garbled") << "nvidia\n"
                                 << proc580
                                 << "no driver version in /sys/module/nvidia_uvm/version, which says 'nvidia'" << false;
        QTest::addRow("empty") << "" << QString() << "no driver version in /sys/module/nvidia_uvm/version" << false;
        QTest::addRow("truncated to one number") << "58" << QString() << "which says '58'" << false;
        QTest::addRow("truncated after a dot") << "580." << QString() << "which says '580.'" << false;
        QTest::addRow("truncated before the version, compiler's version left alone")
            << QString()
            << "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64\nGCC version:  gcc version 12.3.0\n"
            << "no driver version in /proc/driver/nvidia/version" << false;
        QTest::addRow("no driver") << QString() << QString() << "the NVIDIA driver's version cannot be read" << false;
    }
    void driverVersions()
    {
        QFETCH(QString, uvmVersion);
        QFETCH(QString, nvidiaVersion);
        QFETCH(QString, expected);
        QFETCH(bool, ok);
        auto driver = std::make_shared<FakeDriver>();
        driver->files.clear();
        if (!uvmVersion.isNull())
            driver->files["/sys/module/nvidia_uvm/version"] = uvmVersion.toStdString();
        if (!nvidiaVersion.isNull())
            driver->files["/proc/driver/nvidia/version"] = nvidiaVersion.toStdString();

        // Present wherever either file is there, whatever it says (the
        // Python module's "no NVIDIA UVM driver").
        QCOMPARE(nvidiaDriverPresent(*driver), !uvmVersion.isNull() || !nvidiaVersion.isNull());
        auto counters = UvmCounters::open(driver);
        QCOMPARE(counters.ok(), ok);
        if (ok) {
            QCOMPARE(QString::fromStdString((*counters)->driverVersion()), expected);
            return;
        }
        QVERIFY2(messageOf(counters).contains(expected), qPrintable(messageOf(counters)));
        QCOMPARE(counters.error().kind, ErrorKind::Unsupported);
        // An unknown driver is not touched at all.
        QVERIFY(driver->log.empty());
    }

    void nothingButTheToolsDeviceIsOpened()
    {
        auto driver = std::make_shared<FakeDriver>();
        driver->fds = {{3, "/dev/nvidiactl"}, {5, "/dev/nvidia-uvm-tools"}, {6, "/dev/nvidia-uvm-lite"}};
        const auto counters = UvmCounters::open(driver);
        QVERIFY(!counters.ok());
        QCOMPARE(messageOf(counters),
                 "this process has no /dev/nvidia-uvm open yet: CUDA has not initialised unified memory (create a "
                 "context first)");
        QVERIFY(driver->log.empty());
    }

    void toolsDeviceRefused_data()
    {
        QTest::addColumn<int>("openError");
        QTest::addColumn<QString>("expected");
        QTest::addRow("missing") << -ENOENT << "there is no /dev/nvidia-uvm-tools";
        QTest::addRow("forbidden") << -EACCES << "cannot open /dev/nvidia-uvm-tools: Permission denied (errno 13)";
    }
    void toolsDeviceRefused()
    {
        QFETCH(int, openError);
        QFETCH(QString, expected);
        auto driver = std::make_shared<FakeDriver>();
        driver->openError = openError;
        const auto counters = UvmCounters::open(driver);
        QVERIFY(!counters.ok());
        QCOMPARE(messageOf(counters), expected);
        QCOMPARE(counters.error().kind, ErrorKind::Unsupported);
        QCOMPARE(driver->log, std::vector<std::string>{"open /dev/nvidia-uvm-tools"});
    }

    void refusalsCloseEverything_data()
    {
        QTest::addColumn<int>("initErrno");
        QTest::addColumn<int>("initStatus");
        QTest::addColumn<int>("enableErrno");
        QTest::addColumn<int>("enableStatus");
        QTest::addColumn<bool>("mapFails");
        QTest::addColumn<QString>("expected");
        QTest::addRow("init ioctl unknown")
            << -ENOTTY << 0 << 0 << 0 << false
            << "ioctl UVM_TOOLS_INIT_EVENT_TRACKER (56) failed: Inappropriate ioctl for device (errno 25)";
        QTest::addRow("init ioctl faults") << -EFAULT << 0 << 0 << 0 << false
                                           << "ioctl UVM_TOOLS_INIT_EVENT_TRACKER (56) failed: Bad address (errno 14)";
        QTest::addRow("init refused")
            << 0 << int(nvErrIllegalAction) << 0 << 0 << false
            << "UVM_TOOLS_INIT_EVENT_TRACKER (56) refused every /dev/nvidia-uvm of this process (fd 5: "
               "NV_ERR_ILLEGAL_ACTION 0x16)";
        QTest::addRow("init refused, unknown status")
            << 0 << 0x65 << 0 << 0 << false
            << "UVM_TOOLS_INIT_EVENT_TRACKER (56) refused every /dev/nvidia-uvm of this process (fd 5: NV status "
               "0x65)";
        QTest::addRow("enable ioctl fails")
            << 0 << 0 << -EINVAL << 0 << false
            << "ioctl UVM_TOOLS_ENABLE_COUNTERS (60) failed: Invalid argument (errno 22)";
        QTest::addRow("enable refused") << 0 << 0 << 0 << 0x51 << false
                                        << "UVM_TOOLS_ENABLE_COUNTERS (60) refused: NV_ERR_NO_MEMORY 0x51";
        QTest::addRow("no page") << 0 << 0 << 0 << 0 << true
                                 << "mmap of the counter page failed: Cannot allocate memory";
    }
    void refusalsCloseEverything()
    {
        QFETCH(int, initErrno);
        QFETCH(int, initStatus);
        QFETCH(int, enableErrno);
        QFETCH(int, enableStatus);
        QFETCH(bool, mapFails);
        QFETCH(QString, expected);
        auto driver = std::make_shared<FakeDriver>();
        driver->initErrno = initErrno;
        if (initStatus)
            driver->initStatusByUvmFd[5] = std::uint32_t(initStatus);
        driver->enableErrno = enableErrno;
        driver->enableStatus = std::uint32_t(enableStatus);
        driver->mapFails = mapFails;

        const auto counters = UvmCounters::open(driver);
        QVERIFY(!counters.ok());
        QCOMPARE(messageOf(counters), expected);
        QCOMPARE(counters.error().kind, ErrorKind::Failed);
        QVERIFY(driver->openFds.empty());
        QVERIFY(driver->mappedPages.empty());
        QCOMPARE(driver->log.back(), std::string(mapFails ? "close 42" : "unmap"));
    }

    void theLinuxCallsReportFailuresAsValues()
    {
        const std::shared_ptr<UvmSystem> system = linuxUvmSystem();
        QTemporaryFile file;
        QVERIFY(file.open());
        file.write("580.159.04\n");
        file.flush();
        const std::string path = file.fileName().toStdString();
        QCOMPARE(system->readFile(path), std::optional<std::string>("580.159.04\n"));
        QVERIFY(!system->readFile("/nonexistent/version"));
        QCOMPARE(system->open("/nonexistent/nvidia-uvm-tools"), -ENOENT);

        const int fd = system->open(path);
        QVERIFY(fd >= 0);
        const std::vector<UvmSystem::OpenFile> files = system->openFiles();
        QVERIFY(std::any_of(files.begin(), files.end(),
                            [&](const UvmSystem::OpenFile &open) { return open.fd == fd && open.target == path; }));
        std::uint64_t params[7] = {};
        QCOMPARE(system->ioctl(fd, 56, params), -ENOTTY); // a file is no driver: an errno, no crash
        system->close(fd);

        const std::size_t bytes = system->pageSize();
        Result<void *> page = system->mapPages(bytes);
        QVERIFY2(page.ok(), page.ok() ? "" : page.error().message.c_str());
        QCOMPARE(reinterpret_cast<std::uintptr_t>(*page) % bytes, std::uintptr_t(0));
        const auto *words = static_cast<const std::uint64_t *>(*page);
        QVERIFY(std::all_of(words, words + bytes / sizeof *words, [](std::uint64_t word) { return word == 0; }));
        static_cast<std::uint64_t *>(*page)[9] = 1;
        system->unmapPages(*page, bytes);
    }

    void findsTheVersionWord_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("version"); // null: none
        QTest::addRow("plain") << "580.159.04"
                               << "580.159.04";
        QTest::addRow("proprietary module") << "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug"
                                            << "535.104.05";
        QTest::addRow("letters in the word") << "580.159.04a" << QString();
        QTest::addRow("leading dot") << ".580.1" << QString();
        QTest::addRow("only on the second line") << "\n580.159.04" << QString();
    }
    void findsTheVersionWord()
    {
        QFETCH(QString, text);
        QFETCH(QString, version);
        const std::optional<std::string> found = findDriverVersion(text.toStdString());
        QCOMPARE(found.has_value(), !version.isNull());
        if (found)
            QCOMPARE(QString::fromStdString(*found), version);
    }
};

QTEST_APPLESS_MAIN(TestUvmCounters)
#include "tst_uvmcounters.moc"
