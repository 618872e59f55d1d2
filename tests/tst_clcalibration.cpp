// SPDX-License-Identifier: GPL-3.0-or-later
#include "backend/backend.h"
#include "ceilings/ceilings.h"
#include "run/calibrationrun.h"
#include "run/devices.h"

#include <QTest>

using namespace sharescope;

// The OpenCL calibration on the first CPU device (PoCL here).
class TestClCalibration : public QObject
{
    Q_OBJECT

private slots:
    void calibratesTheCpuDevice()
    {
        const DeviceList list = listDevices();
        const auto cpu = std::ranges::find_if(list.devices, [](const DeviceInfo &d) { return d.cpuDevice; });
        if (cpu == list.devices.end())
            QSKIP("no CPU OpenCL device (install pocl-opencl-icd)");
        auto backend = openBackend(*cpu);
        QVERIFY2(backend.ok(), backend.ok() ? "" : backend.error().message.c_str());
        const auto calibration = runCalibration(**backend, {16 << 20, 3}, nullptr, nullptr);
        QVERIFY2(calibration.ok(), calibration.ok() ? "" : calibration.error().message.c_str());
        QVERIFY(calibration->skipped.empty());
        for (const CalibrationStep step :
             {CalibrationStep::HostToDeviceCopy, CalibrationStep::DeviceToHostCopy, CalibrationStep::DeviceCopy,
              CalibrationStep::DeviceRead, CalibrationStep::HostCopy, CalibrationStep::HostCopyOneThread}) {
            const CalibrationResult *result = resultOf(*calibration, step);
            QVERIFY2(result, calibrationStepName(step).data());
            // A CPU device has no bus: every step loads host memory.
            QCOMPARE(result->path, Path::HostMemory);
            QVERIFY(result->bytesPerSecond > 1e8);
            QCOMPARE(result->repetitions, 3);
            QVERIFY(!result->method.empty());
        }
        // Copies within memory count what they read and wrote; a read what it read.
        QCOMPARE(resultOf(*calibration, CalibrationStep::HostToDeviceCopy)->pathBytes, std::uint64_t(32 << 20));
        QVERIFY(resultOf(*calibration, CalibrationStep::DeviceRead)->pathBytes <= std::uint64_t(16 << 20));
        const Ceilings ceilings = ceilingsFor(*cpu, &*calibration);
        QVERIFY(ceilings.measuredOf(Path::HostMemory).bytesPerSecond);
        QVERIFY(!ceilings.specificationOf(Path::HostToDevice).bytesPerSecond);
    }
};

QTEST_GUILESS_MAIN(TestClCalibration)
#include "tst_clcalibration.moc"
