// SPDX-License-Identifier: GPL-3.0-or-later
#include "backend/backend.h"
#include "ceilings/ceilings.h"
#include "ceilings/pcielink.h"
#include "run/calibrationrun.h"
#include "run/devices.h"

#include <QTest>

#include <algorithm>
#include <cstdio>

using namespace sharescope;

// The CUDA calibration on cuda:0, held against the device's specification:
// a calibration above it would mean the calibration itself is wrong.
class TestCudaCalibration : public QObject
{
    Q_OBJECT

private:
    std::optional<DeviceInfo> m_device;

private slots:
    void initTestCase()
    {
        const DeviceList list = listDevices();
        const auto cuda = std::ranges::find(list.devices, BackendKind::Cuda, &DeviceInfo::backend);
        if (cuda == list.devices.end())
            QSKIP("no CUDA device");
        m_device = *cuda;
    }

    void readsTheSpecification()
    {
        QVERIFY(m_device->memoryClockKHz > 0);
        QVERIFY(m_device->memoryBusWidthBits > 0);
        QVERIFY(m_device->cacheBytes > 0);
        const Ceilings ceilings = ceilingsFor(*m_device, nullptr);
        const auto peak = ceilings.specificationOf(Path::DeviceMemory).bytesPerSecond;
        QVERIFY(peak && *peak > 1e11);
        std::printf("device memory: %.0f GB/s (%s)\n", *peak / 1e9,
                    ceilings.specificationOf(Path::DeviceMemory).source.english().c_str());
        const PathCeiling &link = ceilings.specificationOf(Path::HostToDevice);
        std::printf("link: %s %s\n", link.bytesPerSecond ? std::to_string(*link.bytesPerSecond / 1e9).c_str() : "-",
                    link.source.english().c_str());
    }

    void calibratesBelowTheSpecification()
    {
        auto backend = openBackend(*m_device);
        QVERIFY2(backend.ok(), backend.ok() ? "" : backend.error().message.c_str());
        const auto calibration = runCalibration(**backend, {}, nullptr, nullptr);
        QVERIFY2(calibration.ok(), calibration.ok() ? "" : calibration.error().message.c_str());
        const Ceilings ceilings = ceilingsFor(*m_device, &*calibration);
        for (const CalibrationResult &result : calibration->results) {
            std::printf("%-22s %-15s %9.1f GB/s  %s\n", calibrationStepName(result.step).data(),
                        pathName(result.path).data(), result.bytesPerSecond / 1e9, result.method.c_str());
            QVERIFY(result.bytesPerSecond > 0);
            const auto spec = ceilings.specificationOf(result.path).bytesPerSecond;
            if (spec)
                QVERIFY2(result.bytesPerSecond <= *spec * 1.05, calibrationStepName(result.step).data());
        }
        for (const CalibrationStep step : {CalibrationStep::HostToDeviceCopy, CalibrationStep::DeviceToHostCopy,
                                           CalibrationStep::DeviceCopy, CalibrationStep::DeviceRead})
            QVERIFY2(resultOf(*calibration, step), calibrationStepName(step).data());
        QCOMPARE(resultOf(*calibration, CalibrationStep::DeviceCopy)->pathBytes,
                 2 * resultOf(*calibration, CalibrationStep::DeviceCopy)->bytes);
        QCOMPARE(resultOf(*calibration, CalibrationStep::HostToDeviceCopy)->path, Path::HostToDevice);

        // The link between the GPUs: copied both ways where a peer can be
        // reached with peer access, else skipped with the reason.
        const bool reachable = std::ranges::any_of(m_device->peers, [](const PeerLink &link) {
            return link.canAccessPeer.value_or(false) && link.peerCanAccess.value_or(false);
        });
        for (const CalibrationStep step : {CalibrationStep::ToPeerCopy, CalibrationStep::FromPeerCopy}) {
            const auto skipped = std::ranges::find(calibration->skipped, step, &SkippedStep::step);
            if (reachable) {
                QVERIFY2(resultOf(*calibration, step), calibrationStepName(step).data());
                QCOMPARE(resultOf(*calibration, step)->path,
                         step == CalibrationStep::ToPeerCopy ? Path::DeviceToPeer : Path::PeerToDevice);
                QCOMPARE(resultOf(*calibration, step)->pathBytes, resultOf(*calibration, step)->bytes);
                QCOMPARE(ceilings.measuredOf(resultOf(*calibration, step)->path).bytesPerSecond,
                         std::optional<double>(resultOf(*calibration, step)->bytesPerSecond));
            } else {
                QVERIFY(!resultOf(*calibration, step));
                QVERIFY2(skipped != calibration->skipped.end(), calibrationStepName(step).data());
                std::printf("%-22s skipped: %s\n", calibrationStepName(step).data(), skipped->reason.c_str());
                QVERIFY(skipped->reason.find(m_device->peers.empty() ? "no other CUDA device" : "peer access")
                        != std::string::npos);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCudaCalibration)
#include "tst_cudacalibration.moc"
