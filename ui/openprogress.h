// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace sharescope {

// The status bar's sign that a report is being opened: which, how far, and
// a Cancel button. Hidden while nothing is opening.
class OpenProgress : public QWidget
{
    Q_OBJECT

public:
    explicit OpenProgress(QWidget *parent = nullptr);

    void start(const QString &path);
    void setPermille(int permille);
    void finish();

    QProgressBar *bar() const { return m_bar; }
    QToolButton *cancelButton() const { return m_cancel; }

signals:
    void cancelRequested();

private:
    QLabel *m_label;
    QProgressBar *m_bar;
    QToolButton *m_cancel;
};

} // namespace sharescope
