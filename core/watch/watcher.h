// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"
#include "system/systemfiles.h"
#include "uvm/uvmsystem.h"
#include "watch/watchreport.h"
#include "watch/watchsystem.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sharescope::watch {

struct WatchOptions
{
    std::vector<std::string> command; // as given; empty with pid
    std::string program; // command[0] as findProgram found it
    std::vector<std::string> environment; // the command's: this process's, with the injection's variables
    std::optional<int> pid; // --pid: a running process instead
    bool waitForGpu = false; // --wait: until the process opens the UVM driver
    std::uint64_t intervalNs = 100'000'000;
    bool records = false; // the driver's event queue too, per process
    // The memory calls: the injection library, where it and CUPTI were
    // found (the environment then names them), else why not.
    bool api = false;
    MessageTemplate apiNote;
    std::string cupti; // the CUPTI it loads, as found
    std::string commandLine; // the sharescope line, for the report
    // After a stop request is passed on: how long the command has to end
    // before SIGTERM, then as long again before SIGKILL.
    std::uint64_t stopGraceNs = 5'000'000'000;
};

// What the watch sees at one moment, for a live line or a plot.
struct WatchProgress
{
    std::uint64_t atNs = 0;
    struct Line
    {
        int pid = 0;
        std::string name;
        Attach attach = Attach::None;
        std::optional<uvm::UvmCounterValues> values;
        bool ended = false;
    };
    std::vector<Line> processes;
};

class WatchObserver
{
public:
    virtual ~WatchObserver() = default;
    virtual void started(int pid) { (void)pid; }
    // At most once per interval, from the watching thread.
    virtual void progress(const WatchProgress &progress) { (void)progress; }
};

// Set from a signal handler or another thread: the watch passes the signal
// on to the command (forward: false where the command got it already, as
// from a terminal's Ctrl+C) and ends when the command does.
struct StopRequest
{
    std::atomic<int> signal{0};
    std::atomic<bool> forward{true};
};

// The system the watch reads and acts on: the real one, or a test's.
struct WatchPlatform
{
    std::shared_ptr<WatchSystem> system;
    std::shared_ptr<sys::SystemFiles> files;
    std::shared_ptr<uvm::UvmSystem> uvm;
};
WatchPlatform livePlatform();

// Starts the command (or takes the running process), follows it and every
// process it starts, counts each one's migrations from the moment it could
// first make one, and returns when the command ends. Bad arguments (a
// process that cannot be watched, and why) are errors; a command that
// fails is not: its status is in the report.
Result<WatchReport> watchProgram(const WatchOptions &options, const WatchPlatform &platform, WatchObserver *observer,
                                 const StopRequest *stop);

} // namespace sharescope::watch
