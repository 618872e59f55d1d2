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
// button; and the command that reproduces the experiment on screen.
class ExplainTab : public QWidget
{
    Q_OBJECT

public:
    explicit ExplainTab(QWidget *parent = nullptr);
    void setExperiment(const ExperimentSpec &spec);
    QString command() const;
    QTabWidget *examples() const { return m_examples; }

private:
    QString m_mode;
    QTextBrowser *m_text;
    QTabWidget *m_examples;
    QLineEdit *m_command;
};

} // namespace sharescope
