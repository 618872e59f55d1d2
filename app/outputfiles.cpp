#include "outputfiles.h"

#include <QCoreApplication>

// The translation context of this file's messages.
class OutputText
{
    Q_DECLARE_TR_FUNCTIONS(OutputText)
};

namespace sharescope {

Status OutputFiles::open(const QString &jsonPath, const QString &csvPath)
{
    // Two results in one file would leave one of them, or neither readable.
    if (!jsonPath.isEmpty() && !csvPath.isEmpty() && sameOutput(jsonPath, csvPath)) {
        return badArgument(OutputText::tr("--json '%1' and --csv '%2' name the same file; give each its own")
                               .arg(jsonPath, csvPath)
                               .toStdString());
    }
    for (auto [path, file] : {std::pair{&jsonPath, &m_json}, std::pair{&csvPath, &m_csv}}) {
        if (path->isEmpty())
            continue;
        *file = std::make_unique<OutputFile>(*path);
        if (Status opened = (*file)->open(); !opened)
            return opened;
    }
    return okStatus();
}

bool OutputFiles::writesStdout() const
{
    return (m_json && m_json->isStandardOutput()) || (m_csv && m_csv->isStandardOutput());
}

Status OutputFiles::commitOne(const std::unique_ptr<OutputFile> &file, const std::string &content)
{
    if (!file)
        return okStatus();
    m_stdout.flush(); // what is already on stdout goes first
    return file->write(QByteArray::fromStdString(content));
}

Status OutputFiles::commit(const std::string &json, const std::string &csv)
{
    if (Status s = commitOne(m_json, json); !s)
        return s;
    return commitOne(m_csv, csv);
}

} // namespace sharescope
