// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The machine check's readers of the system's files: pure functions of the
// text, tolerant of anything (a line they cannot read is left out), each
// fuzzed (tests/fuzz/fuzz_doctor.cpp).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope::doctor {

// One line of /proc/PID/mountinfo: "31 25 0:27 / /dev/shm rw,relatime - tmpfs tmpfs rw,size=65536k".
struct MountEntry
{
    std::string mountPoint; // field 5, with the kernel's \040 escapes undone
    std::string fsType; // after " - "
    std::string source;
    std::string options; // the super block's options: "rw,size=65536k"
    bool operator==(const MountEntry &) const = default;
};
std::vector<MountEntry> parseMountinfo(std::string_view text);
// The mount at `point` that is seen there: the last one listed.
const MountEntry *mountAt(const std::vector<MountEntry> &mounts, std::string_view point);
// tmpfs's "size=65536k" (k, m, g, or bytes) in the options.
std::optional<std::uint64_t> tmpfsSize(std::string_view options);

// A limit of /proc/PID/limits; `unlimited` as such.
inline constexpr std::uint64_t unlimited = UINT64_MAX;
struct Limit
{
    std::uint64_t soft = 0;
    std::uint64_t hard = 0;
    bool operator==(const Limit &) const = default;
};
struct ProcessLimits
{
    std::optional<Limit> openFiles; // "Max open files"
    std::optional<Limit> lockedMemory; // "Max locked memory", bytes
};
ProcessLimits parseLimits(std::string_view text);

// "0-31,64-95" -> the CPUs (or NUMA nodes); empty for anything else, or
// for a number above `most`.
std::optional<std::vector<int>> parseCpuList(std::string_view text, int most = 1 << 16);

// /proc/driver/nvidia/version's first line.
struct NvidiaModule
{
    std::string version; // "580.159.04"
    bool open = false; // "Open Kernel Module"
};
std::optional<NvidiaModule> parseNvidiaVersion(std::string_view text);

// A kernel's configuration (/boot/config-*, /proc/config.gz unpacked):
// "CONFIG_X=y" gives X -> "y", "# CONFIG_X is not set" gives X -> "n".
std::map<std::string, std::string> parseKernelConfig(std::string_view text);

// An AER counter file (aer_dev_correctable, ...): "RxErr 7\n...TOTAL_ERR_COR 7".
struct AerCounts
{
    std::map<std::string, std::uint64_t> counts; // every line, TOTAL_* included
    std::optional<std::uint64_t> total; // the TOTAL_ERR_* line, or the sum where there is none
};
std::optional<AerCounts> parseAer(std::string_view text);

// A namespace link's inode: "pid:[4026531836]" with kind "pid".
std::optional<std::uint64_t> parseNamespaceLink(std::string_view text, std::string_view kind);
// The initial namespaces' inodes (include/linux/proc_ns.h).
inline constexpr std::uint64_t initialPidNamespace = 4026531836ULL;
inline constexpr std::uint64_t initialIpcNamespace = 4026531839ULL;

// What /proc/1/cgroup says about a container: "docker", "kubernetes",
// "containerd", "podman", "lxc" (each at most once).
std::vector<std::string> containerHints(std::string_view cgroup);

// The kernel command line's words that decide the IOMMU and PCI ACS
// ("intel_iommu=on", "iommu=pt", "pcie_acs_override=...").
std::vector<std::string> iommuWords(std::string_view commandLine);

// A whole decimal number, spaces and a newline around it allowed ("-1\n").
std::optional<std::int64_t> parseInteger(std::string_view text);
// A module's boolean parameter: "Y", "N", "1", "0".
std::optional<bool> parseModuleBool(std::string_view text);
std::size_t countLines(std::string_view text);

// gzip data unpacked (/proc/config.gz), at most `most` bytes; empty where it
// is not gzip, is cut short, or this build has no zlib.
std::optional<std::string> gunzip(std::string_view data, std::size_t most = 16 << 20);

} // namespace sharescope::doctor
