// SPDX-License-Identifier: GPL-3.0-or-later
#include "explaincommand.h"

#include "catalogue.h"
#include "explanations.h"
#include "language.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

#include <unistd.h>

// The translation context of this file's messages.
class ExplainText
{
    Q_DECLARE_TR_FUNCTIONS(ExplainText)
};

namespace sharescope {
namespace {

constexpr qsizetype nameWidth = 26;

// A page's line in the list: its title, else the mode's summary.
QString summaryOf(const QString &page)
{
    if (QString title = explanationTitle(page); !title.isEmpty())
        return title;
    const auto mode = modeFromName(page.toStdString());
    return mode ? coreText(std::string(modeInfo(*mode).summary)) : QString();
}

QString pageList()
{
    QString text = ExplainText::tr("Every sharing mode has a page, with examples in C++ and Python; reading them needs "
                                   "no device.\n");
    for (const BackendKind backend : {BackendKind::Cuda, BackendKind::OpenCL}) {
        text += QLatin1Char('\n') + ExplainText::tr("%1 modes").arg(q(backendName(backend))) + QLatin1Char('\n');
        for (const ModeInfo &mode : modes()) {
            if (mode.backend == backend)
                text += QStringLiteral("  %1%2\n").arg(q(mode.name).leftJustified(nameWidth), summaryOf(q(mode.name)));
        }
    }
    text += QLatin1Char('\n') + ExplainText::tr("More") + QLatin1Char('\n');
    for (const QString &page : explanationPages())
        text += QStringLiteral("  %1%2\n").arg(page.leftJustified(nameWidth), summaryOf(page));
    text += QLatin1Char('\n')
        + ExplainText::tr("Read one with: sharescope explain MODE [--lang zh_CN] [--example NAME]") + QLatin1Char('\n');
    return text;
}

// The page for a reader, not a Markdown viewer: its links to other pages
// ([text](explain:PAGE)) turned into the command that shows them; on a
// terminal, headings and **bold** in bold and `code` in cyan (ANSI); piped,
// plain text: the same words without the marks.
QString pageText(const QString &page, bool terminal)
{
    static const QRegularExpression link(QStringLiteral("\\[([^\\]]*)\\]\\(explain:([^)]*)\\)"));
    static const QRegularExpression heading(QStringLiteral("^#+\\s+(.*)$"), QRegularExpression::MultilineOption);
    static const QRegularExpression bold(QStringLiteral("\\*\\*([^*]+)\\*\\*"));
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    QString text = explanationFor(page).markdown;
    text.replace(link, QStringLiteral("\\1 (sharescope explain \\2)"));
    const QString on = terminal ? QStringLiteral("\x1b[1m") : QString();
    const QString off = terminal ? QStringLiteral("\x1b[0m") : QString();
    const QString codeOn = terminal ? QStringLiteral("\x1b[36m") : QString();
    text.replace(heading, on + QStringLiteral("\\1") + off);
    text.replace(bold, on + QStringLiteral("\\1") + off);
    text.replace(code, codeOn + QStringLiteral("\\1") + off);
    return text.endsWith(QLatin1Char('\n')) ? text : text + QLatin1Char('\n');
}

QString exampleList(const QString &page, const QList<CodeExample> &examples)
{
    QString text = QLatin1Char('\n')
        + ExplainText::tr("Examples (print one with: sharescope explain %1 --example NAME):").arg(page)
        + QLatin1Char('\n');
    for (const CodeExample &example : examples) {
        const QString kind = example.label.startsWith(example.language)
            ? example.label
            : QStringLiteral("%1: %2").arg(example.language, example.label);
        text += QStringLiteral("  %1%2%3\n").arg(example.name.leftJustified(18), example.file.leftJustified(22), kind);
    }
    return text;
}

} // namespace

int runExplainCommand(const CommandLineOptions &options, QTextStream &out)
{
    if (options.explainPage.isEmpty()) {
        out << pageList();
        return 0;
    }
    const Explanation explanation = explanationFor(options.explainPage);
    if (!options.explainExample.isEmpty()) {
        const auto it = std::ranges::find(explanation.examples, options.explainExample, &CodeExample::name);
        out << (it != explanation.examples.end() ? it->code : QString());
        return 0;
    }
    if (options.explainMarkdown) {
        const QString markdown = explanation.markdown;
        out << markdown << (markdown.endsWith(QLatin1Char('\n')) ? "" : "\n");
        return 0;
    }
    out << pageText(options.explainPage,
                    isatty(STDOUT_FILENO) == 1 && qEnvironmentVariable("TERM") != QLatin1String("dumb"))
        << exampleList(options.explainPage, explanation.examples);
    return 0;
}

} // namespace sharescope
