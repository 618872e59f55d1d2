// SPDX-License-Identifier: GPL-3.0-or-later
#include "uvm/uvmsystem.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

namespace sharescope::uvm {
namespace {

class LinuxUvmSystem : public UvmSystem
{
public:
    std::optional<std::string> readFile(const std::string &path) override
    {
        std::ifstream file(path, std::ios::binary);
        if (!file)
            return std::nullopt;
        std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
        if (file.bad())
            return std::nullopt;
        return text;
    }

    std::vector<OpenFile> openFiles() override
    {
        std::vector<OpenFile> files;
        DIR *directory = opendir("/proc/self/fd");
        if (!directory)
            return files;
        while (const dirent *entry = readdir(directory)) {
            const std::string_view name = entry->d_name;
            int fd = -1;
            const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), fd);
            if (error != std::errc() || end != name.data() + name.size())
                continue;
            const std::string link = "/proc/self/fd/" + std::string(name);
            char target[4096];
            const ssize_t length = readlink(link.c_str(), target, sizeof target);
            if (length > 0 && static_cast<std::size_t>(length) < sizeof target)
                files.push_back({fd, std::string(target, static_cast<std::size_t>(length))});
        }
        closedir(directory);
        return files;
    }

    int open(const std::string &path) override
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        return fd >= 0 ? fd : -errno;
    }

    void close(int fd) override { ::close(fd); }

    int ioctl(int fd, unsigned long request, void *argument) override
    {
        int result;
        do {
            result = ::ioctl(fd, request, argument);
        } while (result < 0 && errno == EINTR);
        return result < 0 ? -errno : 0;
    }

    Result<void *> mapPages(std::size_t bytes) override
    {
        void *pages = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (pages == MAP_FAILED)
            return failed(std::string("mmap of the counter page failed: ") + std::strerror(errno));
        if (madvise(pages, bytes, MADV_DONTFORK) != 0) {
            const int error = errno;
            munmap(pages, bytes);
            return failed(std::string("madvise(MADV_DONTFORK) of the counter page failed: ") + std::strerror(error));
        }
        return pages;
    }

    void unmapPages(void *pages, std::size_t bytes) override { munmap(pages, bytes); }

    std::size_t pageSize() override { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }
};

} // namespace

Result<std::vector<int>> uvmDescriptors(UvmSystem &system)
{
    std::vector<int> fds;
    for (const UvmSystem::OpenFile &file : system.openFiles()) {
        if (file.target == uvmDevicePath)
            fds.push_back(file.fd);
    }
    if (fds.empty())
        return unsupported(std::string("this process has no ") + uvmDevicePath
                           + " open yet: CUDA has not initialised unified memory (create a context first)");
    return fds;
}

Result<int> openUvmTools(UvmSystem &system)
{
    const int fd = system.open(uvmToolsDevicePath);
    if (fd == -ENOENT)
        return unsupported(std::string("there is no ") + uvmToolsDevicePath);
    if (fd < 0)
        return unsupported(std::string("cannot open ") + uvmToolsDevicePath + ": " + uvmErrnoText(fd));
    return fd;
}

std::string uvmStatusText(std::uint32_t status)
{
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%x", status);
    switch (status) {
    case 0x16:
        return std::string("NV_ERR_ILLEGAL_ACTION ") + hex;
    case 0x1B:
        return std::string("NV_ERR_INSUFFICIENT_PERMISSIONS ") + hex;
    case 0x1E:
        return std::string("NV_ERR_INVALID_ADDRESS ") + hex;
    case 0x1F:
        return std::string("NV_ERR_INVALID_ARGUMENT ") + hex;
    case 0x51:
        return std::string("NV_ERR_NO_MEMORY ") + hex;
    default:
        return std::string("NV status ") + hex;
    }
}

std::string uvmErrnoText(int negativeErrno)
{
    return std::string(std::strerror(-negativeErrno)) + " (errno " + std::to_string(-negativeErrno) + ")";
}

std::shared_ptr<UvmSystem> linuxUvmSystem()
{
    return std::make_shared<LinuxUvmSystem>();
}

} // namespace sharescope::uvm
