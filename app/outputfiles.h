// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "outputfile.h"
#include "result.h"

#include <QString>
#include <QTextStream>

#include <array>
#include <memory>
#include <string>

namespace sharescope {

// The --json, --csv and --trace outputs of a command (see OutputFile). All
// are opened before any work, so that a bad name fails at once, and written
// only once the whole result is there. "-" means stdout.
class OutputFiles
{
public:
    explicit OutputFiles(QTextStream &stdoutStream)
        : m_stdout(stdoutStream)
    {
    }

    Status open(const QString &jsonPath, const QString &csvPath, const QString &tracePath = {});
    // Whether a result goes to stdout, which then carries nothing else.
    bool writesStdout() const;
    // Writes each output that was opened; the others' contents are ignored.
    Status commit(const std::string &json, const std::string &csv, const std::string &trace = {});

private:
    Status commitOne(const std::unique_ptr<OutputFile> &file, const std::string &content);

    QTextStream &m_stdout;
    std::array<std::unique_ptr<OutputFile>, 3> m_files; // json, csv, trace
};

} // namespace sharescope
