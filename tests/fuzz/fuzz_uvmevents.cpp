// SPDX-License-Identifier: GPL-3.0-or-later
// The UVM driver's event queue, whose pages the kernel shares with this
// process: entries and pointers it writes, and a processor table, all taken
// from the input. Whatever they hold, every entry decodes to a record of a
// kind the queue reports or to nothing, no index reaches outside the queue,
// and closing releases what open() took.
#include "fuzzcheck.h"

#include "uvm/uvmeventqueue.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <set>

using namespace sharescope;
using namespace sharescope::uvm;

namespace {

constexpr int toolsFd = 42;
constexpr int uvmFd = 5;

class InputDriver : public UvmSystem
{
public:
    explicit InputDriver(std::vector<std::uint8_t> table)
        : m_table(std::move(table))
    {
    }

    std::set<int> openFds;
    std::set<void *> mapped;
    unsigned char *queue = nullptr;
    unsigned char *control = nullptr;
    std::uint32_t entries = 0;

    std::optional<std::string> readFile(const std::string &) override { return "580.159.04\n"; }
    std::vector<OpenFile> openFiles() override { return {{uvmFd, "/dev/nvidia-uvm"}}; }
    int open(const std::string &path) override
    {
        FUZZ_CHECK(path == "/dev/nvidia-uvm-tools");
        openFds.insert(toolsFd);
        return toolsFd;
    }
    void close(int fd) override { FUZZ_CHECK(openFds.erase(fd) == 1); }
    int ioctl(int fd, unsigned long request, void *argument) override
    {
        auto *bytes = static_cast<unsigned char *>(argument);
        const std::uint32_t ok = 0;
        if (fd == toolsFd && request == 76) {
            std::uint64_t address = 0;
            std::memcpy(&address, bytes, sizeof address);
            queue = reinterpret_cast<unsigned char *>(address);
            std::memcpy(&address, bytes + 16, sizeof address);
            control = reinterpret_cast<unsigned char *>(address);
            std::uint64_t count = 0;
            std::memcpy(&count, bytes + 8, sizeof count);
            entries = static_cast<std::uint32_t>(count);
            FUZZ_CHECK(mapped.count(queue) == 1 && mapped.count(control) == 1);
            std::memcpy(bytes + 48, &ok, sizeof ok);
        } else if (fd == uvmFd && request == 77) {
            std::uint64_t address = 0;
            std::memcpy(&address, bytes, sizeof address);
            if (!m_table.empty())
                std::memcpy(reinterpret_cast<void *>(address), m_table.data(), m_table.size());
            std::memcpy(bytes + 8, &ok, sizeof ok);
        } else if (fd == toolsFd && request == 58) {
            std::memcpy(bytes + 8, &ok, sizeof ok);
        } else if (!(fd == uvmFd && request == 67)) {
            return -ENOTTY;
        }
        return 0;
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
        FUZZ_CHECK(mapped.erase(pages) == 1);
        std::free(pages);
    }
    std::size_t pageSize() override { return 4096; }

private:
    std::vector<std::uint8_t> m_table; // at most the driver's 257 processors
};

bool reported(CounterKind kind)
{
    return UvmEventQueue::reportedKinds()[static_cast<std::size_t>(kind)];
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    FuzzedDataProvider input(data, size);
    std::vector<std::uint8_t> table = input.ConsumeBytes<std::uint8_t>(input.ConsumeIntegralInRange(0, 257) * 16);
    const std::vector<ProcessorUuid> cuda{ProcessorUuid{1}, ProcessorUuid{2, 3}};
    const ProcessorNames names = ProcessorNames::fromTable(table, cuda);
    auto driver = std::make_shared<InputDriver>(table);
    {
        auto opened = UvmEventQueue::open(cuda, driver, 8);
        FUZZ_CHECK(opened.ok());
        UvmEventQueue &queue = **opened;
        std::size_t written = 0;
        while (input.remaining_bytes() > 0) {
            std::array<std::uint8_t, uvmEventEntryBytes> entry{};
            const std::vector<std::uint8_t> bytes = input.ConsumeBytes<std::uint8_t>(entry.size());
            std::copy(bytes.begin(), bytes.end(), entry.begin());
            // Decoded alone: a kind the queue reports, devices the table names.
            if (const auto event = decodeUvmEvent(entry, names)) {
                FUZZ_CHECK(reported(event->kind));
                FUZZ_CHECK(event->endNs >= event->startNs);
                for (int device : {event->sourceDevice, event->destinationDevice})
                    FUZZ_CHECK(device == -1 || device == ProcessorNames::noDevice || device == 0 || device == 1);
            }
            // And through the queue, at a place and with pointers the input
            // chooses, as a kernel that cannot be trusted might write them.
            auto *pointers = reinterpret_cast<std::uint32_t *>(driver->control);
            const std::uint32_t put = input.ConsumeIntegral<std::uint32_t>();
            std::memcpy(driver->queue + (put & (driver->entries - 1)) * uvmEventEntryBytes, entry.data(), entry.size());
            std::atomic_ref(pointers[input.ConsumeIntegralInRange(0, 3)]).store(input.ConsumeIntegral<std::uint32_t>());
            std::atomic_ref(pointers[3]).store(put);
            ++written;
            if (input.ConsumeBool())
                queue.flush();
        }
        for (const MigrationEvent &event : queue.take())
            FUZZ_CHECK(reported(event.kind));
        (void)written;
    }
    FUZZ_CHECK(driver->openFds.empty() && driver->mapped.empty());
    return 0;
}
