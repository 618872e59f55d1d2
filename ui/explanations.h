#pragma once

#include <QList>
#include <QString>

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

Explanation explanationFor(const QString &mode);

} // namespace sharescope
