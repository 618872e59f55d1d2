// SPDX-License-Identifier: GPL-3.0-or-later
#include "helptext.h"

#include "textwrap.h"

#include <QCommandLineParser>

#include <algorithm>

namespace sharescope {
namespace {

// "-h, --help" or "--device <DEVICE>".
QString optionNames(const QCommandLineOption &option)
{
    QStringList names;
    for (const QString &name : option.names())
        names << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    QString text = names.join(QStringLiteral(", "));
    if (!option.valueName().isEmpty())
        text += QStringLiteral(" <%1>").arg(option.valueName());
    return text;
}

// QCommandLineParser's own limit: a longer name takes a line of its own.
constexpr int maxNameWidth = 50;

} // namespace

QString helpColumns(const QString &name, const QString &text, int nameWidth)
{
    const QString indent(nameWidth + 2 + 1, QLatin1Char(' '));
    const QStringList lines = wrapToWidth(text, helpWidth - static_cast<int>(indent.size()));
    QString result = QStringLiteral("  ") + name;
    if (displayWidth(name) > nameWidth)
        result += QLatin1Char('\n') + indent;
    else
        result += QString(nameWidth - displayWidth(name) + 1, QLatin1Char(' '));
    result += lines.join(QLatin1Char('\n') + indent);
    return result + QLatin1Char('\n');
}

QString fittedToHelpWidth(const QString &text)
{
    QStringList lines;
    QStringList paragraph;
    const auto flush = [&] {
        const bool fits
            = std::ranges::all_of(paragraph, [](const QString &line) { return displayWidth(line) <= helpWidth; });
        if (fits) {
            lines += paragraph;
        } else {
            // Joined with a space, except between two Chinese characters.
            QString joined;
            for (const QString &line : paragraph) {
                const bool wideJoint = !joined.isEmpty() && !line.isEmpty() && displayWidth(joined.back()) == 2
                    && displayWidth(line.front()) == 2;
                joined += (joined.isEmpty() || wideJoint ? QString() : QStringLiteral(" ")) + line.trimmed();
            }
            lines += wrapToWidth(joined, helpWidth);
        }
        paragraph.clear();
    };
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.trimmed().isEmpty()) {
            flush();
            lines << line;
        } else {
            paragraph << line;
        }
    }
    flush();
    return lines.join(QLatin1Char('\n'));
}

QString commandHelp(const QString &usage, const QString &description, const QList<QCommandLineOption> &options,
                    const QString &argument, const QString &argumentText)
{
    QString text = wrapToWidth(QCommandLineParser::tr("Usage: %1").arg(usage), helpWidth).join(QLatin1Char('\n'))
        + QLatin1Char('\n');
    text += wrapToWidth(description, helpWidth).join(QLatin1Char('\n')) + QStringLiteral("\n\n");
    int nameWidth = 0;
    for (const QCommandLineOption &option : options) {
        if (!(option.flags() & QCommandLineOption::HiddenFromHelp))
            nameWidth = std::max(nameWidth, displayWidth(optionNames(option)));
    }
    nameWidth = std::min(nameWidth, maxNameWidth);
    text += QCommandLineParser::tr("Options:") + QLatin1Char('\n');
    for (const QCommandLineOption &option : options) {
        if (!(option.flags() & QCommandLineOption::HiddenFromHelp))
            text += helpColumns(optionNames(option), option.description(), nameWidth);
    }
    if (!argument.isEmpty()) {
        text += QLatin1Char('\n') + QCommandLineParser::tr("Arguments:") + QLatin1Char('\n');
        text += helpColumns(argument, argumentText, nameWidth);
    }
    return text;
}

} // namespace sharescope
