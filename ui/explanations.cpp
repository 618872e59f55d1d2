#include "explanations.h"

#include "language.h"

#include <QCoreApplication>
#include <QFile>

namespace sharescope {
namespace {

QString read(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

Explanation explanationFor(const QString &mode)
{
    const QString base = QStringLiteral(":/explain/%1/").arg(mode);
    Explanation explanation;
    explanation.markdown = read(base + currentLanguage() + QStringLiteral(".md"));
    if (explanation.markdown.isEmpty())
        explanation.markdown = read(base + QStringLiteral("en.md"));
    static const std::pair<const char *, const char *> files[] = {
        {"cpp.cu", QT_TRANSLATE_NOOP("Explanations", "C++ (CUDA runtime)")},
        {"cpp.cpp", QT_TRANSLATE_NOOP("Explanations", "C++ (OpenCL)")},
        {"py-cupy.py", "CuPy"},
        {"py-numba.py", "numba"},
        {"py-torch.py", "PyTorch"},
        {"py-pyopencl.py", "pyopencl"},
    };
    for (const auto &[file, label] : files) {
        const QString code = read(base + QLatin1String(file));
        if (!code.isEmpty())
            explanation.examples.append({QCoreApplication::translate("Explanations", label), code});
    }
    return explanation;
}

} // namespace sharescope
