#pragma once

#include "outputfile.h"
#include "result.h"

#include <QString>
#include <QTextStream>

#include <memory>
#include <string>

namespace sharescope {

// The --json and --csv outputs of a command (see OutputFile). Both are
// opened before any work, so that a bad name fails at once, and written only
// once the whole result is there. "-" means stdout.
class OutputFiles
{
public:
    explicit OutputFiles(QTextStream &stdoutStream)
        : m_stdout(stdoutStream)
    {
    }

    Status open(const QString &jsonPath, const QString &csvPath);
    // Whether a result goes to stdout, which then carries nothing else.
    bool writesStdout() const;
    Status commit(const std::string &json, const std::string &csv);

private:
    Status commitOne(const std::unique_ptr<OutputFile> &file, const std::string &content);

    QTextStream &m_stdout;
    std::unique_ptr<OutputFile> m_json;
    std::unique_ptr<OutputFile> m_csv;
};

} // namespace sharescope
