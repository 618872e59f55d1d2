// SPDX-License-Identifier: GPL-3.0-or-later
#include "wheelguard.h"

#include <QEvent>
#include <QWidget>

namespace sharescope {
namespace {

class WheelGuard : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::Wheel)
            return false;
        const auto *widget = qobject_cast<QWidget *>(watched);
        if (!widget || widget->hasFocus())
            return false;
        // Not the widget's: ignored, so that QApplication offers it to the
        // parents (the scroll area).
        event->ignore();
        return true;
    }
};

} // namespace

void guardWheel(QWidget *widget)
{
    // The wheel no longer gives focus either (Qt::WheelFocus would).
    widget->setFocusPolicy(Qt::StrongFocus);
    widget->installEventFilter(new WheelGuard(widget));
}

} // namespace sharescope
