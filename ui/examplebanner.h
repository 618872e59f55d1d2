// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFrame>

class QLabel;

namespace sharescope {

// The line above the tabs while a shipped example is shown: where and when
// it was measured, and that it was not on this machine. Hidden otherwise;
// its Close button hides it, the example stays.
class ExampleBanner : public QFrame
{
    Q_OBJECT

public:
    explicit ExampleBanner(QWidget *parent = nullptr);

    void showExample(const QString &title, const QString &provenance);
    QString text() const;

private:
    QLabel *m_label;
};

} // namespace sharescope
