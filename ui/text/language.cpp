// SPDX-License-Identifier: GPL-3.0-or-later
#include "language.h"

#include "phase.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
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

QString languageOfLocale(const QLocale &locale)
{
    // Every Chinese locale (zh_CN, zh_SG, and the Traditional zh_TW, zh_HK,
    // zh_MO) gets the Simplified Chinese translation: a reader of
    // Traditional Chinese reads it more easily than English.
    return locale.language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QString systemLanguage()
{
    return languageOfLocale(QLocale::system());
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

QString translatedWithoutApplication(const QString &language, const char *context, const char *text)
{
    QTranslator translator;
    if (language != QLatin1String("en") && translator.load(QStringLiteral(":/i18n/sharescope_%1.qm").arg(language))) {
        if (QString translated = translator.translate(context, text); !translated.isEmpty())
            return translated;
    }
    return QString::fromUtf8(text);
}

QString currentLanguage()
{
    return current();
}

QString timesText(double ratio, int decimals)
{
    //: A ratio, such as 2.0×: in Chinese 2.0 倍 (a space, then 倍).
    return QCoreApplication::translate("Units", "%1×").arg(QString::number(ratio, 'f', decimals));
}

QString languageName(const QString &language)
{
    return language == QLatin1String("zh_CN") ? QStringLiteral("简体中文") : QStringLiteral("English");
}

QString coreText(const std::string &text)
{
    const QByteArray utf8 = QByteArray::fromStdString(text);
    for (const char *context : {"Catalogue", "Core"}) {
        QString translated = QCoreApplication::translate(context, utf8.constData());
        if (translated != QString::fromUtf8(utf8))
            return translated;
    }
    return QString::fromUtf8(utf8);
}

QString messageText(const MessageTemplate &message)
{
    if (message.args.empty())
        return coreText(message.text);
    std::vector<std::string> args;
    for (const MessageTemplate &arg : message.args)
        args.push_back(messageText(arg).toStdString());
    // In the context it was marked in: "Core", or "Catalogue" (the reasons
    // a mode is not supported, which the catalogue's rows give).
    const QString text = coreText(message.text);
    return QString::fromStdString(fillTemplate(text.toStdString(), args));
}

QString templateText(const std::string &english, const MessageTemplate &message)
{
    return message.empty() ? coreText(english) : messageText(message);
}

QString errorText(const Error &error)
{
    const QString text = templateText(error.message, error.translatable);
    return error.phase ? QCoreApplication::translate("Core", "%1: %2").arg(q(phaseName(*error.phase)), text) : text;
}

QString skippedText(const Error &reason)
{
    switch (reason.kind) {
    case ErrorKind::Unsupported:
        return QCoreApplication::translate("Core", "not supported: %1").arg(errorText(reason));
    case ErrorKind::Failed:
    case ErrorKind::Cancelled:
        return QCoreApplication::translate("Core", "failed: %1").arg(errorText(reason));
    case ErrorKind::BadArgument:
        break;
    }
    return QCoreApplication::translate("Core", "skipped: %1").arg(errorText(reason));
}

QString supportText(const Support &support)
{
    return templateText(support.reason, support.translatable);
}

} // namespace sharescope
