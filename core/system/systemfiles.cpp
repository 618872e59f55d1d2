// SPDX-License-Identifier: GPL-3.0-or-later
#include "system/systemfiles.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>

namespace sharescope::sys {
namespace {

FileResult problemOf(int error)
{
    FileResult result;
    result.error = error;
    if (error == ENOENT || error == ENOTDIR)
        result.problem = FileProblem::Missing;
    else if (error == EACCES || error == EPERM)
        result.problem = FileProblem::Denied;
    else
        result.problem = FileProblem::Other;
    return result;
}

class LiveFiles : public SystemFiles
{
public:
    explicit LiveFiles(std::string root = {})
        : m_root(std::move(root))
    {
    }

    FileResult read(const std::string &path, std::size_t maxBytes) override
    {
        const int fd = ::open(where(path).c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return problemOf(errno);
        std::string text;
        char chunk[4096];
        while (text.size() < maxBytes) {
            const ssize_t got = ::read(fd, chunk, std::min(sizeof chunk, maxBytes - text.size()));
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0) {
                const int error = errno;
                ::close(fd);
                return problemOf(error);
            }
            if (got == 0)
                break;
            text.append(chunk, static_cast<std::size_t>(got));
        }
        ::close(fd);
        FileResult result;
        result.text = std::move(text);
        return result;
    }

    std::optional<std::vector<std::string>> list(const std::string &path) override
    {
        DIR *directory = ::opendir(where(path).c_str());
        if (!directory)
            return std::nullopt;
        std::vector<std::string> names;
        while (const dirent *entry = ::readdir(directory)) {
            const std::string_view name = entry->d_name;
            if (name != "." && name != "..")
                names.emplace_back(name);
        }
        ::closedir(directory);
        return names;
    }

    FileResult readLink(const std::string &path) override
    {
        char target[4096];
        const ssize_t length = ::readlink(where(path).c_str(), target, sizeof target);
        if (length < 0)
            return problemOf(errno);
        if (static_cast<std::size_t>(length) >= sizeof target)
            return problemOf(ENAMETOOLONG);
        FileResult result;
        result.text = std::string(target, static_cast<std::size_t>(length));
        return result;
    }

    std::optional<SpaceInfo> space(const std::string &path) override
    {
        if (!m_root.empty()) {
            const FileResult text = read(path + ".space", 256);
            if (!text.ok())
                return std::nullopt;
            SpaceInfo info;
            const char *begin = text.text->data();
            const char *end = begin + text.text->size();
            auto [next, error] = std::from_chars(begin, end, info.totalBytes);
            if (error != std::errc() || next == end || *next != ' ')
                return std::nullopt;
            auto [last, error2] = std::from_chars(next + 1, end, info.freeBytes);
            if (error2 != std::errc())
                return std::nullopt;
            (void)last;
            return info;
        }
        struct statvfs stats
        {
        };
        if (::statvfs(path.c_str(), &stats) != 0)
            return std::nullopt;
        return SpaceInfo{static_cast<std::uint64_t>(stats.f_blocks) * stats.f_frsize,
                         static_cast<std::uint64_t>(stats.f_bavail) * stats.f_frsize};
    }

private:
    std::string where(const std::string &path) const { return m_root.empty() ? path : m_root + path; }

    std::string m_root; // empty: the running system
};

} // namespace

std::shared_ptr<SystemFiles> liveSystemFiles()
{
    return std::make_shared<LiveFiles>();
}

std::shared_ptr<SystemFiles> systemFilesUnder(const std::filesystem::path &root)
{
    std::string text = root.string();
    while (text.size() > 1 && text.back() == '/')
        text.pop_back();
    return std::make_shared<LiveFiles>(std::move(text));
}

} // namespace sharescope::sys
