// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experimentspec.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QTabWidget;
class QTextBrowser;

namespace sharescope {

// The Explain tab: what the chosen mode does to memory, what to look for, when
// to use it, its pitfalls; the same thing in C++ and Python, each with a Copy
// button; and the command that reproduces the experiment on screen. Links
// between pages (explain:PAGE) show that page here; other links open in a
// browser.
class ExplainTab : public QWidget
{
    Q_OBJECT

public:
    explicit ExplainTab(QWidget *parent = nullptr);
    void setExperiment(const ExperimentSpec &spec);
    QString command() const;
    // Shows a mode's page or one of explanationPages(); the experiment's
    // mode shows again when it changes.
    void showPage(const QString &page);
    QString page() const { return m_page; }
    QTextBrowser *text() const { return m_text; }
    QTabWidget *examples() const { return m_examples; }

private:
    void openLink(const QUrl &link);

    QString m_mode;
    QString m_page;
    QTextBrowser *m_text;
    QTabWidget *m_examples;
    QLineEdit *m_command;
};

} // namespace sharescope
