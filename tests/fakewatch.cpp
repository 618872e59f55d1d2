// SPDX-License-Identifier: GPL-3.0-or-later
#include "fakewatch.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>

namespace fakewatch {
namespace {

constexpr int listenerFd = 900;
constexpr int routeFd = 7000;
constexpr int selfPid = 50;

void writeFile(const std::filesystem::path &path, const std::string &text)
{
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

} // namespace

// The driver ------------------------------------------------------------

std::optional<std::string> FakeDriver::readFile(const std::string &path)
{
    if (present && path == "/sys/module/nvidia_uvm/version")
        return std::string("580.159.04\n");
    return std::nullopt;
}

int FakeDriver::open(const std::string &path)
{
    if (path != "/dev/nvidia-uvm-tools")
        return -EACCES;
    if (!present)
        return -ENOENT;
    const int fd = m_next++;
    openTools.insert(fd);
    return fd;
}

void FakeDriver::close(int fd)
{
    openTools.erase(fd);
    trackers.erase(fd);
}

int FakeDriver::ioctl(int fd, unsigned long request, void *argument)
{
    if (!openTools.count(fd))
        return -EBADF;
    auto *bytes = static_cast<unsigned char *>(argument);
    if (request == 56) {
        std::uint32_t uvmFd = 0;
        std::uint64_t control = 0;
        std::memcpy(&uvmFd, bytes + 44, 4);
        std::memcpy(&control, bytes + 16, 8);
        std::uint32_t status = 0;
        const auto space = m_world.takenSpace(static_cast<int>(uvmFd));
        if (!space)
            status = 0x1B; // NV_ERR_INSUFFICIENT_PERMISSIONS: not a descriptor of ours
        else if (!m_world.process(space->first).initialised.count(space->second))
            status = 0x16; // NV_ERR_ILLEGAL_ACTION: no VA space yet
        else {
            trackers[fd] = {space->first, space->second, reinterpret_cast<std::uint64_t *>(control)};
            ++trackersMade;
        }
        std::memcpy(bytes + 48, &status, 4);
        return 0;
    }
    if (request == 60) {
        const std::uint32_t status = trackers.count(fd) ? 0 : 0x1F;
        std::memcpy(bytes + 8, &status, 4);
        return 0;
    }
    return -ENOTTY;
}

Result<void *> FakeDriver::mapPages(std::size_t bytes)
{
    void *page = std::aligned_alloc(4096, bytes);
    std::memset(page, 0, bytes);
    return page;
}

void FakeDriver::unmapPages(void *pages, std::size_t)
{
    std::free(pages);
}

// The world --------------------------------------------------------------

World::World()
    : m_dir(m_root.path().toStdString())
    , m_files(sys::systemFilesUnder(m_dir))
    , m_driver(std::make_shared<FakeDriver>(*this))
{
    writeFile(m_dir / "proc/sys/kernel/osrelease", "6.8.0\n");
    writeFile(m_dir / "proc/self/status", "Uid:\t1000\t1000\t1000\t1000\nCapEff:\t0000000000000000\nSeccomp:\t0\n");
    FakeProcess self;
    self.pid = selfPid;
    self.name = "sharescope";
    self.startTicks = 10;
    m_processes[selfPid] = self;
    writeProcess(self);
}

void World::writeSystemFile(const std::string &path, const std::string &text)
{
    writeFile(m_dir / path.substr(1), text);
}

WatchPlatform World::platform()
{
    // The world outlives the watch: a non-owning pointer is enough.
    return {std::shared_ptr<WatchSystem>(this, [](WatchSystem *) {}), m_files, m_driver};
}

std::optional<std::pair<int, int>> World::takenSpace(int taken) const
{
    const auto found = m_taken.find(taken);
    if (found == m_taken.end())
        return std::nullopt;
    return found->second;
}

void World::writeProcess(const FakeProcess &p)
{
    const std::filesystem::path dir = m_dir / "proc" / std::to_string(p.pid);
    if (p.reaped) {
        std::filesystem::remove_all(dir);
    } else {
        writeFile(dir / "stat",
                  std::to_string(p.pid) + " (" + p.name + ") " + (p.exited ? "Z" : "S") + " " + std::to_string(p.parent)
                      + " 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 " + std::to_string(p.startTicks) + " 0 0\n");
        writeFile(dir / "cmdline", p.exited ? std::string() : p.name + std::string(1, '\0') + "--flag" + '\0');
        const std::string uid = std::to_string(uids.count(p.pid) ? uids.at(p.pid) : 1000);
        writeFile(dir / "status",
                  "Name:\t" + p.name + "\nTgid:\t" + std::to_string(p.pid) + "\nUid:\t" + uid + "\t" + uid + "\t" + uid
                      + "\t" + uid + "\n");
        std::filesystem::remove_all(dir / "fd");
        std::filesystem::create_directories(dir / "fd");
        if (!p.exited)
            for (int fd : p.uvmFds)
                std::filesystem::create_symlink("/dev/nvidia-uvm", dir / "fd" / std::to_string(fd));
    }
    // Its parent's list of children, and its own.
    for (const int pid : {p.parent, p.pid}) {
        const auto found = m_processes.find(pid);
        if (found == m_processes.end() || found->second.reaped)
            continue;
        std::string children;
        for (const auto &[child, process] : m_processes)
            if (process.parent == pid && !process.reaped && child != pid)
                children += std::to_string(child) + " ";
        writeFile(m_dir / "proc" / std::to_string(pid) / "task" / std::to_string(pid) / "children", children);
    }
}

int World::fork(int parent, const std::string &name, int pid)
{
    FakeProcess p;
    p.pid = pid ? pid : m_nextPid++;
    p.parent = parent;
    p.name = name;
    p.startTicks = 1000 + m_now / (10 * ms); // the clock's ticks: 100 a second
    if (const auto old = m_processes.find(p.pid); old != m_processes.end() && old->second.startTicks == p.startTicks)
        ++p.startTicks; // a PID used again is a later process
    m_processes[p.pid] = p;
    writeProcess(p);
    return p.pid;
}

void World::uvmCall(int pid, int fd, std::uint32_t request, int thread)
{
    // A call from another thread of the process: the kernel names the thread.
    if (thread)
        writeFile(m_dir / "proc" / std::to_string(thread) / "status",
                  "Name:\tpt_main_thread\nTgid:\t" + std::to_string(pid) + "\nPid:\t" + std::to_string(thread) + "\n");
    FakeProcess &p = m_processes.at(pid);
    if (!p.uvmFds.count(fd)) {
        p.uvmFds.insert(fd);
        writeProcess(p);
    }
    if (request == uvmInitializeRequest)
        p.initialised.insert(fd);
    if (spawnedHeld)
        m_held.push_back({m_nextId++, thread ? thread : pid, fd, request});
}

void World::migrate(int pid, std::uint64_t toDevice, std::uint64_t toHost, std::uint64_t cpuFaults,
                    std::uint64_t gpuFaults)
{
    FakeProcess &p = m_processes.at(pid);
    p.counted.bytesHostToDevice += toDevice;
    p.counted.bytesDeviceToHost += toHost;
    p.counted.cpuPageFaults += cpuFaults;
    p.counted.gpuPageFaults += gpuFaults;
    // Into every tracker of the process's VA space (slots 0, 1, 2, 9).
    for (auto &[fd, tracker] : m_driver->trackers) {
        if (tracker.pid != pid)
            continue;
        tracker.page[0] += toDevice;
        tracker.page[1] += toHost;
        tracker.page[2] += cpuFaults;
        tracker.page[9] += gpuFaults;
    }
}

void World::exit(int pid, int status)
{
    FakeProcess &p = m_processes.at(pid);
    p.exited = true;
    p.status = status;
    p.uvmFds.clear();
    // A parent other than the watcher reaps its own; orphans come to the watcher.
    if (p.parent != selfPid)
        p.reaped = true;
    for (auto &[child, process] : m_processes) {
        if (process.parent == pid && child != pid && !process.reaped) {
            process.parent = selfPid;
            writeProcess(process);
        }
    }
    writeProcess(p);
}

Result<Spawned> World::spawn(const std::vector<std::string> &argv, const std::vector<std::string> &environment,
                             bool hold)
{
    spawnedArgv = argv;
    spawnedEnvironment = environment;
    if (spawnError)
        return Spawned{-1, -1, 0, spawnError};
    fork(selfPid, argv.empty() ? std::string("?") : argv[0].substr(argv[0].rfind('/') + 1), rootPid);
    spawnedHeld = hold && canHold;
    Spawned spawned;
    spawned.pid = rootPid;
    spawned.listener = spawnedHeld ? listenerFd : -1;
    spawned.holdError = hold && !canHold ? holdError : 0;
    return spawned;
}

std::optional<HeldCall> World::nextHeld(int listener)
{
    if (listener != listenerFd || m_held.empty())
        return std::nullopt;
    HeldCall call = m_held.front();
    m_held.erase(m_held.begin());
    return call;
}

void World::resume(int, std::uint64_t) { }

bool World::stillHeld(int, std::uint64_t)
{
    return true;
}

int World::pidfdOpen(int pid)
{
    const auto found = m_processes.find(pid);
    if (found == m_processes.end() || found->second.reaped)
        return -ESRCH;
    const int fd = m_nextFd++;
    m_pidfds[fd] = pid;
    return fd;
}

int World::takeDescriptor(int pidfd, int fd)
{
    const auto owner = m_pidfds.find(pidfd);
    if (owner == m_pidfds.end())
        return -EBADF;
    const int pid = owner->second;
    if (const auto error = takeErrors.find(pid); error != takeErrors.end())
        return -error->second;
    const FakeProcess &p = m_processes.at(pid);
    if (p.exited)
        return -ESRCH;
    if (!p.uvmFds.count(fd))
        return -EBADF;
    const int taken = m_nextFd++;
    m_taken[taken] = {pid, fd};
    takenOpen.insert(taken);
    return taken;
}

void World::close(int fd)
{
    takenOpen.erase(fd);
    m_taken.erase(fd);
    m_pidfds.erase(fd);
}

std::vector<WatchSystem::Reaped> World::reap()
{
    std::vector<Reaped> reaped;
    for (auto &[pid, p] : m_processes) {
        if (p.exited && !p.reaped && p.parent == selfPid) {
            p.reaped = true;
            reaped.push_back({pid, p.status});
            writeProcess(p);
        }
    }
    return reaped;
}

int World::signal(int pid, int number)
{
    sent.emplace_back(pid, number);
    if (pid == m_backstopPid && number == SIGKILL)
        backstopKilled = true;
    if (onSignal)
        onSignal(pid, number);
    return 0;
}

int World::startBackstop(int)
{
    ++backstops;
    m_backstopPid = 60;
    return m_backstopPid;
}

std::vector<std::string> World::receiveDatagrams(int)
{
    std::vector<std::string> datagrams;
    for (const RouteRecord &record : m_datagrams)
        datagrams.emplace_back(reinterpret_cast<const char *>(&record), sizeof record);
    m_datagrams.clear();
    return datagrams;
}

void World::runDue()
{
    while (!m_script.empty() && m_script.begin()->first <= m_now) {
        auto step = std::move(m_script.begin()->second);
        m_script.erase(m_script.begin());
        step();
    }
}

std::vector<int> World::wait(const std::vector<int> &fds, int timeoutMs)
{
    const auto ready = [&] {
        std::vector<int> found;
        for (int fd : fds) {
            if (fd == listenerFd && !m_held.empty())
                found.push_back(fd);
            else if (fd == routeFd && !m_datagrams.empty())
                found.push_back(fd);
            else if (const auto pid = m_pidfds.find(fd); pid != m_pidfds.end() && m_processes.at(pid->second).exited)
                found.push_back(fd);
        }
        return found;
    };
    if (std::vector<int> now = ready(); !now.empty())
        return now;
    const std::uint64_t until = m_now + static_cast<std::uint64_t>(timeoutMs) * ms;
    const std::uint64_t next = m_script.empty() ? until : std::min(until, m_script.begin()->first);
    m_now = std::max(m_now + 1, next);
    runDue();
    return ready();
}

} // namespace fakewatch
