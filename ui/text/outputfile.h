// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <QByteArray>
#include <QString>

namespace sharescope {

// One file a front end writes a result into: a report, a table, a plot, a
// screenshot. A regular file, or a name not taken yet, is written atomically
// (a temporary file beside it, renamed over it once everything is written),
// so that a failure leaves what was there; a file replaced keeps its
// permissions. Anything else is written in place, as a shell's redirection
// would: renaming over a pipe, a terminal or a device would replace it with
// a file. "-" is standard output, and so is a name for the same file
// (/dev/stdout). Symbolic links are followed to the file they name; the
// links stay. The name reaches the file system as nativeFileName() gives
// it: a name that is not UTF-8 is written under its own bytes.
class OutputFile
{
public:
    explicit OutputFile(QString path);
    ~OutputFile(); // discards what an unfinished write left
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    // Before any work: checks that the file can be written (a missing
    // directory, a name too long for its file system, a directory, a
    // read-only file are bad arguments) and opens it. A pipe waits here for
    // its reader, as in a shell.
    Status open();
    // Writes everything and closes. A write or close error (a full disk, a
    // reader that went away) fails, naming the path and the reason, and
    // leaves no partial regular file.
    Status write(const QByteArray &content);

    const QString &path() const { return m_path; }
    // After open(): whether it writes to this process's standard output.
    bool isStandardOutput() const { return m_kind == Kind::StandardOutput; }

private:
    enum class Kind { Unopened, Atomic, InPlace, StandardOutput };
    Status openAtomic();
    int commitAtomic();
    void discard();
    QString shownPath() const;

    QString m_path;
    Kind m_kind = Kind::Unopened;
    int m_fd = -1;
    // Atomic: the file to replace, and the temporary file's name while it
    // has one (empty while it is unnamed, O_TMPFILE).
    QByteArray m_target;
    QByteArray m_temporary;
    int m_mode = -1; // the permissions of the file it replaces; -1: a new file
};

// Opens and writes at once, for a result that is already complete (the
// window's Save and Export).
Status writeOutput(const QString &path, const QByteArray &content);

// Whether two output names would write the same file ("-" is standard
// output): the same file, or for names not taken yet, the same path once
// links, "." and ".." are resolved.
bool sameOutput(const QString &a, const QString &b);

} // namespace sharescope
