// SPDX-License-Identifier: GPL-3.0-or-later
#include "explanations.h"

#include "catalogue.h"
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

struct ExampleFile
{
    const char *file;
    const char *language;
    const char *label; // translated in context "Explanations"
};

// The order of the example tabs: C++ first, then the Python libraries.
constexpr ExampleFile exampleFiles[] = {
    {"cpp.cu", "C++", QT_TRANSLATE_NOOP("Explanations", "C++ (CUDA runtime)")},
    {"cpp.cpp", "C++", QT_TRANSLATE_NOOP("Explanations", "C++ (OpenCL)")},
    {"py-cupy.py", "Python", "CuPy"},
    {"py-cupy-torch.py", "Python", "CuPy + PyTorch"},
    {"py-numba.py", "Python", "numba"},
    {"py-torch.py", "Python", "PyTorch"},
    {"py-jax.py", "Python", "JAX"},
    {"py-tensorflow.py", "Python", "TensorFlow"},
    {"py-tensorflow-v1.py", "Python", QT_TRANSLATE_NOOP("Explanations", "TensorFlow (TF1 style)")},
    {"py-pyopencl.py", "Python", "pyopencl"},
    {"py-watch.py", "Python", QT_TRANSLATE_NOOP("Explanations", "Python (standard library)")},
};

} // namespace

Explanation explanationFor(const QString &page)
{
    const QString base = QStringLiteral(":/explain/%1/").arg(page);
    Explanation explanation;
    explanation.markdown = read(base + currentLanguage() + QStringLiteral(".md"));
    if (explanation.markdown.isEmpty())
        explanation.markdown = read(base + QStringLiteral("en.md"));
    for (const ExampleFile &example : exampleFiles) {
        const QString file = QLatin1String(example.file);
        const QString code = read(base + file);
        if (code.isEmpty())
            continue;
        explanation.examples.append({file.section(QLatin1Char('.'), 0, 0), file, QLatin1String(example.language),
                                     QCoreApplication::translate("Explanations", example.label), code});
    }
    return explanation;
}

QStringList explanationPages()
{
    return {QStringLiteral("dlpack"), QStringLiteral("tensorflow"), QStringLiteral("watch")};
}

QStringList allExplanationPages()
{
    QStringList pages;
    for (const ModeInfo &mode : modes())
        pages << q(mode.name);
    return pages + explanationPages();
}

QString explanationTitle(const QString &page)
{
    const QString markdown = explanationFor(page).markdown;
    const QString heading = markdown.section(QLatin1Char('\n'), 0, 0);
    const QString prefix = QStringLiteral("# %1:").arg(page);
    return heading.startsWith(prefix) ? heading.mid(prefix.size()).trimmed() : QString();
}

QString explanationLinkTarget(const QUrl &link)
{
    return link.scheme() == QLatin1String("explain") ? link.path() : QString();
}

} // namespace sharescope
