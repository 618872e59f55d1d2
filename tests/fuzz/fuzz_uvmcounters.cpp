// SPDX-License-Identifier: GPL-3.0-or-later
// The UVM driver's counters behind a driver that answers from the input:
// versions, open files, refusals, statuses and counts. Whatever it says,
// open() releases what it took on every way out, and the counters read
// are the driver's.
#include "fuzzcheck.h"

#include "uvm/uvmcounters.h"
#include "uvm/uvmdriverversion.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>

using namespace sharescope;
using namespace sharescope::uvm;

namespace {

constexpr int toolsFd = 42;

class InputDriver : public UvmSystem
{
public:
    explicit InputDriver(FuzzedDataProvider &input)
        : m_input(input)
    {
    }
    ~InputDriver() override
    {
        for (void *page : mapped)
            std::free(page);
    }

    std::set<int> openFds;
    std::set<void *> mapped;
    std::vector<std::string> log;
    std::uint64_t *counterPage = nullptr;

    std::optional<std::string> readFile(const std::string &) override
    {
        switch (m_input.ConsumeIntegralInRange(0, 4)) {
        case 0:
            return std::nullopt;
        case 1:
            return m_input.ConsumeRandomLengthString(120);
        case 2:
            return "580.159.04\n";
        case 3:
            return "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
                + std::to_string(m_input.ConsumeIntegralInRange(500, 600)) + ".65.06  Release Build\n";
        default:
            return std::to_string(m_input.ConsumeIntegral<int>()) + "." + m_input.ConsumeRandomLengthString(8);
        }
    }

    std::vector<OpenFile> openFiles() override
    {
        static const char *const targets[] = {"/dev/nvidia-uvm", "/dev/nvidia-uvm-tools", "/dev/nvidiactl", ""};
        std::vector<OpenFile> files;
        const int count = m_input.ConsumeIntegralInRange(0, 5);
        for (int i = 0; i < count; ++i)
            files.push_back({m_input.ConsumeIntegralInRange(0, 64), targets[m_input.ConsumeIntegralInRange(0, 3)]});
        return files;
    }

    int open(const std::string &path) override
    {
        log.push_back("open");
        FUZZ_CHECK(path == "/dev/nvidia-uvm-tools");
        FUZZ_CHECK(openFds.empty()); // opened once
        static const int errors[] = {0, -ENOENT, -EACCES, -EBUSY};
        const int error = errors[m_input.ConsumeIntegralInRange(0, 3)];
        if (error)
            return error;
        openFds.insert(toolsFd);
        return toolsFd;
    }

    void close(int fd) override
    {
        log.push_back("close");
        FUZZ_CHECK(openFds.erase(fd) == 1); // only what it opened, once
        counterPage = nullptr;
    }

    int ioctl(int fd, unsigned long request, void *argument) override
    {
        FUZZ_CHECK(openFds.count(fd) == 1);
        FUZZ_CHECK(request == 56 || request == 60);
        if (m_input.ConsumeIntegralInRange(0, 7) == 0)
            return -ENOTTY;
        auto *bytes = static_cast<unsigned char *>(argument);
        const std::uint32_t status = m_input.ConsumeBool() ? 0 : m_input.ConsumeIntegral<std::uint32_t>();
        if (request == 56) {
            std::uint64_t page = 0;
            std::memcpy(&page, bytes + 16, sizeof page);
            // The driver pins the page it is given: one this process mapped.
            FUZZ_CHECK(mapped.count(reinterpret_cast<void *>(page)) == 1);
            if (status == 0)
                counterPage = reinterpret_cast<std::uint64_t *>(page);
            std::memcpy(bytes + 48, &status, sizeof status);
        } else {
            std::memcpy(bytes + 8, &status, sizeof status);
        }
        return 0;
    }

    Result<void *> mapPages(std::size_t bytes) override
    {
        log.push_back("map");
        FUZZ_CHECK(bytes == pageSize());
        if (m_input.ConsumeIntegralInRange(0, 7) == 0)
            return failed("mmap failed");
        void *page = std::aligned_alloc(pageSize(), bytes);
        std::memset(page, 0, bytes);
        mapped.insert(page);
        return page;
    }

    void unmapPages(void *page, std::size_t bytes) override
    {
        log.push_back("unmap");
        FUZZ_CHECK(bytes == pageSize());
        FUZZ_CHECK(mapped.erase(page) == 1);
        std::free(page);
    }

    std::size_t pageSize() override { return 4096; }

private:
    FuzzedDataProvider &m_input;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    FuzzedDataProvider input(data, size);
    auto driver = std::make_shared<InputDriver>(input);
    {
        auto counters = UvmCounters::open(driver);
        if (!counters) {
            // Refused: nothing left open or mapped, and it says why.
            FUZZ_CHECK(driver->openFds.empty() && driver->mapped.empty());
            FUZZ_CHECK(counters.error().kind != ErrorKind::BadArgument && !counters.error().message.empty());
            return 0;
        }
        FUZZ_CHECK(driver->openFds.size() == 1 && driver->mapped.size() == 1 && driver->counterPage);
        const std::string &version = (*counters)->driverVersion();
        FUZZ_CHECK(findDriverVersion(version) == version);
        FUZZ_CHECK(uvmCountersKnowBranch(std::atoi(version.c_str())));
        // The driver adds; the reader sees its slots 0, 1, 2 and 9 only.
        UvmCounterValues before = (*counters)->read();
        while (input.remaining_bytes() >= 9) {
            const int slot = input.ConsumeIntegralInRange(0, 9);
            const std::uint64_t amount = input.ConsumeIntegral<std::uint64_t>();
            driver->counterPage[slot] += amount;
            const UvmCounterValues after = (*counters)->read();
            UvmCounterValues expected{};
            expected.bytesHostToDevice = slot == 0 ? amount : 0;
            expected.bytesDeviceToHost = slot == 1 ? amount : 0;
            expected.cpuPageFaults = slot == 2 ? amount : 0;
            expected.gpuPageFaults = slot == 9 ? amount : 0;
            FUZZ_CHECK(after - before == expected); // across a wrap too
            before = after;
        }
    }
    // Closed before unmapped: the driver writes into the page until then.
    FUZZ_CHECK(driver->openFds.empty() && driver->mapped.empty());
    FUZZ_CHECK(driver->log.size() >= 2 && driver->log[driver->log.size() - 2] == "close"
               && driver->log.back() == "unmap");
    return 0;
}
