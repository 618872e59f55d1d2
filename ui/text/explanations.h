// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QUrl;

namespace sharescope {

// What the Explain tab and `sharescope explain` show for a mode, read from
// the resources (resources/explain/<mode>/): the explanation and the same
// thing in code. Every mode of every backend is built in, with or without
// CUDA: reading needs no device.
struct CodeExample
{
    QString name; // "py-cupy", "cpp": what `sharescope explain MODE --example` takes
    QString file; // "py-cupy.py", "cpp.cu"
    QString language; // "C++", "Python"
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

// Every page: the modes' names in the catalogue's order, then
// explanationPages().
QStringList allExplanationPages();

// A page's title, its first heading without the page's name ("Managed
// memory: ..."), in the current language.
QString explanationTitle(const QString &page);

// The page a link in an explanation names, written [text](explain:PAGE) in
// the markdown; empty for any other link (those open in a browser).
QString explanationLinkTarget(const QUrl &link);

} // namespace sharescope
