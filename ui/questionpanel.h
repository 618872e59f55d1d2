// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "questiontext.h"

#include <QFrame>

class QButtonGroup;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace sharescope {

// A demo's question before it runs: the choices as radio buttons, "Run the
// demo" once one is chosen, and "Run without answering". Either starts the
// demo; the answer is kept until the measured one is set beside it.
class QuestionPanel : public QFrame
{
    Q_OBJECT

public:
    explicit QuestionPanel(QWidget *parent = nullptr);
    // Shows the question with no choice made.
    void ask(const QString &title, const QuestionText &question);
    // The choice made, -1 for none.
    int choice() const;
    void choose(int index); // as a click on the index-th choice does
    QPushButton *runButton() const { return m_run; }
    QPushButton *skipButton() const { return m_skip; }

signals:
    // -1: run without answering.
    void answered(int choice);

private:
    QLabel *m_title;
    QLabel *m_question;
    QVBoxLayout *m_choicesLayout;
    QButtonGroup *m_choices;
    QPushButton *m_run;
    QPushButton *m_skip;
};

} // namespace sharescope
