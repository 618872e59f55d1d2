// SPDX-License-Identifier: GPL-3.0-or-later
// The machine check (core/doctor): each check's verdict on a crafted tree and
// a fake probe (healthy, each problem, missing files, garbage, permission
// denied), the readers of the files, the JSON read back, and the
// descriptor trial on this machine.
#include "doctorscenario.h"

#include "doctor/doctorjson.h"
#include "doctor/machinefiles.h"

#include <QTest>

#include <sys/wait.h>

#include <regex>

using namespace doctortest;

using Setup = std::function<void(Scenario &)>;
Q_DECLARE_METATYPE(Setup)

namespace {

const std::string gpuDir = std::string("/sys/bus/pci/devices/") + gpuBus;

void addCase(const char *name, CheckId id, Verdict verdict, const char *words, Setup setup)
{
    QTest::addRow("%s", name) << static_cast<int>(id) << static_cast<int>(verdict) << QString::fromUtf8(words) << setup;
}

} // namespace

class TestDoctor : public QObject
{
    Q_OBJECT

private slots:
    void everyCheckHasItsRow()
    {
        std::set<std::string> names;
        std::set<std::string> anchors;
        for (const CheckId id : allCheckIds) {
            const CheckInfo &info = checkInfo(id);
            QCOMPARE(info.id, id);
            QVERIFY(names.insert(std::string(info.name)).second);
            QVERIFY(anchors.insert(std::string(info.anchor)).second);
            QCOMPARE(checkFromName(info.name), std::optional<CheckId>(id));
            QVERIFY(docsLink(id).starts_with("docs/doctor.md#"));
        }
        QVERIFY(!checkFromName("no-such-check"));
        for (const Verdict verdict : allVerdicts)
            QCOMPARE(verdictFromName(verdictName(verdict)), std::optional<Verdict>(verdict));
    }

    // The verdict each check reaches on a machine with one thing changed.
    void decidesEachVerdict_data()
    {
        QTest::addColumn<int>("check");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<QString>("words"); // in the finding, in English
        QTest::addColumn<Setup>("setup");
        const auto healthy = [](Scenario &) {};

        // Shared memory.
        addCase("shm healthy", CheckId::SharedMemory, Verdict::Ok, "the workers need", healthy);
        addCase("shm docker default", CheckId::SharedMemory, Verdict::Problem, "bus error", [](Scenario &s) {
            s.write("/dev/shm.space", "67108864 67108864");
            s.write("/.dockerenv", "");
        });
        addCase("shm full", CheckId::SharedMemory, Verdict::Warning, "something else holds",
                [](Scenario &s) { s.write("/dev/shm.space", "8589934592 1048576"); });
        addCase("shm small container", CheckId::SharedMemory, Verdict::Warning, "container", [](Scenario &s) {
            s.write("/dev/shm.space", "805306368 805306368");
            s.write("/proc/1/cgroup", "12:memory:/docker/0123abcd\n");
            s.options.workers = 1;
            s.options.batchBytes = 1 << 20;
        });
        addCase("shm plan too big", CheckId::SharedMemory, Verdict::Problem, "less than", [](Scenario &s) {
            s.options.workers = 64;
            s.options.batchBytes = 1ULL << 30;
        });
        addCase("shm not mounted", CheckId::SharedMemory, Verdict::Problem, "no /dev/shm", [](Scenario &s) {
            s.remove("/dev/shm.space");
            s.write("/proc/self/mountinfo", "25 1 259:1 / / rw,relatime - ext4 /dev/vda rw\n");
        });
        addCase("shm unreadable", CheckId::SharedMemory, Verdict::CouldNotCheck, "could not be read", [](Scenario &s) {
            s.denied = {"/dev/shm", "/proc/self/mountinfo"};
        });
        addCase("shm garbage mountinfo", CheckId::SharedMemory, Verdict::Ok, "the workers need",
                [](Scenario &s) { s.write("/proc/self/mountinfo", "garbage\n\x01\x02 - -\n"); });

        // Open files.
        addCase("nofile healthy", CheckId::OpenFiles, Verdict::Ok, "the workers need about", healthy);
        addCase("nofile too low", CheckId::OpenFiles, Verdict::Problem, "ancdata", [](Scenario &s) {
            s.write("/proc/self/limits", "Max open files            256                  524288               files\n");
        });
        addCase("nofile tight", CheckId::OpenFiles, Verdict::Warning, "tight", [](Scenario &s) {
            s.write("/proc/self/limits", "Max open files            1024                 524288               files\n");
        });
        addCase("nofile unlimited", CheckId::OpenFiles, Verdict::Ok, "unlimited", [](Scenario &s) {
            s.write("/proc/self/limits", "Max open files            unlimited            unlimited            files\n");
        });
        addCase("nofile missing", CheckId::OpenFiles, Verdict::CouldNotCheck, "could not be read",
                [](Scenario &s) { s.remove("/proc/self/limits"); });
        addCase("nofile garbage", CheckId::OpenFiles, Verdict::CouldNotCheck, "could not be read",
                [](Scenario &s) { s.write("/proc/self/limits", "Max open files lots many files\n"); });
        addCase("nofile denied", CheckId::OpenFiles, Verdict::CouldNotCheck, "could not be read",
                [](Scenario &s) { s.denied = {"/proc/self/limits"}; });

        // Descriptors between processes.
        addCase("pidfd healthy", CheckId::DescriptorPassing, Verdict::Ok, "works both ways", healthy);
        addCase("pidfd docker seccomp", CheckId::DescriptorPassing, Verdict::Problem, "seccomp", [](Scenario &s) {
            s.write("/proc/self/status", "Uid:\t0\t0\t0\t0\nCapEff:\t00000000a80425fb\nSeccomp:\t2\n");
            s.probe.trial = {{}, EPERM, EPERM, EPERM, 0};
        });
        addCase("pidfd yama 1", CheckId::DescriptorPassing, Verdict::Problem, "Yama's ptrace_scope is 1",
                [](Scenario &s) {
                    s.write("/proc/sys/kernel/yama/ptrace_scope", "1\n");
                    s.probe.trial = {{}, 0, 0, EPERM, 0};
                });
        addCase("pidfd old kernel", CheckId::DescriptorPassing, Verdict::Problem, "5.6", [](Scenario &s) {
            s.write("/proc/sys/kernel/osrelease", "5.4.0-150-generic\n");
            s.probe.trial = {{}, ENOSYS, ENOSYS, ENOSYS, 0};
        });
        addCase("pidfd no child", CheckId::DescriptorPassing, Verdict::CouldNotCheck, "fork", [](Scenario &s) {
            s.probe.trial = {"fork: Resource temporarily unavailable", {}, {}, {}, {}};
        });
        addCase("pidfd socket lost", CheckId::DescriptorPassing, Verdict::Problem, "did not arrive", [](Scenario &s) {
            s.probe.trial = {{}, 0, 0, 0, EMFILE};
        });

        // Legacy CUDA IPC.
        addCase("ipc healthy", CheckId::LegacyIpc, Verdict::Ok, "opens in another process", healthy);
        addCase("ipc container", CheckId::LegacyIpc, Verdict::Warning, "namespaces of its own",
                [](Scenario &s) { s.link("/proc/self/ns/pid", "pid:[4026532710]"); });
        addCase("ipc peer elsewhere", CheckId::LegacyIpc, Verdict::Problem, "not visible",
                [](Scenario &s) { s.options.peerPid = 4242; });
        addCase("ipc peer other namespace", CheckId::LegacyIpc, Verdict::Problem, "another pid namespace",
                [](Scenario &s) {
                    s.options.peerPid = 4242;
                    s.link("/proc/4242/ns/pid", "pid:[4026532710]");
                    s.link("/proc/4242/ns/ipc", "ipc:[4026531839]");
                });
        addCase("ipc peer same namespaces", CheckId::LegacyIpc, Verdict::Ok, "opens", [](Scenario &s) {
            s.options.peerPid = 4242;
            s.link("/proc/4242/ns/pid", "pid:[4026531836]");
            s.link("/proc/4242/ns/ipc", "ipc:[4026531839]");
        });
        addCase("ipc peer denied", CheckId::LegacyIpc, Verdict::CouldNotCheck, "permission denied", [](Scenario &s) {
            s.options.peerPid = 4242;
            s.denied = {"/proc/4242/ns/pid"};
        });
        addCase("ipc handle refused", CheckId::LegacyIpc, Verdict::Problem, "invalid device context", [](Scenario &s) {
            s.probe.measured.ipcOpenSeconds
                = cuda::Answer<double>::none("ipc-open: cudaIpcOpenMemHandle: invalid device context");
        });
        addCase("ipc quick", CheckId::LegacyIpc, Verdict::CouldNotCheck, "--quick",
                [](Scenario &s) { s.options.quick = true; });
        addCase("ipc no cuda", CheckId::LegacyIpc, Verdict::NotApplicable, "CUDA device",
                [](Scenario &s) { s.device.device.reset(); });

        // Page-locked memory.
        addCase("pinned healthy", CheckId::PinnedMemory, Verdict::Ok, "page-locking works", healthy);
        addCase("pinned alloc fails", CheckId::PinnedMemory, Verdict::Problem, "cudaHostAlloc", [](Scenario &s) {
            s.probe.measured.pinning.hostAllocSeconds
                = cuda::Answer<double>::none("cudaHostAlloc failed: cudaErrorMemoryAllocation (out of memory)");
        });
        addCase("pinned register fails", CheckId::PinnedMemory, Verdict::Problem, "cudaHostRegister", [](Scenario &s) {
            s.probe.measured.pinning.hostRegisterSeconds
                = cuda::Answer<double>::none("cudaHostRegister failed: out of memory");
        });
        addCase("pinned maps tight", CheckId::PinnedMemory, Verdict::Warning, "max_map_count",
                [](Scenario &s) { s.write("/proc/sys/vm/max_map_count", "1000\n"); });
        addCase("pinned maps tight quick", CheckId::PinnedMemory, Verdict::Warning, "max_map_count", [](Scenario &s) {
            s.write("/proc/sys/vm/max_map_count", "1000\n");
            s.options.quick = true;
        });
        addCase("pinned no faster", CheckId::PinnedMemory, Verdict::Warning, "hardly faster",
                [](Scenario &s) { s.probe.measured.pinnedBytesPerSecond = cuda::Answer<double>::of(23e9); });
        addCase("pinned never pays", CheckId::PinnedMemory, Verdict::Warning, "never pays",
                [](Scenario &s) { s.probe.measured.balance->breakEven.reset(); });
        addCase("pinned pays late", CheckId::PinnedMemory, Verdict::Warning, "as much as 40",
                [](Scenario &s) { s.probe.measured.balance->breakEven = 40; });
        addCase("pinned quick", CheckId::PinnedMemory, Verdict::CouldNotCheck, "--quick",
                [](Scenario &s) { s.options.quick = true; });

        // NUMA.
        addCase("numa healthy", CheckId::Numa, Verdict::Ok, "node 0", healthy);
        addCase("numa one node", CheckId::Numa, Verdict::NotApplicable, "one NUMA node",
                [](Scenario &s) { s.write("/sys/devices/system/node/online", "0\n"); });
        addCase("numa no locality", CheckId::Numa, Verdict::CouldNotCheck, "numa_node -1",
                [](Scenario &s) { s.write(gpuDir + "/numa_node", "-1\n"); });
        addCase("numa far cpus", CheckId::Numa, Verdict::Warning, "far from the GPU", [](Scenario &s) {
            s.write("/proc/self/status", "Name:\tsharescope\nSeccomp:\t0\nCpus_allowed_list:\t16-31\n");
        });
        addCase("numa far buffer", CheckId::Numa, Verdict::Warning, "landed on node 1",
                [](Scenario &s) { s.probe.measured.pinning.bufferNode = cuda::Answer<int>::of(1); });
        addCase("numa online garbage", CheckId::Numa, Verdict::CouldNotCheck, "could not be read",
                [](Scenario &s) { s.write("/sys/devices/system/node/online", "zero-one\n"); });

        // The PCIe link.
        addCase("pcie healthy", CheckId::PcieLink, Verdict::Ok, "Gen5 x16 under load", healthy);
        addCase("pcie trained down", CheckId::PcieLink, Verdict::Problem, "Gen5 x8 while copying",
                [](Scenario &s) { s.probe.duringLoad = [&s] { s.write(gpuDir + "/current_link_width", "8\n"); }; });
        addCase("pcie idle down, quick", CheckId::PcieLink, Verdict::CouldNotCheck, "idle link", [](Scenario &s) {
            s.write(gpuDir + "/current_link_speed", "2.5 GT/s PCIe\n");
            s.options.quick = true;
        });
        addCase("pcie idle down, fine under load", CheckId::PcieLink, Verdict::Ok, "under load", [](Scenario &s) {
            s.write(gpuDir + "/current_link_speed", "2.5 GT/s PCIe\n");
            s.probe.duringLoad = [&s] { s.write(gpuDir + "/current_link_speed", "32.0 GT/s PCIe\n"); };
        });
        addCase("pcie replays", CheckId::PcieLink, Verdict::Problem, "replayed 500",
                [](Scenario &s) { s.probe.measured.load.replaysAfter = cuda::Answer<unsigned>::of(503); });
        addCase("pcie a few replays", CheckId::PcieLink, Verdict::Warning, "corrected errors",
                [](Scenario &s) { s.probe.measured.load.replaysAfter = cuda::Answer<unsigned>::of(5); });
        addCase("pcie aer fatal", CheckId::PcieLink, Verdict::Problem, "uncorrectable", [](Scenario &s) {
            s.write(gpuDir + "/aer_dev_nonfatal", "CmpltTO 0\nTOTAL_ERR_NONFATAL 0\n");
            s.probe.duringLoad = [&s] { s.write(gpuDir + "/aer_dev_nonfatal", "CmpltTO 2\nTOTAL_ERR_NONFATAL 2\n"); };
        });
        addCase("pcie aer at the root port", CheckId::PcieLink, Verdict::Warning, "correctable", [](Scenario &s) {
            const std::string port = "/sys/bus/pci/devices/0000:00:01.0";
            s.link(port, "../../../devices/pci0000:00/0000:00:01.0");
            s.write(port + "/aer_dev_correctable", "RxErr 0\nTOTAL_ERR_COR 0\n");
            s.probe.duringLoad = [&s, port] { s.write(port + "/aer_dev_correctable", "RxErr 7\nTOTAL_ERR_COR 7\n"); };
        });
        addCase("pcie slow copies", CheckId::PcieLink, Verdict::Warning, "of the",
                [](Scenario &s) { s.probe.measured.load.bytes = 4ULL << 30; });
        addCase("pcie nothing readable", CheckId::PcieLink, Verdict::CouldNotCheck, "could not be read",
                [](Scenario &s) {
                    s.remove(gpuDir + "/max_link_speed");
                    s.probe.gpu.nvml.maxLinkGeneration = cuda::Answer<unsigned>::none("NOT_SUPPORTED (3)");
                });
        addCase("pcie sysfs denied, NVML says", CheckId::PcieLink, Verdict::Ok, "Gen5 x16", [](Scenario &s) {
            s.denied = {gpuDir + "/current_link_speed", gpuDir + "/max_link_speed"};
        });

        // Peer-to-peer.
        addCase("p2p one gpu", CheckId::PeerToPeer, Verdict::NotApplicable, "one CUDA device", healthy);
        addCase("p2p healthy", CheckId::PeerToPeer, Verdict::Ok, "arrive whole", [](Scenario &s) { s.addPeer(); });
        addCase("p2p corrupted", CheckId::PeerToPeer, Verdict::Problem, "4096 wrong bytes",
                [](Scenario &s) { s.addPeer(4096); });
        addCase("p2p copy fails", CheckId::PeerToPeer, Verdict::Problem, "failed",
                [](Scenario &s) { s.addPeer(0, "cudaMemcpyPeerAsync failed: cudaErrorLaunchTimeout"); });
        addCase("p2p iommu", CheckId::PeerToPeer, Verdict::Warning, "IOMMU", [](Scenario &s) {
            s.addPeer();
            s.folder("/sys/class/iommu/dmar0");
            s.link(gpuDir + "/iommu_group", "../../../kernel/iommu_groups/17");
            s.write("/sys/kernel/iommu_groups/17/type", "DMA-FQ\n");
        });
        addCase("p2p iommu passthrough", CheckId::PeerToPeer, Verdict::Ok, "arrive whole", [](Scenario &s) {
            s.addPeer();
            s.folder("/sys/class/iommu/dmar0");
            s.link(gpuDir + "/iommu_group", "../../../kernel/iommu_groups/17");
            s.write("/sys/kernel/iommu_groups/17/type", "identity\n");
        });

        // Addressing mode.
        addCase("hmm on", CheckId::AddressingMode, Verdict::Ok, "HMM", healthy);
        addCase("hmm off in a vm", CheckId::AddressingMode, Verdict::Warning, "CONFIG_DEVICE_PRIVATE", [](Scenario &s) {
            s.probe.gpu.nvml.addressingMode = cuda::Answer<unsigned>::of(0);
            s.write("/proc/sys/kernel/osrelease", "6.18.44-1-cloud\n");
            s.write("/boot/config-6.18.44-1-cloud",
                    "CONFIG_HMM_MIRROR=y\n# CONFIG_DEVICE_PRIVATE is not set\nCONFIG_ZONE_DEVICE=y\n");
        });
        addCase("hmm off, proprietary", CheckId::AddressingMode, Verdict::Warning, "proprietary", [](Scenario &s) {
            s.probe.gpu.nvml.addressingMode = cuda::Answer<unsigned>::of(0);
            s.write("/proc/driver/nvidia/version",
                    "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.216.03  Thu Apr  3 2025\n");
        });
        addCase("hmm off, disabled", CheckId::AddressingMode, Verdict::Warning, "uvm_disable_hmm", [](Scenario &s) {
            s.probe.gpu.nvml.addressingMode = cuda::Answer<unsigned>::none("no such call");
            s.probe.gpu.cuda.pageableMemoryAccess = cuda::Answer<int>::of(0);
            s.write("/sys/module/nvidia_uvm/parameters/uvm_disable_hmm", "Y\n");
        });
        addCase("ats from cuda", CheckId::AddressingMode, Verdict::Ok, "ATS", [](Scenario &s) {
            s.probe.gpu.nvml.addressingMode = cuda::Answer<unsigned>::none("no such call");
            s.probe.gpu.cuda.usesHostPageTables = cuda::Answer<int>::of(1);
        });
        addCase("mode unknown", CheckId::AddressingMode, Verdict::CouldNotCheck, "neither", [](Scenario &s) {
            s.probe.gpu.nvml.addressingMode = cuda::Answer<unsigned>::none("no such call");
            s.probe.gpu.cuda.pageableMemoryAccess = cuda::Answer<int>::none("cudaErrorInvalidValue");
        });

        // MPS and compute mode.
        addCase("mps none", CheckId::Mps, Verdict::Ok, "no MPS daemon", healthy);
        addCase("mps running", CheckId::Mps, Verdict::Ok, "process 777", [](Scenario &s) {
            s.write("/tmp/nvidia-mps/control", "");
            s.write("/tmp/nvidia-mps/nvidia-cuda-mps-control.pid", "777\n");
            s.write("/proc/777/comm", "nvidia-cuda-mps\n");
        });
        addCase("mps stale", CheckId::Mps, Verdict::Warning, "not running", [](Scenario &s) {
            s.write("/tmp/nvidia-mps/control", "");
            s.write("/tmp/nvidia-mps/nvidia-cuda-mps-control.pid", "777\n");
        });
        addCase("mps promised, absent", CheckId::Mps, Verdict::Problem, "no MPS daemon",
                [](Scenario &s) { s.probe.environmentValues["CUDA_MPS_PIPE_DIRECTORY"] = "/var/mps"; });
        addCase("exclusive without mps", CheckId::Mps, Verdict::Warning, "Exclusive_Process",
                [](Scenario &s) { s.probe.gpu.nvml.computeMode = cuda::Answer<unsigned>::of(3); });
        addCase("prohibited", CheckId::Mps, Verdict::Problem, "Prohibited",
                [](Scenario &s) { s.probe.gpu.nvml.computeMode = cuda::Answer<unsigned>::of(2); });

        // Managed memory.
        addCase("managed healthy", CheckId::ManagedMemory, Verdict::Ok, "oversubscribe", healthy);
        addCase("managed not concurrent", CheckId::ManagedMemory, Verdict::Warning, "no concurrent",
                [](Scenario &s) { s.probe.gpu.cuda.concurrentManagedAccess = cuda::Answer<int>::of(0); });
        addCase("managed missing", CheckId::ManagedMemory, Verdict::Problem, "no managed memory",
                [](Scenario &s) { s.probe.gpu.cuda.managedMemory = cuda::Answer<int>::of(0); });
        addCase("managed fails", CheckId::ManagedMemory, Verdict::Problem, "did not work",
                [](Scenario &s) { s.probe.measured.managedProblem = "cudaMallocManaged failed: out of memory"; });
        addCase("managed unknown", CheckId::ManagedMemory, Verdict::CouldNotCheck, "did not say",
                [](Scenario &s) { s.probe.gpu.cuda = {"cudaSetDevice failed: no device"}; });

        // Driver, runtime, clocks.
        addCase("driver healthy", CheckId::Driver, Verdict::Ok, "versions agree", healthy);
        addCase("driver mismatch", CheckId::Driver, Verdict::Problem, "mismatch",
                [](Scenario &s) { s.probe.gpu.nvml.driverVersion = cuda::Answer<std::string>::of("580.65.06"); });
        addCase("runtime newer", CheckId::Driver, Verdict::Problem, "InsufficientDriver",
                [](Scenario &s) { s.probe.gpu.cuda.driverVersion = cuda::Answer<int>::of(12040); });
        addCase("no persistence", CheckId::Driver, Verdict::Warning, "persistence",
                [](Scenario &s) { s.probe.gpu.nvml.persistenceMode = cuda::Answer<unsigned>::of(0); });
        addCase("slow clock", CheckId::Driver, Verdict::Warning, "1200 MHz",
                [](Scenario &s) { s.probe.measured.loadMHz = cuda::Answer<unsigned>::of(1200); });
        addCase("driver no nvml", CheckId::Driver, Verdict::Ok, "580.159.04",
                [](Scenario &s) { s.probe.gpu.nvml = {"libnvidia-ml.so.1 could not be loaded"}; });
    }
    void decidesEachVerdict()
    {
        QFETCH(int, check);
        QFETCH(int, verdict);
        QFETCH(QString, words);
        QFETCH(Setup, setup);
        Scenario scenario;
        setup(scenario);
        const auto report = scenario.run();
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->checks.size(), allCheckIds.size());
        const Check *found = find(*report, static_cast<CheckId>(check));
        QVERIFY(found);
        const std::string finding = found->finding.english();
        QVERIFY2(
            static_cast<int>(found->verdict) == verdict,
            qPrintable(QStringLiteral("%1: %2").arg(QString::fromStdString(std::string(verdictName(found->verdict))),
                                                    QString::fromStdString(finding))));
        QVERIFY2(finding.find(words.toStdString()) != std::string::npos, finding.c_str());
        // Every problem and warning says what to do; every check's evidence reads.
        if (found->verdict == Verdict::Problem || found->verdict == Verdict::Warning)
            QVERIFY2(!found->advice.empty(), finding.c_str());
        static const std::regex unfilled("%[0-9]");
        for (const Evidence &evidence : found->evidence) {
            QVERIFY(!evidence.source.empty());
            QVERIFY(!std::regex_search(evidence.text.english(), unfilled));
        }
        QCOMPARE(report->problemFound(), report->count(Verdict::Problem) > 0);
    }

    // The healthy machine: no check warns, and the measurements ran.
    void aHealthyMachineIsHealthy()
    {
        Scenario scenario;
        const auto report = scenario.run();
        QVERIFY(report);
        for (const Check &check : report->checks) {
            QVERIFY2(check.verdict == Verdict::Ok || check.verdict == Verdict::NotApplicable,
                     check.finding.english().c_str());
        }
        QVERIFY(scenario.probe.measureCalled);
        QCOMPARE(report->deviceId, std::string("cuda:0"));
        QCOMPARE(report->plan.workers, 8); // 16 CPUs, at most 8
    }

    void quickMeasuresNothing()
    {
        Scenario scenario;
        scenario.options.quick = true;
        const auto report = scenario.run();
        QVERIFY(report);
        QVERIFY(!scenario.probe.measureCalled);
        QVERIFY(report->quick);
    }

    void withoutCudaTheHostChecksStillRun()
    {
        Scenario scenario;
        scenario.device.device.reset();
        scenario.device.none = MessageTemplate("opencl:0 is not a CUDA device: the GPU's checks need one");
        const auto report = scenario.run();
        QVERIFY(report);
        QVERIFY(report->deviceId.empty());
        QVERIFY(!scenario.probe.measureCalled);
        QCOMPARE(find(*report, CheckId::SharedMemory)->verdict, Verdict::Ok);
        QCOMPARE(find(*report, CheckId::OpenFiles)->verdict, Verdict::Ok);
        QCOMPARE(find(*report, CheckId::Driver)->verdict, Verdict::NotApplicable);
        QCOMPARE(report->deviceNote, scenario.device.none);
    }

    void refusesBadOptions_data()
    {
        QTest::addColumn<int>("workers");
        QTest::addColumn<qulonglong>("batch");
        QTest::addColumn<int>("pid");
        QTest::addRow("no workers") << 0 << 1ULL << 1;
        QTest::addRow("too many workers") << 1025 << 1ULL << 1;
        QTest::addRow("empty batch") << 1 << 0ULL << 1;
        QTest::addRow("huge batch") << 1 << (2ULL << 40) << 1;
        QTest::addRow("bad pid") << 1 << 1ULL << 0;
    }
    void refusesBadOptions()
    {
        QFETCH(int, workers);
        QFETCH(qulonglong, batch);
        QFETCH(int, pid);
        Scenario scenario;
        scenario.options.workers = workers;
        scenario.options.batchBytes = batch;
        scenario.options.peerPid = pid;
        const auto report = scenario.run();
        QVERIFY(!report);
        QCOMPARE(report.error().kind, ErrorKind::BadArgument);
        QVERIFY(!report.error().message.empty());
    }

    void cancelStopsBetweenSteps()
    {
        Scenario scenario;
        const std::atomic<bool> cancel{true};
        const std::shared_ptr<sys::SystemFiles> files = sys::systemFilesUnder(scenario.root.path().toStdString());
        const auto report = runDoctor(*files, scenario.probe, scenario.options, scenario.device, nullptr, &cancel);
        QVERIFY(!report);
        QCOMPARE(report.error().kind, ErrorKind::Cancelled);
    }

    // What goes out as JSON comes back the same; what is not ours is refused.
    void readsItsJsonBack()
    {
        Scenario scenario;
        scenario.addPeer(12);
        scenario.write("/proc/self/limits",
                       "Max open files            256                  524288               files\n");
        auto report = scenario.run();
        QVERIFY(report);
        report->commandLine = "sharescope doctor --json d.json";
        const std::string text = doctorToJson(*report);
        QVERIFY(text.find("\"kind\": \"doctor\"") != std::string::npos);
        QVERIFY(text.find("docs/doctor.md#open-file-limit") != std::string::npos);
        const auto back = doctorFromJson(text);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QVERIFY(*back == *report);
        QVERIFY(back->problemFound());
    }

    void refusesOtherFiles_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addRow("not json") << "{";
        QTest::addRow("a run report") << R"({"kind": "run", "version": 1})";
        QTest::addRow("newer") << R"({"kind": "doctor", "version": 2})";
        QTest::addRow("no checks") << R"({"kind": "doctor", "version": 1, "tool": "x"})";
        QTest::addRow("unknown check")
            << R"({"kind":"doctor","version":1,"tool":"","createdUtc":"","commandLine":"","device":null,
                  "deviceName":"","deviceNote":{"text":"","args":[]},"quick":false,"seconds":1,
                  "plan":{"workers":1,"prefetch":2,"batchBytes":1,"workersGiven":false,"batchGiven":false},
                  "checks":[{"id":"crystal-ball","verdict":"ok"}]})";
    }
    void refusesOtherFiles()
    {
        QFETCH(QString, text);
        const auto read = doctorFromJson(text.toStdString());
        QVERIFY(!read);
        QVERIFY(!read.error().message.empty());
    }

    // The readers of the files, on the real formats and on garbage.
    void readsMountinfo()
    {
        const auto mounts
            = parseMountinfo("612 580 0:52 / / rw,relatime master:1 - overlay overlay rw,lowerdir=/a\n"
                             "31 25 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=134217728k\n"
                             "620 612 0:57 / /dev/shm rw,nosuid,nodev,noexec,relatime - tmpfs shm rw,size=65536k\n"
                             "621 612 0:58 / /mnt/a\\040b rw - tmpfs none rw\n"
                             "garbage line\n");
        QCOMPARE(mounts.size(), std::size_t(4));
        QCOMPARE(mountAt(mounts, "/")->fsType, std::string("overlay"));
        QCOMPARE(mountAt(mounts, "/dev/shm")->source, std::string("shm")); // the last one mounted
        QCOMPARE(tmpfsSize(mountAt(mounts, "/dev/shm")->options), std::optional<std::uint64_t>(64ULL << 20));
        QCOMPARE(mountAt(mounts, "/mnt/a b")->fsType, std::string("tmpfs"));
        QVERIFY(!mountAt(mounts, "/proc"));
        QVERIFY(!tmpfsSize("rw,size=lots"));
        QVERIFY(!tmpfsSize("rw,size=99999999999999999999k"));
    }

    void readsLimits()
    {
        const auto limits = parseLimits("Max locked memory         unlimited            unlimited            bytes\n"
                                        "Max open files            1024                 524288               files\n");
        QCOMPARE(limits.openFiles, std::optional<Limit>(Limit{1024, 524288}));
        QCOMPARE(limits.lockedMemory, std::optional<Limit>(Limit{unlimited, unlimited}));
        QVERIFY(!parseLimits("Max open files 12\n").openFiles);
        QVERIFY(!parseLimits("").openFiles);
    }

    void readsCpuLists_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("count"); // -1: refused
        QTest::addRow("range") << "0-15\n" << 16;
        QTest::addRow("two sockets") << "0-31,64-95" << 64;
        QTest::addRow("one") << "3" << 1;
        QTest::addRow("empty node") << "\n" << 0;
        QTest::addRow("backwards") << "5-3" << -1;
        QTest::addRow("words") << "zero" << -1;
        QTest::addRow("too large") << "0-99999999" << -1;
        QTest::addRow("negative") << "-1" << -1;
    }
    void readsCpuLists()
    {
        QFETCH(QString, text);
        QFETCH(int, count);
        const auto cpus = parseCpuList(text.toStdString());
        QCOMPARE(cpus.has_value(), count >= 0);
        if (cpus)
            QCOMPARE(static_cast<int>(cpus->size()), count);
    }

    void readsDriverFiles()
    {
        const auto open = parseNvidiaVersion(
            "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build  (builder@)\n");
        QVERIFY(open && open->open);
        QCOMPARE(open->version, std::string("580.159.04"));
        const auto closed = parseNvidiaVersion("NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.216.03  Thu\n");
        QVERIFY(closed && !closed->open);
        QCOMPARE(closed->version, std::string("535.216.03"));
        QVERIFY(!parseNvidiaVersion("NVRM version: nothing here\n"));
        QVERIFY(!parseNvidiaVersion("garbage"));
        const auto config = parseKernelConfig("CONFIG_HMM_MIRROR=y\n# CONFIG_DEVICE_PRIVATE is not set\n"
                                              "# a comment\nCONFIG_X=\"a b\"\n=y\n");
        QCOMPARE(config.at("CONFIG_HMM_MIRROR"), std::string("y"));
        QCOMPARE(config.at("CONFIG_DEVICE_PRIVATE"), std::string("n"));
        QCOMPARE(config.size(), std::size_t(3));
        const auto aer = parseAer("RxErr 7\nBadTLP 0\nTOTAL_ERR_COR 7\n");
        QVERIFY(aer);
        QCOMPARE(aer->total, std::optional<std::uint64_t>(7));
        QCOMPARE(parseAer("RxErr 2\nBadTLP 3\n")->total, std::optional<std::uint64_t>(5));
        QVERIFY(!parseAer("nothing to count\n"));
        QCOMPARE(parseNamespaceLink("pid:[4026531836]\n", "pid"), std::optional<std::uint64_t>(initialPidNamespace));
        QVERIFY(!parseNamespaceLink("ipc:[4026531839]", "pid"));
        QVERIFY(!parseNamespaceLink("pid:[]", "pid"));
        QCOMPARE(containerHints("12:memory:/docker/abc\n0::/kubepods/pod1\n"),
                 (std::vector<std::string>{"docker", "kubernetes"}));
        QVERIFY(containerHints("0::/init.scope\n").empty());
        QCOMPARE(iommuWords("BOOT_IMAGE=/v intel_iommu=on iommu=pt quiet\n"),
                 (std::vector<std::string>{"intel_iommu=on", "iommu=pt"}));
        QCOMPARE(parseInteger(" -1\n"), std::optional<std::int64_t>(-1));
        QVERIFY(!parseInteger("1.5"));
        QCOMPARE(parseModuleBool("N\n"), std::optional<bool>(false));
        QVERIFY(!parseModuleBool("maybe"));
        QCOMPARE(countLines("a\nb\nc"), std::size_t(3));
    }

    void unpacksConfigGz()
    {
        // printf 'CONFIG_HMM_MIRROR=y\n# CONFIG_DEVICE_PRIVATE is not set\n' | gzip -9n
        const QByteArray packed = QByteArray::fromHex(
            "1f8b080000000000020373f6f773f3748ff7f0f58df7f50c0af20fb2ade45256708688bab886793abbc6070479863986b82a64"
            "162be4e5972814a796700100086ac96a37000000");
        const auto text = gunzip(std::string_view(packed.constData(), static_cast<std::size_t>(packed.size())));
        if (!text)
            QSKIP("built without zlib, or the sample is not gzip");
        QCOMPARE(parseKernelConfig(*text).at("CONFIG_DEVICE_PRIVATE"), std::string("n"));
        QVERIFY(!gunzip("not gzip at all, not even close"));
        QVERIFY(!gunzip(std::string_view(packed.constData(), 20))); // cut short
    }

    // The trial with a real child on this machine: it ends, leaves no child
    // behind, and each step either took the descriptor or says why not.
    void triesDescriptorsHere()
    {
        const DescriptorTrial trial = tryDescriptorPassing();
        QVERIFY2(trial.problem.empty(), trial.problem.c_str());
        QVERIFY(trial.selfError && trial.socketError);
        QCOMPARE(*trial.socketError, 0); // SCM_RIGHTS works everywhere
        QVERIFY(trial.fromChildError && trial.fromParentError);
        int status = 0;
        QCOMPARE(waitpid(-1, &status, WNOHANG), -1); // no child left
    }
};

QTEST_GUILESS_MAIN(TestDoctor)
#include "tst_doctor.moc"
