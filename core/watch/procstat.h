// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope::watch {

// What /proc/PID/stat says of a process that the watcher needs: its name,
// its parent, whether it has ended (a zombie), and when it started, which
// tells a process from a later one that got the same PID.
struct ProcStat
{
    int pid = 0;
    std::string name; // comm: up to 15 bytes, may hold spaces and parentheses
    char state = '?';
    int parentPid = 0;
    std::uint64_t startTicks = 0; // since boot, in clock ticks (field 22)
};
// Tolerant of anything: empty where the line is not a stat line.
std::optional<ProcStat> parseProcStat(std::string_view line);

// /proc/PID/cmdline: the arguments, NUL-separated; empty for a kernel
// thread or a zombie.
std::vector<std::string> parseCommandLine(std::string_view bytes);
// The arguments as one line for a table, shell-quoted where needed, cut
// at `limit` characters with "…".
std::string commandText(const std::vector<std::string> &arguments, std::size_t limit = 200);

// /proc/PID/task/TID/children: the PIDs, space-separated.
std::vector<int> parseChildren(std::string_view text);

} // namespace sharescope::watch
