// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QUrl;

namespace sharescope {

// What the Explain tab shows for a mode, read from the resources
// (resources/explain/<mode>/): the explanation and the same thing in code.
struct CodeExample
{
    QString label; // "C++ (CUDA runtime)", "CuPy", ...
    QString code;
};

struct Explanation
{
    QString markdown; // empty when the mode has none
    QList<CodeExample> examples;
};

// A page is a mode's name, or one of explanationPages().
Explanation explanationFor(const QString &page);

// The pages that explain something other than a mode (sharing one buffer
// between Python libraries, TensorFlow's memory), in resources/explain/ like
// the modes' and reached from their pages by links.
QStringList explanationPages();

// The page a link in an explanation names, written [text](explain:PAGE) in
// the markdown; empty for any other link (those open in a browser).
QString explanationLinkTarget(const QUrl &link);

} // namespace sharescope
