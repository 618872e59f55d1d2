// SPDX-License-Identifier: GPL-3.0-or-later
#include "backend/backend.h"
#include "ceilings/calibrationstore.h"
#include "ceilings/hostbandwidth.h"
#include "environment.h"
#include "run/calibrationrun.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace sharescope;

namespace {

// A device whose calibration steps report fixed figures, or fail as told.
class CalibratingBackend final : public Backend
{
public:
    CalibratingBackend()
    {
        m_device.id = "cuda:0";
        m_device.name = "A GPU";
        m_device.driverVersion = "13.0";
    }

    const DeviceInfo &device() const override { return m_device; }
    Result<std::unique_ptr<Session>> createSession(const ExperimentSpec &) override { return failed("no sessions"); }
    MessageTemplate countersNote(const ExperimentSpec &) const override { return {}; }
    std::vector<CalibrationStep> calibrationSteps() const override
    {
        return {CalibrationStep::HostToDeviceCopy, CalibrationStep::MappedRead, CalibrationStep::DeviceCopy};
    }
    Result<CalibrationResult> measureCeiling(CalibrationStep step, const CalibrationPlan &plan) override
    {
        measured.push_back(step);
        if (step == unsupportedStep)
            return unsupported("this device cannot map host memory");
        if (step == failingStep)
            return failed("cudaMemcpyAsync failed: cudaErrorLaunchFailure");
        CalibrationResult result;
        result.step = step;
        result.bytes = plan.bytes;
        placeOnPath(result, m_device, step == CalibrationStep::DeviceCopy ? Path::DeviceMemory : Path::HostToDevice,
                    step != CalibrationStep::MappedRead);
        result.bytesPerSecond = step == CalibrationStep::HostToDeviceCopy ? 55e9 : 46e9;
        return result;
    }

    std::optional<CalibrationStep> unsupportedStep;
    std::optional<CalibrationStep> failingStep;
    std::vector<CalibrationStep> measured;

private:
    DeviceInfo m_device;
};

struct Recorder : CalibrationObserver
{
    std::vector<std::pair<std::size_t, std::size_t>> started;
    int finished = 0;
    std::atomic<bool> *cancelAfterFirst = nullptr;

    void stepStarting(std::size_t index, std::size_t total, CalibrationStep) override
    {
        started.emplace_back(index, total);
    }
    void stepFinished(const CalibrationResult &) override
    {
        ++finished;
        if (cancelAfterFirst)
            cancelAfterFirst->store(true);
    }
};

CalibrationPlan smallPlan()
{
    return {1 << 20, 3};
}

Calibration sample(const std::string &deviceId, const std::string &driver)
{
    Calibration c;
    c.key = {deviceId, "A GPU", driver, toolVersion()};
    c.createdUtc = "2026-12-01T10:00:00Z";
    c.results = {{CalibrationStep::HostToDeviceCopy, Path::HostToDevice, 256 << 20, 256 << 20, 5, 55.1e9, 54e9, 55.3e9,
                  "cudaMemcpyAsync from page-locked memory"}};
    c.skipped = {{CalibrationStep::MappedRead, "cannot map host memory"}};
    return c;
}

} // namespace

class TestCalibration : public QObject
{
    Q_OBJECT

private slots:
    void runsTheBackendsStepsThenTheHosts()
    {
        CalibratingBackend backend;
        Recorder recorder;
        const auto calibration = runCalibration(backend, smallPlan(), &recorder, nullptr);
        QVERIFY2(calibration.ok(), calibration.ok() ? "" : calibration.error().message.c_str());
        QCOMPARE(calibration->results.size(), std::size_t(5));
        QCOMPARE(calibration->results[3].step, CalibrationStep::HostCopy);
        QCOMPARE(calibration->results[4].step, CalibrationStep::HostCopyOneThread);
        QCOMPARE(calibration->key, calibrationKey(backend.device()));
        QVERIFY(!calibration->createdUtc.empty());
        QCOMPARE(recorder.started.size(), std::size_t(5));
        QCOMPARE(recorder.started.back(), (std::pair<std::size_t, std::size_t>(4, 5)));
        QCOMPARE(recorder.finished, 5);
        QCOMPARE(bestOn(*calibration, Path::HostToDevice)->bytesPerSecond, 55e9);
    }

    void skipsWhatTheDeviceCannotAndFailsOnErrors()
    {
        CalibratingBackend backend;
        backend.unsupportedStep = CalibrationStep::MappedRead;
        auto calibration = runCalibration(backend, smallPlan(), nullptr, nullptr);
        QVERIFY(calibration.ok());
        QCOMPARE(calibration->skipped.size(), std::size_t(1));
        QCOMPARE(calibration->skipped[0].step, CalibrationStep::MappedRead);
        QVERIFY(!resultOf(*calibration, CalibrationStep::MappedRead));

        backend.failingStep = CalibrationStep::DeviceCopy;
        calibration = runCalibration(backend, smallPlan(), nullptr, nullptr);
        QVERIFY(!calibration.ok());
        QCOMPARE(calibration.error().kind, ErrorKind::Failed);
    }

    void stopsBetweenStepsWhenCancelled()
    {
        CalibratingBackend backend;
        std::atomic<bool> cancel{false};
        Recorder recorder;
        recorder.cancelAfterFirst = &cancel;
        const auto calibration = runCalibration(backend, smallPlan(), &recorder, &cancel);
        QVERIFY(!calibration.ok());
        QCOMPARE(calibration.error().kind, ErrorKind::Cancelled);
        QCOMPARE(backend.measured.size(), std::size_t(1)); // the step under way finished; no other began
    }

    void measuresHostCopies()
    {
        const auto one = measureHostCopy(8 << 20, 3, 1);
        QVERIFY(one.ok());
        QCOMPARE(one->pathBytes, std::uint64_t(16 << 20)); // read plus written
        QCOMPARE(one->repetitions, 3);
        QVERIFY(one->bytesPerSecond > 0);
        QVERIFY(one->minBytesPerSecond <= one->bytesPerSecond && one->bytesPerSecond <= one->maxBytesPerSecond);
        const auto all = measureHostCopy(8 << 20, 3, 0);
        QVERIFY(all.ok());
        QCOMPARE(all->step, CalibrationStep::HostCopy);
    }

    void choosesASizeThatFits()
    {
        QCOMPARE(calibrationBytes(256 << 20, 64ULL << 30), std::uint64_t(256 << 20));
        QCOMPARE(calibrationBytes(256 << 20, 600 << 20), std::uint64_t(128 << 20)); // a quarter, a power of two
        QCOMPARE(calibrationBytes(256 << 20, 1 << 20), std::uint64_t(16 << 20));
    }

    void cachesOnePerDeviceAndNoticesChanges()
    {
        QTemporaryDir dir;
        const std::filesystem::path file = (dir.path() + "/cache/calibration.json").toStdString();
        const Calibration first = sample("cuda:0", "13.0");
        QCOMPARE(loadCalibration(file, first.key).state, CachedCalibration::State::Missing);
        QVERIFY(storeCalibration(file, first).ok());
        QVERIFY(storeCalibration(file, sample("opencl:0", "6.0")).ok());

        const CachedCalibration found = loadCalibration(file, first.key);
        QCOMPARE(found.state, CachedCalibration::State::Found);
        QCOMPARE(found.calibration->results.size(), std::size_t(1));
        QCOMPARE(found.calibration->results[0].bytesPerSecond, 55.1e9);
        QCOMPARE(found.calibration->results[0].method, first.results[0].method);
        QCOMPARE(found.calibration->skipped[0].reason, std::string("cannot map host memory"));

        // Another driver: stale, and says what it was for.
        CalibrationKey updated = first.key;
        updated.driverVersion = "13.1";
        const CachedCalibration stale = loadCalibration(file, updated);
        QCOMPARE(stale.state, CachedCalibration::State::Stale);
        QCOMPARE(stale.staleKey->driverVersion, std::string("13.0"));
        CalibrationKey newer = first.key;
        newer.toolVersion = "99.0";
        QCOMPARE(loadCalibration(file, newer).state, CachedCalibration::State::Stale);

        // Recalibrating replaces that device's entry and keeps the other.
        QVERIFY(storeCalibration(file, sample("cuda:0", "13.1")).ok());
        QCOMPARE(loadCalibration(file, updated).state, CachedCalibration::State::Found);
        QCOMPARE(loadCalibration(file, first.key).state, CachedCalibration::State::Stale);
        QCOMPARE(loadCalibration(file, sample("opencl:0", "6.0").key).state, CachedCalibration::State::Found);
    }

    void replacesAnUnreadableCache()
    {
        QTemporaryDir dir;
        const std::filesystem::path file = (dir.path() + "/calibration.json").toStdString();
        for (const char *junk : {"not json", "{\"format\": \"sharescope-calibrations\", \"calibrations\": 3}",
                                 "{\"format\": \"sharescope-calibrations\", \"calibrations\": [{\"device\": 1}]}"}) {
            std::ofstream(file) << junk;
            const CachedCalibration cached = loadCalibration(file, sample("cuda:0", "13.0").key);
            QCOMPARE(cached.state, CachedCalibration::State::Unreadable);
            QVERIFY(!cached.problem.empty());
        }
        QVERIFY(storeCalibration(file, sample("cuda:0", "13.0")).ok());
        QCOMPARE(loadCalibration(file, sample("cuda:0", "13.0").key).state, CachedCalibration::State::Found);
    }

    void writesADocumentOfItsOwn()
    {
        const Calibration original = sample("cuda:0", "13.0");
        const std::string text = calibrationDocument(original);
        const auto back = readCalibrationDocument(text);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(back->key, original.key);
        QCOMPARE(calibrationDocument(*back), text);
        QVERIFY(!readCalibrationDocument("{\"format\": \"sharescope-report\"}").ok());
        const auto wrong = readCalibrationDocument(
            "{\"format\": \"sharescope-calibration\", \"device\": \"cuda:0\", \"deviceName\": \"x\", "
            "\"driverVersion\": \"1\", \"toolVersion\": \"1\", \"created\": \"\", \"results\": [{\"step\": 7}], "
            "\"skipped\": []}");
        QVERIFY(!wrong.ok());
        QVERIFY2(wrong.error().message.find("results[0].step") != std::string::npos, wrong.error().message.c_str());
        // A step or a path of a newer ShareScope is left out, the rest read.
        const auto newer = readCalibrationDocument(
            "{\"format\": \"sharescope-calibration\", \"device\": \"cuda:0\", \"deviceName\": \"x\", "
            "\"driverVersion\": \"1\", \"toolVersion\": \"1\", \"created\": \"\", \"results\": ["
            "{\"step\": \"warp-copy\", \"path\": \"device-memory\"},"
            "{\"step\": \"device-copy\", \"path\": \"warp-link\"},"
            "{\"step\": \"device-copy\", \"path\": \"device-memory\", \"bytes\": 1024, \"pathBytes\": 2048, "
            "\"repetitions\": 5, \"bytesPerSecond\": 4e12, \"minBytesPerSecond\": 3e12, \"maxBytesPerSecond\": 5e12, "
            "\"method\": \"m\"}], \"skipped\": [{\"step\": \"warp-copy\", \"reason\": \"r\"}]}");
        QVERIFY2(newer.ok(), newer.ok() ? "" : newer.error().message.c_str());
        QCOMPARE(newer->results.size(), std::size_t(1));
        QCOMPARE(newer->results[0].step, CalibrationStep::DeviceCopy);
        QCOMPARE(newer->results[0].bytesPerSecond, 4e12);
        QVERIFY(newer->skipped.empty());
    }
};

QTEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
