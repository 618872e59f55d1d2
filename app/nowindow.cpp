// SPDX-License-Identifier: GPL-3.0-or-later
// guiapp.h in a build without the window (SHARESCOPE_WITH_WINDOW OFF, as
// the Python package builds it): every command but `gui` works, and `gui`
// says plainly why it does not.
#include "guiapp.h"

#include "language.h"

#include <QCoreApplication>
#include <QTextStream>

namespace sharescope {

// Always: runGui below is where this build says that it has no window.
bool canShowWindow()
{
    return true;
}

int runGui(int &argc, char **argv, const CommandLineOptions &options)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sharescope"));
    QCoreApplication::setOrganizationName(QStringLiteral("ShareScope"));
    installLanguage(options.language.isEmpty() ? systemLanguage() : options.language);
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString why = QCoreApplication::translate(
        "main",
        "sharescope: this build of ShareScope has no window (it was built without Qt Widgets, as the Python "
        "package is); every other command works without one.");
    // Nothing asked but the program: the commands it has, as without a display.
    if (options.noArguments) {
        out << usageText();
        err << Qt::endl << why << Qt::endl;
        return 0;
    }
    err << why << Qt::endl;
    return 3;
}

} // namespace sharescope
