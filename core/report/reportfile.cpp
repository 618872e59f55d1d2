// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportfile.h"

#include "oserror.h"

#include "report/reportlimits.h"
#include "trnoop.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sharescope {
namespace {

// Closes the file on every way out.
struct Descriptor
{
    int fd = -1;
    ~Descriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

Error fileError(const char *text, const std::string &path, int error)
{
    return badArgument(text, {"'" + path + "'", osErrorText(error)});
}

// Opens `path` if it is a regular file of at most maxReportBytes; its size.
Result<std::uint64_t> openReport(const std::string &path, Descriptor &file)
{
    // Non-blocking, so that opening a fifo without a writer returns at once
    // (and is then refused as not a regular file).
    file.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (file.fd < 0)
        return fileError(SHARESCOPE_TR_NOOP("Core", "cannot open %1: %2"), path, errno);
    struct stat status = {};
    if (::fstat(file.fd, &status) != 0)
        return fileError(SHARESCOPE_TR_NOOP("Core", "cannot open %1: %2"), path, errno);
    if (S_ISDIR(status.st_mode))
        return badArgument(SHARESCOPE_TR_NOOP("Core", "%1 is a folder, not a report"), {"'" + path + "'"});
    if (!S_ISREG(status.st_mode)) {
        return badArgument(SHARESCOPE_TR_NOOP("Core",
                                              "%1 is not a regular file (a device, a fifo or a socket); a "
                                              "report is a file that --json or Save wrote"),
                           {"'" + path + "'"});
    }
    const auto size = static_cast<std::uint64_t>(status.st_size);
    if (Status fits = checkReportSize(size, "'" + path + "'"); !fits)
        return fits.error();
    return size;
}

} // namespace

Status checkReportFile(const std::string &path)
{
    Descriptor file;
    if (auto size = openReport(path, file); !size)
        return size.error();
    return okStatus();
}

Result<std::string> readReportFile(const std::string &path, const ParseMonitor &monitor)
{
    Descriptor file;
    const auto opened = openReport(path, file);
    if (!opened)
        return opened.error();
    const std::uint64_t size = *opened;
    std::string text;
    // One byte beyond the limit, in case the file grows while it is read.
    const std::uint64_t most = maxReportBytes + 1;
    text.resize(static_cast<std::size_t>(size));
    std::uint64_t done = 0;
    for (;;) {
        if (done == text.size()) {
            if (text.size() >= most)
                break;
            text.resize(static_cast<std::size_t>(std::min<std::uint64_t>(most, text.size() + ParseMonitor::step)));
        }
        const std::size_t want
            = static_cast<std::size_t>(std::min<std::uint64_t>(text.size() - done, ParseMonitor::step));
        const ssize_t got = ::read(file.fd, text.data() + done, want);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return fileError(SHARESCOPE_TR_NOOP("Core", "cannot read %1: %2"), path, errno);
        if (got == 0)
            break;
        done += static_cast<std::uint64_t>(got);
        monitor.report(done, std::max(done, size));
        if (monitor.cancelled())
            return cancelledByUser();
    }
    text.resize(static_cast<std::size_t>(done));
    if (Status fits = checkReportSize(done, "'" + path + "'"); !fits)
        return fits.error();
    return text;
}

} // namespace sharescope
