#include "outputfiles.h"

#include <QCoreApplication>

// The translation context of this file's messages.
class OutputText
{
    Q_DECLARE_TR_FUNCTIONS(OutputText)
};

namespace sharescope {
namespace {

} // namespace

Status OutputFiles::open(const QString &jsonPath, const QString &csvPath, const QString &tracePath)
{
    m_jsonPath = jsonPath;
    m_csvPath = csvPath;
    m_tracePath = tracePath;
    if (Status s = openOne(jsonPath, m_json); !s)
        return s;
    if (Status s = openOne(csvPath, m_csv); !s)
        return s;
    return openOne(tracePath, m_trace);
}

Status OutputFiles::openOne(const QString &path, std::unique_ptr<QSaveFile> &file)
{
    if (path.isEmpty() || path == QLatin1String("-"))
        return okStatus();
    file = std::make_unique<QSaveFile>(path);
    if (!file->open(QIODevice::WriteOnly)) {
        return badArgument(OutputText::tr("cannot write '%1': %2").arg(path, file->errorString()).toStdString());
    }
    return okStatus();
}

Status OutputFiles::commitOne(const QString &path, std::unique_ptr<QSaveFile> &file, const std::string &content)
{
    if (path == QLatin1String("-")) {
        m_stdout << QString::fromStdString(content);
        m_stdout.flush();
        return okStatus();
    }
    if (!file)
        return okStatus();
    const QByteArray bytes = QByteArray::fromStdString(content);
    if (file->write(bytes) != bytes.size() || !file->commit())
        return failed(OutputText::tr("cannot write '%1': %2").arg(path, file->errorString()).toStdString());
    return okStatus();
}

Status OutputFiles::commit(const std::string &json, const std::string &csv, const std::string &trace)
{
    if (Status s = commitOne(m_jsonPath, m_json, json); !s)
        return s;
    if (Status s = commitOne(m_csvPath, m_csv, csv); !s)
        return s;
    return commitOne(m_tracePath, m_trace, trace);
}

} // namespace sharescope
