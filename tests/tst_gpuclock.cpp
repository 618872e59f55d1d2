// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/gpuclock.h"
#include "cuda/nvlink.h"

#include <QTest>

#include <cstring>
#include <string>
#include <vector>

using namespace sharescope;
using namespace sharescope::cuda;

namespace {

// A fake NVML: one GPU at one PCI address, its clock and its maximum set
// by the test, every call counted.
struct FakeNvml
{
    int initStatus = 0;
    int handleStatus = 0;
    unsigned smMHz = 1755;
    unsigned maxMHz = 1980;
    int clockStatus = 0;
    int maxStatus = 0;
    int inits = 0;
    int shutdowns = 0;
    std::string askedFor;
    // NVLink: the links the GPU has (NVML_ERROR_INVALID_ARGUMENT past them),
    // which are active, and the version NVML gives them; a status instead.
    unsigned links = 18;
    std::vector<bool> active = std::vector<bool>(18, true);
    unsigned version = 7;
    int linkStatus = 0;
};
FakeNvml *fake = nullptr;
char fakeDevice = 0;

NvmlFunctions fakeFunctions()
{
    NvmlFunctions f;
    f.init = [] {
        ++fake->inits;
        return fake->initStatus;
    };
    f.shutdown = [] {
        ++fake->shutdowns;
        return 0;
    };
    f.handleByPciBusId = [](const char *bus, void **device) {
        fake->askedFor = bus;
        if (fake->handleStatus != 0)
            return fake->handleStatus;
        *device = &fakeDevice;
        return 0;
    };
    f.clockInfo = [](void *device, int type, unsigned *mhz) {
        if (device != &fakeDevice || type != 1 || fake->clockStatus != 0)
            return fake->clockStatus != 0 ? fake->clockStatus : 2;
        *mhz = fake->smMHz;
        return 0;
    };
    f.maxClockInfo = [](void *device, int type, unsigned *mhz) {
        if (device != &fakeDevice || type != 1 || fake->maxStatus != 0)
            return fake->maxStatus != 0 ? fake->maxStatus : 2;
        *mhz = fake->maxMHz;
        return 0;
    };
    f.errorString = [](int status) -> const char * { return status == 3 ? "Not Supported" : "Unknown Error"; };
    f.nvLinkState = [](void *device, unsigned link, unsigned *isActive) {
        if (device != &fakeDevice)
            return 2;
        if (fake->linkStatus != 0)
            return fake->linkStatus;
        if (link >= fake->links)
            return 2; // NVML_ERROR_INVALID_ARGUMENT
        *isActive = fake->active[link] ? 1U : 0U;
        return 0;
    };
    f.nvLinkVersion = [](void *device, unsigned link, unsigned *version) {
        if (device != &fakeDevice || link >= fake->links)
            return 2;
        *version = fake->version;
        return 0;
    };
    return f;
}

} // namespace

class TestGpuClock : public QObject
{
    Q_OBJECT

private slots:
    void init() { fake = &m_nvml; }
    void cleanup()
    {
        fake = nullptr;
        m_nvml = {};
    }

    void readsTheSmClockAndItsMaximum()
    {
        {
            auto clock = GpuClock::open(fakeFunctions(), "0000:1A:00.0");
            QVERIFY2(clock.ok(), clock.ok() ? "" : clock.error().message.c_str());
            QCOMPARE(m_nvml.askedFor, std::string("0000:1A:00.0"));
            QCOMPARE((*clock)->maxSmMHz(), std::optional<std::uint32_t>(1980));
            QCOMPARE((*clock)->smMHz(), std::optional<std::uint32_t>(1755));
            m_nvml.smMHz = 1980;
            QCOMPARE((*clock)->smMHz(), std::optional<std::uint32_t>(1980));
            QCOMPARE(m_nvml.shutdowns, 0);
        }
        QCOMPARE(m_nvml.shutdowns, 1); // NVML counts its users: one init, one shutdown
        QCOMPARE(m_nvml.inits, 1);
    }

    void aClockNvmlDoesNotGiveIsEmptyNotZero()
    {
        m_nvml.maxStatus = 3;
        auto clock = GpuClock::open(fakeFunctions(), "0000:1A:00.0");
        QVERIFY(clock.ok());
        QVERIFY(!(*clock)->maxSmMHz());
        m_nvml.clockStatus = 3;
        QVERIFY(!(*clock)->smMHz());
        m_nvml.clockStatus = 0;
        m_nvml.smMHz = 0; // a reading of 0 MHz is no reading
        QVERIFY(!(*clock)->smMHz());
    }

    void saysWhyNvmlWouldNotStart()
    {
        m_nvml.initStatus = 9; // NVML_ERROR_DRIVER_NOT_LOADED
        const auto clock = GpuClock::open(fakeFunctions(), "0000:1A:00.0");
        QVERIFY(!clock.ok());
        QCOMPARE(clock.error().message, std::string("nvmlInit_v2 failed: Unknown Error (9)"));
        QCOMPARE(m_nvml.shutdowns, 0); // nothing to shut down
    }

    void saysWhichGpuNvmlDoesNotKnow()
    {
        m_nvml.handleStatus = 3;
        const auto clock = GpuClock::open(fakeFunctions(), "0000:99:00.0");
        QVERIFY(!clock.ok());
        QCOMPARE(clock.error().message,
                 std::string("nvmlDeviceGetHandleByPciBusId_v2 does not know the GPU at "
                             "0000:99:00.0: Not Supported (3)"));
        QCOMPARE(m_nvml.shutdowns, 1); // the init it made is undone
    }

    void refusesMissingCalls()
    {
        NvmlFunctions partial = fakeFunctions();
        partial.clockInfo = nullptr;
        QVERIFY(!GpuClock::open(partial, "0000:1A:00.0").ok());
        QCOMPARE(m_nvml.inits, 0);
    }

    void countsTheActiveNvlinkLinks()
    {
        m_nvml.active[3] = false; // a link down
        m_nvml.active[17] = false;
        const auto reading = readNvlink(fakeFunctions(), "0000:1A:00.0");
        QVERIFY2(reading.ok(), reading.ok() ? "" : reading.error().message.c_str());
        QCOMPARE(reading->activeLinks, 16U);
        QCOMPARE(reading->version, std::optional<std::uint32_t>(7));
        QCOMPARE(m_nvml.inits, 1);
        QCOMPARE(m_nvml.shutdowns, 1);
    }

    void aGpuWithoutNvlinkHasNoActiveLink()
    {
        m_nvml.linkStatus = 3; // NVML_ERROR_NOT_SUPPORTED from link 0
        const auto reading = readNvlink(fakeFunctions(), "0000:1A:00.0");
        QVERIFY(reading.ok());
        QCOMPARE(reading->activeLinks, 0U);
        QVERIFY(!reading->version);
    }

    void saysWhyNvlinkIsNotReported()
    {
        m_nvml.linkStatus = 999;
        auto reading = readNvlink(fakeFunctions(), "0000:1A:00.0");
        QVERIFY(!reading.ok());
        QCOMPARE(reading.error().message,
                 std::string("nvmlDeviceGetNvLinkState of link 0 failed: Unknown Error (999)"));
        QCOMPARE(m_nvml.shutdowns, 1);
        m_nvml.linkStatus = 0;
        m_nvml.handleStatus = 3;
        reading = readNvlink(fakeFunctions(), "0000:99:00.0");
        QVERIFY(!reading.ok());
        QVERIFY(reading.error().message.find("0000:99:00.0") != std::string::npos);
        NvmlFunctions old = fakeFunctions();
        old.nvLinkVersion = nullptr; // an NVML from before the call
        reading = readNvlink(old, "0000:1A:00.0");
        QVERIFY(!reading.ok());
        QVERIFY(reading.error().message.find("nvmlDeviceGetNvLinkVersion") != std::string::npos);
    }

    // Where this machine has no NVIDIA driver, loading says so, and never
    // crashes; where it has one, every call is there.
    void loadsTheLibraryOrSaysWhyNot()
    {
        const auto nvml = loadNvml();
        if (nvml.ok()) {
            QVERIFY(nvml->init && nvml->shutdown && nvml->handleByPciBusId && nvml->clockInfo && nvml->maxClockInfo);
        } else {
            QVERIFY2(nvml.error().message.find("libnvidia-ml.so.1") != std::string::npos, nvml.error().message.c_str());
        }
    }

private:
    FakeNvml m_nvml;
};

QTEST_GUILESS_MAIN(TestGpuClock)
#include "tst_gpuclock.moc"
