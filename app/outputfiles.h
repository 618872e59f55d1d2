#pragma once

#include "result.h"

#include <QSaveFile>
#include <QString>
#include <QTextStream>

#include <memory>
#include <string>

namespace sharescope {

// The --json, --csv and --trace outputs. Files are opened before any work (a bad path
// fails at once) and written through QSaveFile, so a failed or cancelled run
// leaves no partial file behind. "-" means stdout.
class OutputFiles
{
public:
    explicit OutputFiles(QTextStream &stdoutStream)
        : m_stdout(stdoutStream)
    {
    }

    Status open(const QString &jsonPath, const QString &csvPath, const QString &tracePath = {});
    bool writesStdout() const
    {
        return m_jsonPath == QLatin1String("-") || m_csvPath == QLatin1String("-") || m_tracePath == QLatin1String("-");
    }
    // Writes each output that was opened; the others' contents are ignored.
    Status commit(const std::string &json, const std::string &csv, const std::string &trace = {});

private:
    Status openOne(const QString &path, std::unique_ptr<QSaveFile> &file);
    Status commitOne(const QString &path, std::unique_ptr<QSaveFile> &file, const std::string &content);

    QTextStream &m_stdout;
    QString m_jsonPath;
    QString m_csvPath;
    QString m_tracePath;
    std::unique_ptr<QSaveFile> m_json;
    std::unique_ptr<QSaveFile> m_csv;
    std::unique_ptr<QSaveFile> m_trace;
};

} // namespace sharescope
