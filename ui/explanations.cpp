// SPDX-License-Identifier: GPL-3.0-or-later
#include "explanations.h"

#include "language.h"

#include <QCoreApplication>
#include <QFile>
#include <QUrl>

namespace sharescope {
namespace {

QString read(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

Explanation explanationFor(const QString &page)
{
    const QString base = QStringLiteral(":/explain/%1/").arg(page);
    Explanation explanation;
    explanation.markdown = read(base + currentLanguage() + QStringLiteral(".md"));
    if (explanation.markdown.isEmpty())
        explanation.markdown = read(base + QStringLiteral("en.md"));
    // The order of the example tabs: C++ first, then the Python libraries.
    static const std::pair<const char *, const char *> files[] = {
        {"cpp.cu", QT_TRANSLATE_NOOP("Explanations", "C++ (CUDA runtime)")},
        {"cpp.cpp", QT_TRANSLATE_NOOP("Explanations", "C++ (OpenCL)")},
        {"py-cupy.py", "CuPy"},
        {"py-cupy-torch.py", "CuPy + PyTorch"},
        {"py-numba.py", "numba"},
        {"py-torch.py", "PyTorch"},
        {"py-jax.py", "JAX"},
        {"py-tensorflow.py", "TensorFlow"},
        {"py-tensorflow-v1.py", QT_TRANSLATE_NOOP("Explanations", "TensorFlow (TF1 style)")},
        {"py-pyopencl.py", "pyopencl"},
    };
    for (const auto &[file, label] : files) {
        const QString code = read(base + QLatin1String(file));
        if (!code.isEmpty())
            explanation.examples.append({QCoreApplication::translate("Explanations", label), code});
    }
    return explanation;
}

QStringList explanationPages()
{
    return {QStringLiteral("dlpack"), QStringLiteral("tensorflow")};
}

QString explanationLinkTarget(const QUrl &link)
{
    return link.scheme() == QLatin1String("explain") ? link.path() : QString();
}

} // namespace sharescope
