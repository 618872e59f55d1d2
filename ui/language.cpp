#include "language.h"

#include <QCoreApplication>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QTranslator>

#include <memory>

namespace sharescope {
namespace {

QString &current()
{
    static QString language = QStringLiteral("en");
    return language;
}

// Our translation and Qt's own (standard buttons, dialogs), where installed.
std::unique_ptr<QTranslator> &ownTranslator()
{
    static std::unique_ptr<QTranslator> translator;
    return translator;
}
std::unique_ptr<QTranslator> &qtTranslator()
{
    static std::unique_ptr<QTranslator> translator;
    return translator;
}

void replace(std::unique_ptr<QTranslator> &slot, std::unique_ptr<QTranslator> next)
{
    if (slot)
        QCoreApplication::removeTranslator(slot.get());
    slot = std::move(next);
    if (slot)
        QCoreApplication::installTranslator(slot.get());
}

} // namespace

QStringList supportedLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString systemLanguage()
{
    const QLocale locale = QLocale::system();
    const bool simplified = locale.language() == QLocale::Chinese && locale.script() != QLocale::TraditionalHanScript
        && locale.territory() != QLocale::Taiwan && locale.territory() != QLocale::HongKong
        && locale.territory() != QLocale::Macao;
    return simplified ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

void installLanguage(const QString &language)
{
    std::unique_ptr<QTranslator> own;
    std::unique_ptr<QTranslator> qt;
    if (language != QLatin1String("en")) {
        own = std::make_unique<QTranslator>();
        if (!own->load(QStringLiteral(":/i18n/sharescope_%1.qm").arg(language)))
            own.reset();
        qt = std::make_unique<QTranslator>();
        if (!qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            qt.reset();
    }
    replace(ownTranslator(), std::move(own));
    replace(qtTranslator(), std::move(qt));
    current() = language;
}

QString currentLanguage()
{
    return current();
}

QString languageName(const QString &language)
{
    return language == QLatin1String("zh_CN") ? QStringLiteral("简体中文") : QStringLiteral("English");
}

QString chineseFontFamily()
{
    static const QStringList preferred{
        QStringLiteral("WenQuanYi Micro Hei"), QStringLiteral("Noto Sans CJK SC"),
        QStringLiteral("Source Han Sans SC"),  QStringLiteral("WenQuanYi Zen Hei"),
        QStringLiteral("Droid Sans Fallback"), QStringLiteral("AR PL UMing CN"),
    };
    const QStringList families = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    for (const QString &family : preferred) {
        if (families.contains(family))
            return family;
    }
    return families.value(0);
}

QString coreText(const std::string &text)
{
    const QByteArray utf8 = QByteArray::fromStdString(text);
    for (const char *context : {"Catalogue", "Core"}) {
        const QString translated = QCoreApplication::translate(context, utf8.constData());
        if (translated != QString::fromUtf8(utf8))
            return translated;
    }
    const QString translated = QString::fromUtf8(utf8);
    // Core messages with values: the pattern the core writes, and the same
    // message as a translatable template of its captures.
    static const std::pair<QRegularExpression, const char *> patterns[] = {
        {QRegularExpression(
             QStringLiteral("^(\\S+) is an? (CUDA|OpenCL) mode and (\\S+) is an? (CUDA|OpenCL) device$")),
         QT_TRANSLATE_NOOP("Catalogue", "%1 is a %2 mode and %3 is a %4 device")},
        {QRegularExpression(QStringLiteral("^device supports OpenCL (\\S+); SVM needs OpenCL 2.0 or later$")),
         QT_TRANSLATE_NOOP("Catalogue", "device supports OpenCL %1; SVM needs OpenCL 2.0 or later")},
        {QRegularExpression(QStringLiteral("^no (CUDA|OpenCL) device found$")),
         QT_TRANSLATE_NOOP("Catalogue", "no %1 device found")},
    };
    for (const auto &[pattern, translatable] : patterns) {
        const QRegularExpressionMatch match = pattern.match(QString::fromUtf8(utf8));
        if (!match.hasMatch())
            continue;
        QString message = QCoreApplication::translate("Catalogue", translatable);
        for (int i = 1; i <= pattern.captureCount(); ++i)
            message = message.arg(match.captured(i));
        return message;
    }
    for (const char *prefix : {"not supported: ", "failed: ", "skipped: "}) {
        if (text.starts_with(prefix)) {
            return QCoreApplication::translate("Catalogue", prefix)
                + coreText(text.substr(std::char_traits<char>::length(prefix)));
        }
    }
    return translated;
}

QString errorText(const Error &error)
{
    if (error.text.empty())
        return coreText(error.message);
    const QString text = QCoreApplication::translate("Core", error.text.c_str());
    // %1 .. %N in one pass, as the core's fillTemplate does.
    QString message;
    for (qsizetype i = 0; i < text.size(); ++i) {
        qsizetype end = i + 1;
        std::size_t number = 0;
        while (text[i] == QLatin1Char('%') && end < text.size() && text[end].isDigit())
            number = number * 10 + static_cast<std::size_t>(text[end++].digitValue());
        if (end > i + 1 && number >= 1 && number <= error.args.size()) {
            message += coreText(error.args[number - 1]);
            i = end - 1;
        } else {
            message += text[i];
        }
    }
    return message;
}

} // namespace sharescope
