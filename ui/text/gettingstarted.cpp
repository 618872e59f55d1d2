// SPDX-License-Identifier: GPL-3.0-or-later
#include "gettingstarted.h"

#include "lesson.h"
#include "lessons/demos.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

// The translation context of this file's messages.
class GettingStarted
{
    Q_DECLARE_TR_FUNCTIONS(GettingStarted)
};

namespace sharescope {

QString gettingStartedText()
{
    QString text = QStringLiteral("<p>%1</p><ol>")
                       .arg(GettingStarted::tr("ShareScope's lessons form a path: each asks what you expect, runs a "
                                               "comparison on this machine, then explains it with the numbers it "
                                               "measured.")
                                .toHtmlEscaped());
    for (const DemoInfo &demo : demos())
        text += QStringLiteral("<li>%1 <i>(%2)</i></li>")
                    .arg(demoTitle(demo).toHtmlEscaped(), demoNeedsText(demo).toHtmlEscaped());
    text += QStringLiteral("</ol><p>%1</p><p>%2</p>")
                .arg(GettingStarted::tr("Demos ▸ Next lesson (Ctrl+L) starts the first lesson not seen yet. A lesson "
                                        "this machine cannot run shows its run on an NVIDIA H200, shipped with "
                                        "ShareScope and labelled as such.")
                         .toHtmlEscaped(),
                     GettingStarted::tr("To try a mode of your own, choose a device, a mode and a size in the "
                                        "Experiment panel and press Run (Ctrl+R); the Explain tab says what the mode "
                                        "does in memory, with code to try it.")
                         .toHtmlEscaped());
    return text;
}

QString documentationFolder()
{
    const QDir program(QCoreApplication::applicationDirPath());
    // Installed: PREFIX/bin/sharescope and PREFIX/share/doc/sharescope;
    // a build: build/PRESET/app/sharescope in the source tree.
    for (const QString &candidate :
         {program.filePath(QStringLiteral("../share/doc/sharescope")), program.filePath(QStringLiteral("../../.."))}) {
        if (QFileInfo::exists(QDir(candidate).filePath(QStringLiteral("docs/window.md"))))
            return QDir::cleanPath(QDir(candidate).absolutePath());
    }
    return {};
}

} // namespace sharescope
