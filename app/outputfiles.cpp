// SPDX-License-Identifier: GPL-3.0-or-later
#include "outputfiles.h"

#include "nativename.h"

#include <QCoreApplication>

#include <algorithm>

// The translation context of this file's messages.
class OutputText
{
    Q_DECLARE_TR_FUNCTIONS(OutputText)
};

namespace sharescope {

Status OutputFiles::open(const QString &jsonPath, const QString &csvPath, const QString &tracePath)
{
    const std::array<std::pair<const char *, const QString *>, 3> outputs{
        {{"--json", &jsonPath}, {"--csv", &csvPath}, {"--trace", &tracePath}}};
    // Two results in one file would leave one of them, or neither, readable.
    for (std::size_t a = 0; a < outputs.size(); ++a) {
        for (std::size_t b = a + 1; b < outputs.size(); ++b) {
            const QString &first = *outputs[a].second;
            const QString &second = *outputs[b].second;
            if (!first.isEmpty() && !second.isEmpty() && sameOutput(nativeName(first), nativeName(second))) {
                return badArgument(
                    OutputText::tr("%1 '%2' and %3 '%4' name the same file; give each its own")
                        .arg(QLatin1String(outputs[a].first), first, QLatin1String(outputs[b].first), second)
                        .toStdString());
            }
        }
    }
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        if (outputs[i].second->isEmpty())
            continue;
        m_files[i] = std::make_unique<OutputFile>(nativeName(*outputs[i].second));
        if (Status opened = m_files[i]->open(); !opened)
            return opened;
    }
    return okStatus();
}

bool OutputFiles::writesStdout() const
{
    return std::ranges::any_of(m_files, [](const auto &file) { return file && file->isStandardOutput(); });
}

Status OutputFiles::commitOne(const std::unique_ptr<OutputFile> &file, const std::string &content)
{
    if (!file)
        return okStatus();
    m_stdout.flush(); // what is already on stdout goes first
    return file->write(content);
}

Status OutputFiles::commit(const std::string &json, const std::string &csv, const std::string &trace)
{
    for (const auto &[file, content] :
         {std::pair{&m_files[0], &json}, std::pair{&m_files[1], &csv}, std::pair{&m_files[2], &trace}}) {
        if (Status s = commitOne(*file, *content); !s)
            return s;
    }
    return okStatus();
}

} // namespace sharescope
