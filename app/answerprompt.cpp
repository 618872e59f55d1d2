// SPDX-License-Identifier: GPL-3.0-or-later
#include "answerprompt.h"

#include <QCoreApplication>

#include <cerrno>
#include <poll.h>
#include <unistd.h>

// The translation context of this file's messages.
class AnswerPrompt
{
    Q_DECLARE_TR_FUNCTIONS(AnswerPrompt)
};

namespace sharescope {
namespace {

constexpr int pollMs = 100;
constexpr qsizetype longestLine = 256; // more is not an answer; the rest of the line is skipped

// One line from `fd`, without its newline; empty at the end of the input,
// on a cancel, or when nothing came within `waitMs` (negative: no limit).
std::optional<QByteArray> readLine(int fd, const std::atomic<bool> *cancel, int waitMs = -1)
{
    QByteArray line;
    int waited = 0;
    for (;;) {
        if (cancel && cancel->load())
            return std::nullopt;
        if (waitMs >= 0 && waited >= waitMs)
            return line.isEmpty() ? std::nullopt : std::optional(line);
        pollfd waiting{fd, POLLIN, 0};
        const int ready = ::poll(&waiting, 1, pollMs);
        if (ready < 0 && errno != EINTR)
            return std::nullopt;
        if (ready <= 0) {
            waited += pollMs;
            continue;
        }
        char c = 0;
        const ssize_t got = ::read(fd, &c, 1);
        if (got < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
            continue; // a signal, or a non-blocking input with nothing yet: poll again
        if (got <= 0)
            return line.isEmpty() ? std::nullopt : std::optional(line);
        if (c == '\n')
            return line;
        if (line.size() < longestLine)
            line.append(c);
    }
}

} // namespace

std::optional<std::size_t> readPipedAnswer(int fd, std::size_t choices, int waitMs, QTextStream &err,
                                           const std::atomic<bool> *cancel)
{
    const auto line = readLine(fd, cancel, waitMs);
    const QString text = line ? QString::fromUtf8(*line).trimmed() : QString();
    bool ok = false;
    const uint number = text.toUInt(&ok);
    if (ok && number >= 1 && number <= choices)
        return number - 1;
    if (text.isEmpty()) {
        err << AnswerPrompt::tr("note: no answer was read (the input is not a terminal, and nothing came on it); "
                                "--answer N answers up front")
            << Qt::endl;
    } else {
        err << AnswerPrompt::tr("note: '%1' from the input is not one of the choices (1 to %2); running without an "
                                "answer")
                   .arg(text)
                   .arg(choices)
            << Qt::endl;
    }
    return std::nullopt;
}

std::optional<std::size_t> readAnswer(int fd, std::size_t choices, QTextStream &out, const std::atomic<bool> *cancel)
{
    for (;;) {
        out << AnswerPrompt::tr("Your answer (1 to %1; Enter runs without one): ").arg(choices);
        out.flush();
        const auto line = readLine(fd, cancel);
        if (!line) {
            out << Qt::endl;
            return std::nullopt;
        }
        const QString text = QString::fromUtf8(*line).trimmed();
        if (text.isEmpty())
            return std::nullopt;
        bool ok = false;
        const uint number = text.toUInt(&ok);
        if (ok && number >= 1 && number <= choices)
            return number - 1;
        out << AnswerPrompt::tr("'%1' is not one of the choices.").arg(text) << Qt::endl;
    }
}

} // namespace sharescope
