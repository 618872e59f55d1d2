// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A machine for the machine check's tests: a crafted tree of /proc, /sys and
// /dev files and a fake probe (NVML, CUDA, the system calls and the
// measurements), healthy until a test breaks one thing.

#include "doctor/doctorrun.h"
#include "system/systemfiles.h"

#include <QTemporaryDir>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>

namespace doctortest {

using namespace sharescope;
using namespace sharescope::doctor;

// Answers from another SystemFiles, except the paths given, which are
// refused as a process without the right is refused (FileProblem::Denied:
// a file of mode 000 denies nothing to root, which CI runs as).
class DenyingFiles final : public sys::SystemFiles
{
public:
    DenyingFiles(std::shared_ptr<sys::SystemFiles> files, std::set<std::string> denied)
        : m_files(std::move(files))
        , m_denied(std::move(denied))
    {
    }
    sys::FileResult read(const std::string &path, std::size_t maxBytes) override
    {
        return m_denied.contains(path) ? denied() : m_files->read(path, maxBytes);
    }
    std::optional<std::vector<std::string>> list(const std::string &path) override
    {
        return m_denied.contains(path) ? std::nullopt : m_files->list(path);
    }
    sys::FileResult readLink(const std::string &path) override
    {
        return m_denied.contains(path) ? denied() : m_files->readLink(path);
    }
    std::optional<SpaceInfo> space(const std::string &path) override
    {
        return m_denied.contains(path) ? std::nullopt : m_files->space(path);
    }

private:
    static sys::FileResult denied()
    {
        sys::FileResult result;
        result.problem = sys::FileProblem::Denied;
        result.error = EACCES;
        return result;
    }
    std::shared_ptr<sys::SystemFiles> m_files;
    std::set<std::string> m_denied;
};

class FakeProbe final : public DoctorProbe
{
public:
    std::map<std::string, std::string> environmentValues;
    int threads = 16;
    DescriptorTrial trial{{}, 0, 0, 0, 0};
    GpuReadings gpu;
    Measurements measured;
    bool measureCalled = false;
    std::function<void()> duringLoad; // what the test does while the "copies" run

    std::optional<std::string> environment(const std::string &name) override
    {
        const auto found = environmentValues.find(name);
        if (found == environmentValues.end())
            return std::nullopt;
        return found->second;
    }
    int hardwareThreads() override { return threads; }
    DescriptorTrial passDescriptors() override { return trial; }
    GpuReadings readGpu(const DeviceInfo &) override { return gpu; }
    Measurements measure(const DeviceInfo &, const DoctorPlan &, const std::function<void()> &whileLoaded,
                         const std::function<void(DoctorStep)> &step, const std::atomic<bool> *) override
    {
        measureCalled = true;
        for (const DoctorStep s : {DoctorStep::Pinning, DoctorStep::Copies, DoctorStep::Load, DoctorStep::Peers,
                                   DoctorStep::Ipc, DoctorStep::Managed}) {
            step(s);
            if (s == DoctorStep::Load) {
                if (duringLoad)
                    duringLoad();
                whileLoaded();
            }
        }
        return measured;
    }
};

inline constexpr const char *gpuBus = "0000:1b:00.0";

// One machine: the tree, the probe, the options, the device.
struct Scenario
{
    QTemporaryDir root;
    FakeProbe probe;
    DoctorOptions options;
    DoctorDevice device;
    std::set<std::string> denied;

    std::filesystem::path at(const std::string &path) const
    {
        return std::filesystem::path(root.path().toStdString()) / path.substr(1);
    }
    void write(const std::string &path, const std::string &text) const
    {
        std::filesystem::create_directories(at(path).parent_path());
        std::ofstream(at(path), std::ios::binary) << text;
    }
    void remove(const std::string &path) const { std::filesystem::remove_all(at(path)); }
    void link(const std::string &path, const std::string &target) const
    {
        std::filesystem::create_directories(at(path).parent_path());
        std::filesystem::remove(at(path));
        std::filesystem::create_symlink(target, at(path));
    }
    void folder(const std::string &path) const { std::filesystem::create_directories(at(path)); }

    Scenario()
    {
        // The host: the reference VM's files (docs/doctor.md), two NUMA nodes.
        write("/dev/shm.space", "8589934592 8589934592");
        write("/proc/self/mountinfo",
              "25 1 259:1 / / rw,relatime - ext4 /dev/vda rw\n"
              "31 25 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=8388608k\n");
        write("/proc/self/limits",
              "Limit                     Soft Limit           Hard Limit           Units\n"
              "Max locked memory         8388608              8388608              bytes\n"
              "Max open files            65536                65536                files\n");
        folder("/proc/self/fd");
        write("/proc/self/fd/0", "");
        write("/proc/self/status",
              "Name:\tsharescope\nPPid:\t1\nUid:\t1000\t1000\t1000\t1000\n"
              "CapEff:\t0000000000000000\nNoNewPrivs:\t0\nSeccomp:\t0\n"
              "Cpus_allowed_list:\t0-31\n");
        write("/proc/sys/kernel/osrelease", "6.8.0-49-generic\n");
        link("/proc/self/ns/pid", "pid:[4026531836]");
        link("/proc/self/ns/ipc", "ipc:[4026531839]");
        write("/proc/1/cgroup", "0::/init.scope\n");
        write("/proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda1 quiet\n");
        write("/proc/sys/vm/max_map_count", "1048576\n");
        write("/proc/self/maps", "00400000-00452000 r-xp 00000000 08:02 173521 /usr/bin/sharescope\n");
        write("/proc/driver/nvidia/version",
              "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build  (builder@)\n"
              "GCC version:  gcc version 15.3.0 (GCC)\n");
        write("/sys/module/nvidia_uvm/parameters/uvm_disable_hmm", "N\n");
        write("/boot/config-6.8.0-49-generic", "CONFIG_HMM_MIRROR=y\nCONFIG_DEVICE_PRIVATE=y\nCONFIG_ZONE_DEVICE=y\n");
        write("/sys/devices/system/node/online", "0-1\n");
        folder("/sys/class/iommu");
        // The GPU: Gen5 x16 behind one root port, on node 0.
        const std::string gpu = std::string("/sys/bus/pci/devices/") + gpuBus;
        write("/sys/devices/pci0000:00/0000:00:01.0/" + std::string(gpuBus) + "/current_link_speed",
              "32.0 GT/s PCIe\n");
        link(gpu, "../../../devices/pci0000:00/0000:00:01.0/" + std::string(gpuBus));
        write(gpu + "/current_link_width", "16\n");
        write(gpu + "/max_link_speed", "32.0 GT/s PCIe\n");
        write(gpu + "/max_link_width", "16\n");
        write(gpu + "/numa_node", "0\n");
        write(gpu + "/local_cpulist", "0-15\n");

        DeviceInfo cuda;
        cuda.id = "cuda:0";
        cuda.backend = BackendKind::Cuda;
        cuda.name = "NVIDIA H200";
        cuda.pciBusId = "0000:1B:00.0";
        device.device = cuda;

        cuda::NvmlFacts &nvml = probe.gpu.nvml;
        nvml.driverVersion = cuda::Answer<std::string>::of("580.159.04");
        nvml.cudaDriverVersion = cuda::Answer<int>::of(13000);
        nvml.persistenceMode = cuda::Answer<unsigned>::of(1);
        nvml.computeMode = cuda::Answer<unsigned>::of(0);
        nvml.addressingMode = cuda::Answer<unsigned>::of(1);
        nvml.linkGeneration = nvml.maxLinkGeneration = nvml.gpuMaxLinkGeneration = cuda::Answer<unsigned>::of(5);
        nvml.linkWidth = nvml.maxLinkWidth = cuda::Answer<unsigned>::of(16);
        nvml.replayCounter = cuda::Answer<unsigned>::of(0);
        nvml.smMHz = cuda::Answer<unsigned>::of(345);
        nvml.maxSmMHz = cuda::Answer<unsigned>::of(1980);
        cuda::CudaFacts &facts = probe.gpu.cuda;
        facts.driverVersion = facts.runtimeVersion = cuda::Answer<int>::of(13000);
        facts.pageableMemoryAccess = cuda::Answer<int>::of(1);
        facts.usesHostPageTables = cuda::Answer<int>::of(0);
        facts.concurrentManagedAccess = facts.managedMemory = cuda::Answer<int>::of(1);
        facts.computeMode = cuda::Answer<int>::of(0);
        facts.hostRegisterSupported = cuda::Answer<int>::of(1);
        facts.hostNumaId = cuda::Answer<int>::of(0);
        facts.freeBytes = cuda::Answer<std::uint64_t>::of(140ULL << 30);
        facts.totalBytes = cuda::Answer<std::uint64_t>::of(141ULL << 30);

        Measurements &m = probe.measured;
        m.pinning.bytes = 64 << 20;
        m.pinning.hostAllocSeconds = cuda::Answer<double>::of(0.012);
        m.pinning.hostRegisterSeconds = cuda::Answer<double>::of(0.008);
        m.pinning.bufferNode = cuda::Answer<int>::of(0);
        PinningBalance balance;
        balance.pinnedSetupNs = 20'000'000;
        balance.pageableSetupNs = 15'000'000;
        balance.pinnedCopiesNs = 2'500'000;
        balance.pageableCopiesNs = 6'000'000;
        balance.breakEven = 1.5;
        m.balance = balance;
        m.copyBytes = 64 << 20;
        m.pinnedBytesPerSecond = cuda::Answer<double>::of(54e9);
        m.pageableBytesPerSecond = cuda::Answer<double>::of(22e9);
        m.loadMHz = cuda::Answer<unsigned>::of(1980);
        m.load.bytes = 20ULL << 30;
        m.load.seconds = 0.4;
        m.load.sample.linkGeneration = cuda::Answer<unsigned>::of(5);
        m.load.sample.linkWidth = cuda::Answer<unsigned>::of(16);
        m.load.sample.smMHz = cuda::Answer<unsigned>::of(1980);
        m.load.replaysBefore = m.load.replaysAfter = cuda::Answer<unsigned>::of(3);
        m.ipcOpenSeconds = cuda::Answer<double>::of(0.05);
        m.managedProblem = std::string();
    }

    // A second GPU beside the first, and what its copy did.
    void addPeer(std::uint64_t wrongBytes = 0, std::string problem = {})
    {
        PeerLink peer;
        peer.peerId = "cuda:1";
        peer.peerIndex = 1;
        peer.canAccessPeer = peer.peerCanAccess = true;
        device.device->peers.push_back(peer);
        cuda::PeerTrial trial;
        trial.peer = 1;
        trial.bytes = 64 << 20;
        trial.seconds = 0.002;
        trial.wrongBytes = wrongBytes;
        trial.problem = std::move(problem);
        trial.peerAccess = true;
        probe.measured.peers.push_back(trial);
    }

    Result<DoctorReport> run()
    {
        const std::shared_ptr<sys::SystemFiles> tree = sys::systemFilesUnder(root.path().toStdString());
        DenyingFiles files(tree, denied);
        return runDoctor(files, probe, options, device);
    }
};

inline const Check *find(const DoctorReport &report, CheckId id)
{
    for (const Check &check : report.checks) {
        if (check.id == id)
            return &check;
    }
    return nullptr;
}

} // namespace doctortest
