// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "uvm/uvmsystem.h"
#include "watch/routerecord.h"
#include "watch/watcher.h"
#include "watch/watchsystem.h"

#include <QTemporaryDir>

#include <filesystem>
#include <functional>
#include <map>
#include <set>

// The kernel and the UVM driver as the watch tests play them: a process tree
// written into a crafted /proc (read by the watch through SystemFiles, as
// the real one is), held calls, descriptors taken or refused, counters the
// test moves, and a clock that advances only when the watcher waits.
namespace fakewatch {

using namespace sharescope;
using namespace sharescope::watch;

constexpr std::uint64_t ms = 1'000'000;

class World;

// The driver: a counter page per tracker, each tied to the VA space (pid,
// fd) whose taken descriptor it was opened on.
class FakeDriver : public uvm::UvmSystem
{
public:
    explicit FakeDriver(World &world)
        : m_world(world)
    {
    }
    bool present = true; // the UVM module and its tools device exist
    std::set<int> openTools;
    int trackersMade = 0;
    struct Tracker
    {
        int pid = 0;
        int fd = 0;
        std::uint64_t *page = nullptr; // the counters, at the slots of UvmCounterName
    };
    std::map<int, Tracker> trackers; // by tools descriptor

    std::optional<std::string> readFile(const std::string &path) override;
    std::vector<OpenFile> openFiles() override { return {}; }
    int open(const std::string &path) override;
    void close(int fd) override;
    int ioctl(int fd, unsigned long request, void *argument) override;
    Result<void *> mapPages(std::size_t bytes) override;
    void unmapPages(void *pages, std::size_t bytes) override;
    std::size_t pageSize() override { return 4096; }

private:
    World &m_world;
    int m_next = 500;
};

struct FakeProcess
{
    int pid = 0;
    int parent = 0;
    std::string name;
    std::uint64_t startTicks = 0;
    bool exited = false;
    int status = 0;
    bool reaped = false;
    std::set<int> uvmFds; // descriptors open on /dev/nvidia-uvm
    std::set<int> initialised; // of them, those with a VA space
    uvm::UvmCounterValues counted; // what the driver counted for it
};

class World : public WatchSystem
{
public:
    World();

    // The test's script: what happens at each time (since the start).
    void at(std::uint64_t ns, std::function<void()> step) { m_script.emplace(ns, std::move(step)); }
    // Things a script does.
    int fork(int parent, const std::string &name, int pid = 0);
    void uvmCall(int pid, int fd, std::uint32_t request, int thread = 0); // held when the tree is held
    void migrate(int pid, std::uint64_t toDevice, std::uint64_t toHost, std::uint64_t cpuFaults,
                 std::uint64_t gpuFaults);
    void exit(int pid, int status);
    void route(const RouteRecord &record) { m_datagrams.push_back(record); }

    // Settings.
    int rootPid = 100;
    bool canHold = true;
    int holdError = EINVAL;
    int spawnError = 0; // the exec fails with this errno
    std::map<int, int> takeErrors; // pid -> errno of pidfd_getfd
    std::map<int, int> uids; // pid -> its user, where not the watcher's (1000)
    std::vector<std::pair<int, int>> sent; // the signals the watcher sent: (pid, signal)
    std::function<void(int pid, int signal)> onSignal;

    // What the watcher did.
    bool spawnedHeld = false;
    std::vector<std::string> spawnedArgv;
    std::vector<std::string> spawnedEnvironment;
    std::set<int> takenOpen; // taken descriptors still open
    int backstops = 0;
    bool backstopKilled = false;

    std::shared_ptr<sys::SystemFiles> files() const { return m_files; }
    // A file of the crafted system ("/proc/sys/kernel/yama/ptrace_scope").
    void writeSystemFile(const std::string &path, const std::string &text);
    std::shared_ptr<FakeDriver> driver() const { return m_driver; }
    WatchPlatform platform();
    std::uint64_t clock() const { return m_now; }
    FakeProcess &process(int pid) { return m_processes.at(pid); }
    // The VA space a taken descriptor stands for: (pid, fd).
    std::optional<std::pair<int, int>> takenSpace(int taken) const;

    // WatchSystem
    Result<Spawned> spawn(const std::vector<std::string> &argv, const std::vector<std::string> &environment,
                          bool hold) override;
    std::optional<HeldCall> nextHeld(int listener) override;
    void resume(int listener, std::uint64_t id) override;
    bool stillHeld(int listener, std::uint64_t id) override;
    int pidfdOpen(int pid) override;
    int takeDescriptor(int pidfd, int fd) override;
    void close(int fd) override;
    std::vector<Reaped> reap() override;
    int signal(int pid, int number) override;
    std::vector<int> wait(const std::vector<int> &fds, int timeoutMs) override;
    std::uint64_t now() override { return m_now; }
    std::uint64_t sinceBoot() override { return 1'000'000 * ms + m_now; }
    long ticksPerSecond() override { return 100; }
    int self() override { return 50; }
    std::uint64_t ownCpuNs() override { return m_now / 100; }
    void becomeSubreaper() override { }
    int startBackstop(int listener) override;
    Result<std::pair<int, std::string>> openRouteSocket() override { return std::pair{7000, std::string("/x/routes")}; }
    std::vector<std::string> receiveDatagrams(int fd) override;
    void removeRouteSocket(int, const std::string &) override { }

private:
    void writeProcess(const FakeProcess &p);
    void runDue();

    QTemporaryDir m_root;
    std::filesystem::path m_dir;
    std::shared_ptr<sys::SystemFiles> m_files;
    std::shared_ptr<FakeDriver> m_driver;
    std::map<int, FakeProcess> m_processes;
    std::multimap<std::uint64_t, std::function<void()>> m_script;
    std::uint64_t m_now = 0;
    int m_nextPid = 200;
    std::vector<HeldCall> m_held;
    std::uint64_t m_nextId = 1;
    std::map<int, std::pair<int, int>> m_taken; // taken fd -> (pid, fd)
    std::map<int, int> m_pidfds; // pidfd -> pid
    int m_nextFd = 1000;
    std::vector<RouteRecord> m_datagrams;
    int m_backstopPid = 0;

    friend class FakeDriver;
};

} // namespace fakewatch
