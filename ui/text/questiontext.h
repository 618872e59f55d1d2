// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessons/demoquestion.h"

#include <QString>
#include <QStringList>

#include <cstddef>
#include <optional>

namespace sharescope {

// A demo's question in the current language: what is asked, and each
// choice; `code` in them is shown as code.
struct QuestionText
{
    QString question;
    QStringList choices;
};
QuestionText questionText(const DemoQuestion &question);

// What the runs measured, as one paragraph for the lesson: the measured
// answer with its number, then the student's prediction beside it (none:
// they ran without answering).
QString answerText(const DemoQuestion &question, const MeasuredAnswer &measured, std::optional<std::size_t> predicted);

} // namespace sharescope
