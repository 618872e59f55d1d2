// SPDX-License-Identifier: GPL-3.0-or-later
#include "outputfile.h"

#include "nativename.h"

#include <QCoreApplication>
#include <QDir>
#include <QRandomGenerator>

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <ctime>
#include <optional>

// The translation context of this file's messages.
class OutputFileText
{
    Q_DECLARE_TR_FUNCTIONS(OutputFileText)
};

namespace sharescope {
namespace {

const QLatin1String standardOutputName("-");

// Every name below is a QString in the form fromNativeName() gives, so that
// QDir's path arithmetic applies; the file system is asked with its bytes.
std::optional<struct stat> statOf(const QString &path)
{
    struct stat info;
    if (path == standardOutputName ? ::fstat(STDOUT_FILENO, &info) : ::stat(nativeFileName(path), &info))
        return std::nullopt;
    return info;
}

bool sameNode(const struct stat &a, const struct stat &b)
{
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

QString currentDirectory()
{
    QByteArray buffer(PATH_MAX, '\0');
    if (!::getcwd(buffer.data(), static_cast<std::size_t>(buffer.size())))
        return QDir::currentPath();
    return fromNativeName(QByteArray(buffer.constData()));
}

QString absoluteName(const QString &path)
{
    return QDir::cleanPath(QDir::isAbsolutePath(path) ? path : currentDirectory() + QLatin1Char('/') + path);
}

QString directoryOf(const QString &absolute)
{
    const qsizetype slash = absolute.lastIndexOf(QLatin1Char('/'));
    return slash <= 0 ? QStringLiteral("/") : absolute.left(slash);
}

QString fileNameOf(const QString &absolute)
{
    return absolute.mid(absolute.lastIndexOf(QLatin1Char('/')) + 1);
}

// The file a name leads to once its links are followed, as an absolute
// name; the last one may not exist yet.
QString linkTarget(const QString &path)
{
    QString current = absoluteName(path);
    for (int hops = 0; hops < 40; ++hops) {
        QByteArray target(PATH_MAX, '\0');
        const ssize_t length
            = ::readlink(nativeFileName(current), target.data(), static_cast<std::size_t>(target.size()));
        if (length <= 0 || length >= target.size())
            break; // not a link (or a target longer than a path may be)
        target.truncate(length);
        const QString next = fromNativeName(target);
        current = QDir::cleanPath(QDir::isAbsolutePath(next) ? next : directoryOf(current) + QLatin1Char('/') + next);
    }
    return current;
}

// A name not taken yet, as a canonical path (its directory resolved).
QString canonicalNewName(const QString &path)
{
    QString target = linkTarget(path);
    char *resolved = ::realpath(nativeFileName(directoryOf(target)), nullptr);
    if (!resolved)
        return target;
    const QString directory = fromNativeName(QByteArray(resolved));
    ::free(resolved);
    return QDir(directory).filePath(fileNameOf(target));
}

// Writes all of `data`; returns 0 or the errno. SIGPIPE is held back
// meanwhile, so that a reader that went away is an error with a message
// (EPIPE) rather than the end of the process.
int writeAll(int fd, const QByteArray &data)
{
    sigset_t pipeSignal, previous;
    sigemptyset(&pipeSignal);
    sigaddset(&pipeSignal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous);
    int error = 0;
    for (qsizetype done = 0; done < data.size();) {
        const ssize_t n = ::write(fd, data.constData() + done, static_cast<std::size_t>(data.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = n < 0 ? errno : EIO;
            break;
        }
        done += n;
    }
    if (error == EPIPE && !sigismember(&previous, SIGPIPE)) {
        const timespec none{0, 0};
        sigtimedwait(&pipeSignal, nullptr, &none); // the SIGPIPE this write raised
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return error;
}

int openRetrying(const QByteArray &name, int flags, mode_t mode = 0)
{
    int fd = -1;
    do {
        fd = ::open(name.constData(), flags, mode);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

// A name for a temporary file in `directory` that is not taken yet; short,
// so that it fits where the final name only just does.
QByteArray temporaryName(const QByteArray &directory)
{
    const quint64 random = QRandomGenerator::global()->generate64();
    return directory + "/.sharescope-" + QByteArray::number(random, 36) + ".tmp";
}

} // namespace

OutputFile::OutputFile(QString path)
    : m_path(std::move(path))
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
    if (!m_temporary.isEmpty())
        ::unlink(m_temporary.constData());
    m_temporary.clear();
    m_kind = Kind::Unopened;
}

QString OutputFile::shownPath() const
{
    return m_path == standardOutputName ? OutputFileText::tr("standard output")
                                        : QStringLiteral("'%1'").arg(shownFileName(m_path));
}

Status OutputFile::open()
{
    const auto cannot = [this](const QString &why) {
        return badArgument(OutputFileText::tr("cannot write %1: %2").arg(shownPath(), why).toStdString());
    };
    if (m_path.isEmpty())
        return badArgument(OutputFileText::tr("an output file needs a name").toStdString());
    const std::optional<struct stat> standardOutput = statOf(standardOutputName);
    if (m_path == standardOutputName) {
        if (!standardOutput || (::fcntl(STDOUT_FILENO, F_GETFL) & O_ACCMODE) == O_RDONLY)
            return cannot(OutputFileText::tr("it is closed"));
        m_kind = Kind::StandardOutput;
        return okStatus();
    }
    errno = 0;
    const std::optional<struct stat> info = statOf(m_path);
    if (!info && errno != ENOENT)
        return cannot(qt_error_string(errno));
    // A name for our standard output (/dev/stdout) is written through it,
    // keeping what the shell asked for (>> appends), and is not mixed with
    // the text that would go there.
    if (info && standardOutput && sameNode(*info, *standardOutput)) {
        m_kind = Kind::StandardOutput;
        return okStatus();
    }
    if (!info || S_ISREG(info->st_mode))
        return openAtomic();
    if (S_ISDIR(info->st_mode))
        return cannot(OutputFileText::tr("it is a directory"));
    if (!S_ISFIFO(info->st_mode) && !S_ISCHR(info->st_mode))
        return cannot(OutputFileText::tr("it is not a file, a pipe or a character device"));
    m_fd = openRetrying(nativeFileName(m_path), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (m_fd < 0)
        return cannot(qt_error_string(errno));
    m_kind = Kind::InPlace;
    return okStatus();
}

// A temporary file in the target's directory: unnamed (O_TMPFILE), so that
// nothing is left behind whatever ends the process, where the file system
// has them; else named, and removed unless committed.
Status OutputFile::openAtomic()
{
    const auto cannot = [this](const QString &why) {
        return badArgument(OutputFileText::tr("cannot write %1: %2").arg(shownPath(), why).toStdString());
    };
    const QString target = linkTarget(m_path);
    const QString directory = directoryOf(target);
    const QByteArray nativeDirectory = nativeFileName(directory);
    struct stat directoryInfo;
    if (::stat(nativeDirectory.constData(), &directoryInfo) != 0 || !S_ISDIR(directoryInfo.st_mode))
        return cannot(OutputFileText::tr("there is no directory '%1'").arg(shownFileName(directory)));
    // The temporary file is unnamed until the rename, which would be the
    // first to find the name too long: check it now.
    m_target = nativeFileName(target);
    const long longest = ::pathconf(nativeDirectory.constData(), _PC_NAME_MAX);
    if (longest > 0 && nativeFileName(fileNameOf(target)).size() > longest) {
        return cannot(OutputFileText::tr("the name is longer than the %1 bytes its file system allows").arg(longest));
    }
    struct stat existing;
    if (::stat(m_target.constData(), &existing) == 0) {
        // A file the user may not write is not replaced either.
        if (::access(m_target.constData(), W_OK) != 0)
            return cannot(qt_error_string(errno));
        m_mode = static_cast<int>(existing.st_mode & 07777);
    }
    m_fd = openRetrying(nativeDirectory, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    for (int attempt = 0; m_fd < 0 && attempt < 100; ++attempt) {
        m_temporary = temporaryName(nativeDirectory);
        m_fd = openRetrying(m_temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0666);
        if (m_fd < 0 && errno != EEXIST)
            break;
    }
    if (m_fd < 0) {
        const int error = errno;
        m_temporary.clear();
        return cannot(qt_error_string(error));
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
    if (m_temporary.isEmpty()) { // unnamed: a name of its own first, then the rename
        const QByteArray self = "/proc/self/fd/" + QByteArray::number(m_fd);
        const QByteArray directory = m_target.left(m_target.lastIndexOf('/'));
        for (int attempt = 0; m_temporary.isEmpty() && attempt < 100; ++attempt) {
            const QByteArray name = temporaryName(directory.isEmpty() ? QByteArray("/") : directory);
            if (::linkat(AT_FDCWD, self.constData(), AT_FDCWD, name.constData(), AT_SYMLINK_FOLLOW) == 0)
                m_temporary = name;
            else if (errno != EEXIST)
                return errno;
        }
        if (m_temporary.isEmpty())
            return EEXIST;
    }
    const int closed = ::close(m_fd);
    m_fd = -1;
    if (closed != 0 && errno != EINTR)
        return errno;
    if (::rename(m_temporary.constData(), m_target.constData()) != 0)
        return errno;
    m_temporary.clear(); // it is the file now
    return 0;
}

Status OutputFile::write(const QByteArray &content)
{
    const auto cannot = [this](const QString &why) {
        return failed(OutputFileText::tr("cannot write %1: %2").arg(shownPath(), why).toStdString());
    };
    switch (m_kind) {
    case Kind::Unopened:
        break;
    case Kind::Atomic: {
        int error = writeAll(m_fd, content);
        if (error == 0)
            error = commitAtomic();
        discard(); // what a failure left
        return error ? cannot(qt_error_string(error)) : okStatus();
    }
    case Kind::InPlace: {
        int error = writeAll(m_fd, content);
        if (::close(m_fd) != 0 && error == 0 && errno != EINTR)
            error = errno;
        m_fd = -1;
        m_kind = Kind::Unopened;
        return error ? cannot(qt_error_string(error)) : okStatus();
    }
    case Kind::StandardOutput: {
        const int error = writeAll(STDOUT_FILENO, content);
        m_kind = Kind::Unopened;
        return error ? cannot(qt_error_string(error)) : okStatus();
    }
    }
    return cannot(OutputFileText::tr("it was not opened"));
}

Status writeOutput(const QString &path, const QByteArray &content)
{
    OutputFile file(path);
    if (Status opened = file.open(); !opened)
        return opened;
    return file.write(content);
}

bool sameOutput(const QString &a, const QString &b)
{
    const std::optional<struct stat> first = statOf(a);
    const std::optional<struct stat> second = statOf(b);
    if (first && second)
        return sameNode(*first, *second);
    return !first && !second && canonicalNewName(a) == canonicalNewName(b);
}

} // namespace sharescope
