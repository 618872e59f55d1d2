// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>

namespace sharescope {

// The widest line of any help text, in terminal columns: Chinese characters
// take two columns each, so lines are measured by display width.
constexpr int helpWidth = 80;

// `name` at the left (indented by two), then `text` wrapped beside it in
// the columns from `nameWidth` + 2 on; a name wider than its column puts
// the text on the lines below it. Every line ends with a newline.
QString helpColumns(const QString &name, const QString &text, int nameWidth);

// `text` with every paragraph (its lines up to a blank one) that has a line
// wider than helpWidth filled again to helpWidth: its line breaks were
// chosen for narrower lines. A paragraph that fits keeps its breaks.
QString fittedToHelpWidth(const QString &text);

// The help of one command, laid out as QCommandLineParser lays it out
// (usage, description, options, argument), wrapped to helpWidth columns.
// `argument` and `argumentText` are empty for a command that takes none.
QString commandHelp(const QString &usage, const QString &description, const QList<QCommandLineOption> &options,
                    const QString &argument, const QString &argumentText);

} // namespace sharescope
