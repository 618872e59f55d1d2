#include "outputfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
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

std::optional<struct stat> statOf(const QString &path)
{
    struct stat info;
    if (path == standardOutputName ? ::fstat(STDOUT_FILENO, &info) : ::stat(QFile::encodeName(path), &info))
        return std::nullopt;
    return info;
}

bool sameNode(const struct stat &a, const struct stat &b)
{
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// The file a name leads to once its links are followed; the last one may
// not exist yet.
QString linkTarget(const QString &path)
{
    QFileInfo info(path);
    for (int hops = 0; hops < 40 && info.isSymLink(); ++hops)
        info.setFile(info.symLinkTarget());
    return info.absoluteFilePath();
}

// A name not taken yet, as a canonical path (its directory resolved).
QString canonicalNewName(const QString &path)
{
    const QFileInfo target(linkTarget(path));
    const QString directory = QFileInfo(target.absolutePath()).canonicalFilePath();
    return directory.isEmpty() ? QDir::cleanPath(target.absoluteFilePath())
                               : QDir(directory).filePath(target.fileName());
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

} // namespace

OutputFile::OutputFile(QString path)
    : m_path(std::move(path))
{
}

OutputFile::~OutputFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

QString OutputFile::shownPath() const
{
    return m_path == standardOutputName ? OutputFileText::tr("standard output") : QStringLiteral("'%1'").arg(m_path);
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
    do {
        m_fd = ::open(QFile::encodeName(m_path), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    } while (m_fd < 0 && errno == EINTR);
    if (m_fd < 0)
        return cannot(qt_error_string(errno));
    m_kind = Kind::InPlace;
    return okStatus();
}

Status OutputFile::openAtomic()
{
    const auto cannot = [this](const QString &why) {
        return badArgument(OutputFileText::tr("cannot write %1: %2").arg(shownPath(), why).toStdString());
    };
    const QFileInfo target(linkTarget(m_path));
    const QString directory = target.absolutePath();
    if (!QFileInfo(directory).isDir())
        return cannot(OutputFileText::tr("there is no directory '%1'").arg(directory));
    // The temporary file may be unnamed (O_TMPFILE) until the rename, which
    // would be the first to find the name too long: check it now.
    const long longest = ::pathconf(QFile::encodeName(directory), _PC_NAME_MAX);
    if (longest > 0 && QFile::encodeName(target.fileName()).size() > longest) {
        return cannot(OutputFileText::tr("the name is longer than the %1 bytes its file system allows").arg(longest));
    }
    m_atomic = std::make_unique<QSaveFile>(target.absoluteFilePath());
    if (!m_atomic->open(QIODevice::WriteOnly)) {
        const QString why = m_atomic->errorString();
        m_atomic.reset();
        return cannot(why);
    }
    m_kind = Kind::Atomic;
    return okStatus();
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
        // commit() removes the temporary file when anything failed.
        const bool written = m_atomic->write(content) == content.size() && m_atomic->commit();
        const QString why = m_atomic->errorString();
        m_atomic.reset();
        m_kind = Kind::Unopened;
        return written ? okStatus() : cannot(why);
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
