// SPDX-License-Identifier: GPL-3.0-or-later
#include "questionpanel.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace sharescope {
namespace {

// `code` shown as code, the rest as text.
QString html(const QString &text)
{
    static const QRegularExpression code(QStringLiteral("`([^`]+)`"));
    return text.toHtmlEscaped().replace(code, QStringLiteral("<code>\\1</code>"));
}

} // namespace

QuestionPanel::QuestionPanel(QWidget *parent)
    : QFrame(parent)
    , m_title(new QLabel(this))
    , m_question(new QLabel(this))
    , m_choicesLayout(new QVBoxLayout)
    , m_choices(new QButtonGroup(this))
    , m_run(new QPushButton(tr("Run the demo"), this))
    , m_skip(new QPushButton(tr("Run without answering"), this))
{
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);
    m_title->setTextFormat(Qt::RichText);
    m_question->setWordWrap(true);
    m_question->setTextFormat(Qt::RichText);
    m_run->setDefault(true);
    m_run->setEnabled(false);
    m_run->setToolTip(tr("Choose what you expect first; the lesson then sets the measured answer beside yours."));
    connect(m_choices, &QButtonGroup::idClicked, this, [this] { m_run->setEnabled(true); });
    connect(m_run, &QPushButton::clicked, this, [this] { emit answered(choice()); });
    connect(m_skip, &QPushButton::clicked, this, [this] { emit answered(-1); });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_skip);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_question);
    layout->addLayout(m_choicesLayout);
    layout->addLayout(buttons);
    hide();
}

void QuestionPanel::ask(const QString &title, const QuestionText &question)
{
    for (QAbstractButton *button : m_choices->buttons()) {
        m_choices->removeButton(button);
        delete button;
    }
    m_title->setText(
        QStringLiteral("<b>%1</b> · %2").arg(title.toHtmlEscaped(), tr("Before it runs, what do you expect?")));
    m_question->setText(html(question.question));
    for (qsizetype i = 0; i < question.choices.size(); ++i) {
        // Plain text: a choice may hold `code`, shown as written.
        auto *button = new QRadioButton(QString(question.choices.at(i)).remove(QLatin1Char('`')), this);
        m_choices->addButton(button, static_cast<int>(i));
        m_choicesLayout->addWidget(button);
    }
    m_run->setEnabled(false);
    show();
    if (!m_choices->buttons().isEmpty())
        m_choices->buttons().constFirst()->setFocus();
}

int QuestionPanel::choice() const
{
    return m_choices->checkedId();
}

void QuestionPanel::choose(int index)
{
    if (QAbstractButton *button = m_choices->button(index))
        button->click();
}

} // namespace sharescope
