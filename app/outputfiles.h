#pragma once

#include "result.h"

#include <QSaveFile>
#include <QString>
#include <QTextStream>

#include <memory>
#include <string>

namespace sharescope {

// The --json and --csv outputs. Files are opened before any work (a bad path
// fails at once) and written through QSaveFile, so a failed or cancelled run
// leaves no partial file behind. "-" means stdout.
class OutputFiles
{
public:
    explicit OutputFiles(QTextStream &stdoutStream)
        : m_stdout(stdoutStream)
    {
    }

    Status open(const QString &jsonPath, const QString &csvPath);
    bool writesStdout() const { return m_jsonPath == QLatin1String("-") || m_csvPath == QLatin1String("-"); }
    Status commit(const std::string &json, const std::string &csv);

private:
    Status openOne(const QString &path, std::unique_ptr<QSaveFile> &file);
    Status commitOne(const QString &path, std::unique_ptr<QSaveFile> &file, const std::string &content);

    QTextStream &m_stdout;
    QString m_jsonPath;
    QString m_csvPath;
    std::unique_ptr<QSaveFile> m_json;
    std::unique_ptr<QSaveFile> m_csv;
};

} // namespace sharescope
