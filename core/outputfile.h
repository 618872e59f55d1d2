// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <string>
#include <string_view>

namespace sharescope {

// One file a front end writes a result into: a report, a table, a plot, a
// screenshot. A regular file, or a name not taken yet, is written atomically
// (a temporary file beside it, renamed over it once everything is written),
// so that a failure leaves what was there; a file replaced keeps its
// permissions. Anything else is written in place, as a shell's redirection
// would: renaming over a pipe, a terminal or a device would replace it with
// a file. "-" is standard output, and so is a name for the same file
// (/dev/stdout). Symbolic links are followed to the file they name; the
// links stay. A name is the bytes the file system gets (on Linux a name
// need not be UTF-8; the Qt front ends give nativeFileName()); messages show
// it with shownName().
class OutputFile
{
public:
    explicit OutputFile(std::string name);
    ~OutputFile(); // discards what an unfinished write left
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    // Before any work: checks that the file can be written (a missing
    // directory, a name too long for its file system, a folder, a
    // read-only file are bad arguments) and opens it. A pipe waits here for
    // its reader, as in a shell.
    Status open();
    // Writes everything and closes. A write or close error (a full disk, a
    // reader that went away) fails, naming the path and the reason, and
    // leaves no partial regular file.
    Status write(std::string_view content);

    const std::string &name() const { return m_name; }
    // After open(): whether it writes to this process's standard output.
    bool isStandardOutput() const { return m_kind == Kind::StandardOutput; }

private:
    enum class Kind { Unopened, Atomic, InPlace, StandardOutput };
    Status openAtomic();
    int commitAtomic();
    void discard();
    Error cannot(ErrorKind kind, MessageTemplate why) const;

    std::string m_name;
    Kind m_kind = Kind::Unopened;
    int m_fd = -1;
    // Atomic: the file to replace, and the temporary file's name while it
    // has one (empty while it is unnamed, O_TMPFILE).
    std::string m_target;
    std::string m_temporary;
    int m_mode = -1; // the permissions of the file it replaces; -1: a new file
};

// Opens and writes at once, for a result that is already complete (the
// window's Save and Export).
Status writeOutput(const std::string &name, std::string_view content);

// Whether two output names would write the same file ("-" is standard
// output): the same file, or for names not taken yet, the same path once
// links, "." and ".." are resolved.
bool sameOutput(const std::string &a, const std::string &b);

// A name for a message: UTF-8 as it is, each other byte written as \xFF.
std::string shownName(std::string_view name);
// An errno in words a front end translates (the common ones), else the C
// library's words.
MessageTemplate osErrorText(int error);

} // namespace sharescope
