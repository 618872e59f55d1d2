// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessonpath.h"

#include "lesson.h"
#include "textconv.h"

#include <QAction>
#include <QMenu>
#include <QSettings>

namespace sharescope {
namespace {

const QString seenKey = QStringLiteral("demos/seen");

} // namespace

LessonPath::LessonPath(QMenu *menu, bool remember, QObject *parent)
    : QObject(parent)
    , m_next(menu->addAction(QString()))
    , m_seen(demos().size(), false)
    , m_remember(remember)
{
    menu->setToolTipsVisible(true);
    m_next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_next, &QAction::triggered, this, [this] {
        if (const auto demo = next())
            emit demoChosen(*demo);
    });
    menu->addSeparator();
    int number = 1;
    for (const DemoInfo &demo : demos()) {
        //: A Demos menu entry: its place on the lesson path (the & makes it the menu's key), then the demo's title.
        QAction *action = menu->addAction(tr("&%1  %2").arg(number++).arg(demoTitle(demo)));
        action->setCheckable(true);
        action->setStatusTip(tr("Ask what you expect, run the %1 demo on the device on screen, then explain what it "
                                "measured; checked once you have seen its lesson.")
                                 .arg(q(demo.name)));
        connect(action, &QAction::triggered, this, [this, id = demo.id] {
            update(); // a click checks a checkable action: the mark stays the progress
            emit demoChosen(id);
        });
        m_demos.push_back(action);
    }
    menu->addSeparator();
    m_restart = menu->addAction(tr("Start the path again"), this, [this] {
        std::fill(m_seen.begin(), m_seen.end(), false);
        save();
        update();
    });
    m_restart->setStatusTip(tr("Forget which lessons were seen."));
    if (m_remember) {
        const QStringList names = QSettings().value(seenKey).toStringList();
        for (const QString &name : names) {
            if (const auto demo = demoFromName(s(name)))
                m_seen[static_cast<std::size_t>(*demo)] = true;
        }
    }
    update();
}

void LessonPath::markSeen(DemoId demo)
{
    m_seen[static_cast<std::size_t>(demo)] = true;
    save();
    update();
}

bool LessonPath::seen(DemoId demo) const
{
    return m_seen[static_cast<std::size_t>(demo)];
}

std::optional<DemoId> LessonPath::next() const
{
    for (const DemoInfo &demo : demos()) {
        if (!seen(demo.id))
            return demo.id;
    }
    return std::nullopt;
}

QAction *LessonPath::demoAction(DemoId demo) const
{
    return m_demos[static_cast<std::size_t>(demo)];
}

void LessonPath::update()
{
    for (const DemoInfo &demo : demos())
        demoAction(demo.id)->setChecked(seen(demo.id));
    const auto demo = next();
    m_next->setEnabled(demo.has_value());
    m_next->setText(demo ? tr("&Next lesson: %1").arg(demoTitle(demoInfo(*demo)))
                         : tr("&Next lesson: every lesson seen"));
}

void LessonPath::save() const
{
    if (!m_remember)
        return;
    QStringList names;
    for (const DemoInfo &demo : demos()) {
        if (seen(demo.id))
            names << q(demo.name);
    }
    QSettings().setValue(seenKey, names);
}

} // namespace sharescope
