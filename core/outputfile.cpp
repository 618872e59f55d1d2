// SPDX-License-Identifier: GPL-3.0-or-later
#include "outputfile.h"

#include "trnoop.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <ctime>
#include <optional>
#include <random>
#include <vector>

namespace sharescope {
namespace {

constexpr std::string_view standardOutputName = "-";

std::optional<struct stat> statOf(const std::string &path)
{
    struct stat info;
    if (path == standardOutputName ? ::fstat(STDOUT_FILENO, &info) : ::stat(path.c_str(), &info))
        return std::nullopt;
    return info;
}

bool sameNode(const struct stat &a, const struct stat &b)
{
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// "/a//b/./c/../d" as "/a/b/d"; an absolute path stays absolute.
std::string cleanPath(const std::string &path)
{
    std::vector<std::string> parts;
    std::size_t at = 0;
    while (at <= path.size()) {
        const std::size_t slash = path.find('/', at);
        const std::string part = path.substr(at, slash == std::string::npos ? std::string::npos : slash - at);
        if (part == "..") {
            if (!parts.empty())
                parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        if (slash == std::string::npos)
            break;
        at = slash + 1;
    }
    std::string clean;
    for (const std::string &part : parts)
        clean += '/' + part;
    return clean.empty() ? std::string("/") : clean;
}

std::string currentDirectory()
{
    std::string buffer(PATH_MAX, '\0');
    if (!::getcwd(buffer.data(), buffer.size()))
        return "/";
    buffer.resize(std::strlen(buffer.c_str()));
    return buffer;
}

std::string absoluteName(const std::string &path)
{
    return cleanPath(!path.empty() && path.front() == '/' ? path : currentDirectory() + '/' + path);
}

std::string directoryOf(const std::string &absolute)
{
    const std::size_t slash = absolute.rfind('/');
    return slash == 0 || slash == std::string::npos ? std::string("/") : absolute.substr(0, slash);
}

std::string fileNameOf(const std::string &absolute)
{
    return absolute.substr(absolute.rfind('/') + 1);
}

// The file a name leads to once its links are followed, as an absolute
// name; the last one may not exist yet.
std::string linkTarget(const std::string &path)
{
    std::string current = absoluteName(path);
    for (int hops = 0; hops < 40; ++hops) {
        std::string target(PATH_MAX, '\0');
        const ssize_t length = ::readlink(current.c_str(), target.data(), target.size());
        if (length <= 0 || static_cast<std::size_t>(length) >= target.size())
            break; // not a link (or a target longer than a path may be)
        target.resize(static_cast<std::size_t>(length));
        if (target.front() == '/') {
            current = cleanPath(target);
        } else {
            std::string joined = directoryOf(current);
            joined += '/';
            joined += target;
            current = cleanPath(joined);
        }
    }
    return current;
}

// A name not taken yet, as a canonical path (its directory resolved).
std::string canonicalNewName(const std::string &path)
{
    std::string target = linkTarget(path);
    char *resolved = ::realpath(directoryOf(target).c_str(), nullptr);
    if (!resolved)
        return target;
    std::string directory(resolved);
    ::free(resolved);
    return (directory == "/" ? std::string() : directory) + '/' + fileNameOf(target);
}

// Writes all of `data`; returns 0 or the errno. SIGPIPE is held back
// meanwhile, so that a reader that went away is an error with a message
// (EPIPE) rather than the end of the process.
int writeAll(int fd, std::string_view data)
{
    sigset_t pipeSignal, previous;
    sigemptyset(&pipeSignal);
    sigaddset(&pipeSignal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous);
    int error = 0;
    for (std::size_t done = 0; done < data.size();) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = n < 0 ? errno : EIO;
            break;
        }
        done += static_cast<std::size_t>(n);
    }
    if (error == EPIPE && !sigismember(&previous, SIGPIPE)) {
        const timespec none{0, 0};
        sigtimedwait(&pipeSignal, nullptr, &none); // the SIGPIPE this write raised
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return error;
}

int openRetrying(const std::string &name, int flags, mode_t mode = 0)
{
    int fd = -1;
    do {
        fd = ::open(name.c_str(), flags, mode);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

// A name for a temporary file in `directory` that is not taken yet; short,
// so that it fits where the final name only just does.
std::string temporaryName(const std::string &directory)
{
    static thread_local std::mt19937_64 random{std::random_device{}() ^ static_cast<std::uint64_t>(std::time(nullptr))};
    std::uint64_t value = random();
    std::string digits;
    do {
        digits += "0123456789abcdefghijklmnopqrstuvwxyz"[value % 36];
        value /= 36;
    } while (value);
    return (directory == "/" ? std::string() : directory) + "/.sharescope-" + digits + ".tmp";
}

} // namespace

std::string shownName(std::string_view name)
{
    std::string shown;
    for (std::size_t i = 0; i < name.size();) {
        const auto byte = static_cast<unsigned char>(name[i]);
        std::size_t length = byte < 0x80 ? 1
            : (byte >> 5) == 0x6         ? 2
            : (byte >> 4) == 0xE         ? 3
            : (byte >> 3) == 0x1E        ? 4
                                         : 0;
        bool valid = length > 0 && i + length <= name.size();
        for (std::size_t k = 1; valid && k < length; ++k)
            valid = (static_cast<unsigned char>(name[i + k]) & 0xC0) == 0x80;
        // Overlong forms and surrogates are not UTF-8 either.
        if (valid && length == 2 && byte < 0xC2)
            valid = false;
        if (valid && length == 3) {
            const auto next = static_cast<unsigned char>(name[i + 1]);
            valid = !(byte == 0xE0 && next < 0xA0) && !(byte == 0xED && next >= 0xA0);
        }
        if (valid && length == 4) {
            const auto next = static_cast<unsigned char>(name[i + 1]);
            valid = byte <= 0xF4 && !(byte == 0xF0 && next < 0x90) && !(byte == 0xF4 && next >= 0x90);
        }
        if (!valid) {
            char escaped[5];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
            shown += escaped;
            ++i;
            continue;
        }
        shown.append(name.substr(i, length));
        i += length;
    }
    return shown;
}

MessageTemplate osErrorText(int error)
{
    const auto words = [](const char *text) { return MessageTemplate(text, std::vector<std::string>{}); };
    switch (error) {
    case ENOENT:
        return words(SHARESCOPE_TR_NOOP("Core", "no such file or folder"));
    case EACCES:
    case EPERM:
        return words(SHARESCOPE_TR_NOOP("Core", "permission denied"));
    case ENOSPC:
        return words(SHARESCOPE_TR_NOOP("Core", "no space left on the device"));
    case EDQUOT:
        return words(SHARESCOPE_TR_NOOP("Core", "the disk quota is used up"));
    case EROFS:
        return words(SHARESCOPE_TR_NOOP("Core", "the file system is read-only"));
    case EPIPE:
        return words(SHARESCOPE_TR_NOOP("Core", "the reader went away (broken pipe)"));
    case EISDIR:
        return words(SHARESCOPE_TR_NOOP("Core", "it names a folder"));
    case ENOTDIR:
        return words(SHARESCOPE_TR_NOOP("Core", "a part of the path is not a folder"));
    case ENAMETOOLONG:
        return words(SHARESCOPE_TR_NOOP("Core", "the name is too long"));
    case EIO:
        return words(SHARESCOPE_TR_NOOP("Core", "an input/output error"));
    default:
        break;
    }
    return MessageTemplate(std::string(std::strerror(error)));
}

OutputFile::OutputFile(std::string name)
    : m_name(std::move(name))
{
}

OutputFile::~OutputFile()
{
    discard();
}

// Closes what is open and removes a temporary file that was not committed.
void OutputFile::discard()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    if (!m_temporary.empty())
        ::unlink(m_temporary.c_str());
    m_temporary.clear();
    m_kind = Kind::Unopened;
}

Error OutputFile::cannot(ErrorKind kind, MessageTemplate why) const
{
    MessageTemplate where = m_name == standardOutputName
        ? MessageTemplate(SHARESCOPE_TR_NOOP("Core", "standard output"), std::vector<std::string>{})
        : MessageTemplate("'" + shownName(m_name) + "'");
    return errorOf(
        kind, MessageTemplate(SHARESCOPE_TR_NOOP("Core", "cannot write %1: %2"), {std::move(where), std::move(why)}));
}

Status OutputFile::open()
{
    const auto refuse = [this](MessageTemplate why) { return cannot(ErrorKind::BadArgument, std::move(why)); };
    if (m_name.empty())
        return badArgument(SHARESCOPE_TR_NOOP("Core", "an output file needs a name"), {});
    const std::optional<struct stat> standardOutput = statOf(std::string(standardOutputName));
    if (m_name == standardOutputName) {
        if (!standardOutput || (::fcntl(STDOUT_FILENO, F_GETFL) & O_ACCMODE) == O_RDONLY)
            return refuse(MessageTemplate(SHARESCOPE_TR_NOOP("Core", "it is closed"), std::vector<std::string>{}));
        m_kind = Kind::StandardOutput;
        return okStatus();
    }
    // A name that ends in a slash names a folder, whether or not it exists:
    // never a file named after its last part.
    const std::optional<struct stat> info = statOf(m_name);
    const int statError = errno;
    if (m_name.back() == '/' || (info && S_ISDIR(info->st_mode))) {
        return refuse(MessageTemplate(SHARESCOPE_TR_NOOP("Core", "it names a folder; give a file name"),
                                      std::vector<std::string>{}));
    }
    if (!info && statError != ENOENT)
        return refuse(osErrorText(statError));
    // A name for our standard output (/dev/stdout) is written through it,
    // keeping what the shell asked for (>> appends), and is not mixed with
    // the text that would go there.
    if (info && standardOutput && sameNode(*info, *standardOutput)) {
        m_kind = Kind::StandardOutput;
        return okStatus();
    }
    if (!info || S_ISREG(info->st_mode))
        return openAtomic();
    if (!S_ISFIFO(info->st_mode) && !S_ISCHR(info->st_mode)) {
        return refuse(MessageTemplate(SHARESCOPE_TR_NOOP("Core", "it is not a file, a pipe or a character device"),
                                      std::vector<std::string>{}));
    }
    m_fd = openRetrying(m_name, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (m_fd < 0)
        return refuse(osErrorText(errno));
    m_kind = Kind::InPlace;
    return okStatus();
}

// A temporary file in the target's directory: unnamed (O_TMPFILE), so that
// nothing is left behind whatever ends the process, where the file system
// has them; else named, and removed unless committed.
Status OutputFile::openAtomic()
{
    const auto refuse = [this](MessageTemplate why) { return cannot(ErrorKind::BadArgument, std::move(why)); };
    const std::string target = linkTarget(m_name);
    const std::string directory = directoryOf(target);
    struct stat directoryInfo;
    if (::stat(directory.c_str(), &directoryInfo) != 0 || !S_ISDIR(directoryInfo.st_mode))
        return refuse(
            MessageTemplate(SHARESCOPE_TR_NOOP("Core", "there is no directory '%1'"), {shownName(directory)}));
    // The temporary file is unnamed until the rename, which would be the
    // first to find the name too long: check it now.
    m_target = target;
    const long longest = ::pathconf(directory.c_str(), _PC_NAME_MAX);
    if (longest > 0 && static_cast<long>(fileNameOf(target).size()) > longest) {
        return refuse(
            MessageTemplate(SHARESCOPE_TR_NOOP("Core", "the name is longer than the %1 bytes its file system allows"),
                            {std::to_string(longest)}));
    }
    struct stat existing;
    if (::stat(m_target.c_str(), &existing) == 0) {
        // A file the user may not write is not replaced either.
        if (::access(m_target.c_str(), W_OK) != 0)
            return refuse(osErrorText(errno));
        m_mode = static_cast<int>(existing.st_mode & 07777);
    }
    m_fd = openRetrying(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    for (int attempt = 0; m_fd < 0 && attempt < 100; ++attempt) {
        m_temporary = temporaryName(directory);
        m_fd = openRetrying(m_temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0666);
        if (m_fd < 0 && errno != EEXIST)
            break;
    }
    if (m_fd < 0) {
        const int error = errno;
        m_temporary.clear();
        return refuse(osErrorText(error));
    }
    m_kind = Kind::Atomic;
    return okStatus();
}

// Gives the written temporary file its name: 0, or the errno.
int OutputFile::commitAtomic()
{
    if (m_mode >= 0 && ::fchmod(m_fd, static_cast<mode_t>(m_mode)) != 0)
        return errno;
    // On the disk before the name is: a crash leaves the old file or the new
    // one, not an empty one. A file system that cannot sync says so (EINVAL).
    if (::fdatasync(m_fd) != 0 && errno != EINVAL && errno != EROFS)
        return errno;
    if (m_temporary.empty()) { // unnamed: a name of its own first, then the rename
        const std::string self = "/proc/self/fd/" + std::to_string(m_fd);
        const std::string directory = directoryOf(m_target);
        for (int attempt = 0; m_temporary.empty() && attempt < 100; ++attempt) {
            const std::string name = temporaryName(directory);
            if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0)
                m_temporary = name;
            else if (errno != EEXIST)
                return errno;
        }
        if (m_temporary.empty())
            return EEXIST;
    }
    const int closed = ::close(m_fd);
    m_fd = -1;
    if (closed != 0 && errno != EINTR)
        return errno;
    if (::rename(m_temporary.c_str(), m_target.c_str()) != 0)
        return errno;
    m_temporary.clear(); // it is the file now
    return 0;
}

Status OutputFile::write(std::string_view content)
{
    const auto fail = [this](int error) { return cannot(ErrorKind::Failed, osErrorText(error)); };
    switch (m_kind) {
    case Kind::Unopened:
        break;
    case Kind::Atomic: {
        int error = writeAll(m_fd, content);
        if (error == 0)
            error = commitAtomic();
        discard(); // what a failure left
        return error ? fail(error) : okStatus();
    }
    case Kind::InPlace: {
        int error = writeAll(m_fd, content);
        if (::close(m_fd) != 0 && error == 0 && errno != EINTR)
            error = errno;
        m_fd = -1;
        m_kind = Kind::Unopened;
        return error ? fail(error) : okStatus();
    }
    case Kind::StandardOutput: {
        const int error = writeAll(STDOUT_FILENO, content);
        m_kind = Kind::Unopened;
        return error ? fail(error) : okStatus();
    }
    }
    return cannot(ErrorKind::Failed,
                  MessageTemplate(SHARESCOPE_TR_NOOP("Core", "it was not opened"), std::vector<std::string>{}));
}

Status writeOutput(const std::string &name, std::string_view content)
{
    OutputFile file(name);
    if (Status opened = file.open(); !opened)
        return opened;
    return file.write(content);
}

bool sameOutput(const std::string &a, const std::string &b)
{
    const std::optional<struct stat> first = statOf(a);
    const std::optional<struct stat> second = statOf(b);
    if (first && second)
        return sameNode(*first, *second);
    return !first && !second && canonicalNewName(a) == canonicalNewName(b);
}

} // namespace sharescope
