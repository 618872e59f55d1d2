// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sharescope::sys {

// Why a file of the system could not be read: tests craft each case.
enum class FileProblem {
    Missing, // ENOENT, ENOTDIR: the kernel or the driver has no such file
    Denied, // EACCES, EPERM
    Other, // any other errno (EIO, a file that vanished while read)
};

struct FileResult
{
    std::optional<std::string> text; // the contents, a link's target, or empty on a problem
    FileProblem problem = FileProblem::Other;
    int error = 0; // the errno behind the problem
    bool ok() const { return text.has_value(); }
};

// The files of the running system that ShareScope reads: /proc, /sys, /dev
// and the driver's files, through one door, so that a test points the
// readers at a crafted tree (healthy, each problem, missing files, garbage,
// permission denied) and the fuzzers at garbage. Read-only: nothing here
// writes to the system.
class SystemFiles
{
public:
    virtual ~SystemFiles() = default;

    // The whole file, at most maxBytes of it (a /proc file is small; a
    // file that claims more is cut there).
    virtual FileResult read(const std::string &path, std::size_t maxBytes = 1 << 20) = 0;
    // The names in a folder, "." and ".." left out, in no order.
    virtual std::optional<std::vector<std::string>> list(const std::string &path) = 0;
    // What a symbolic link names (/proc/PID/fd/N, /proc/PID/exe).
    virtual FileResult readLink(const std::string &path) = 0;

    struct SpaceInfo
    {
        std::uint64_t totalBytes = 0;
        std::uint64_t freeBytes = 0; // available to an unprivileged user
    };
    // The size and free space of the file system holding `path` (/dev/shm).
    virtual std::optional<SpaceInfo> space(const std::string &path) = 0;
};

// The running system.
std::shared_ptr<SystemFiles> liveSystemFiles();
// A crafted tree: every absolute path is read under `root` ("/proc/1/stat"
// is root/proc/1/stat); space() reads a file "<path>.space" there holding
// "TOTAL FREE" in bytes, where a test gives one.
std::shared_ptr<SystemFiles> systemFilesUnder(const std::filesystem::path &root);

} // namespace sharescope::sys
