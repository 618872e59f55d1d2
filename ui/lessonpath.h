// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessons/demos.h"

#include <QObject>

#include <optional>
#include <vector>

class QAction;
class QMenu;

namespace sharescope {

// The Demos menu as a lesson path: "Next lesson" first, then the demos in
// the path's order (demos()), numbered, each checked once its lesson has
// been shown, then "Start the path again". The progress is remembered
// (QSettings "demos/seen") where the window remembers its settings.
class LessonPath : public QObject
{
    Q_OBJECT

public:
    LessonPath(QMenu *menu, bool remember, QObject *parent = nullptr);

    void markSeen(DemoId demo);
    bool seen(DemoId demo) const;
    // The first demo of the path not seen yet; empty once all are.
    std::optional<DemoId> next() const;
    QAction *nextAction() const { return m_next; }
    QAction *demoAction(DemoId demo) const;
    QAction *restartAction() const { return m_restart; }

signals:
    // From the menu: the demo to ask about and run.
    void demoChosen(DemoId demo);

private:
    void update();
    void save() const;

    QAction *m_next;
    std::vector<QAction *> m_demos; // in DemoId order
    QAction *m_restart;
    std::vector<bool> m_seen; // in DemoId order
    bool m_remember;
};

} // namespace sharescope
