// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "result.h"
#include "support.h"
#include "textconv.h"

#include <QLocale>
#include <QString>
#include <QStringList>

#include <string>

namespace sharescope {

// The languages of the interface: "en" and "zh_CN".
QStringList supportedLanguages();
// The language for a locale: "zh_CN" for every Chinese locale, Traditional
// ones (zh_TW, zh_HK, zh_MO) included, as there is no Traditional
// translation; else "en".
QString languageOfLocale(const QLocale &locale);
QString systemLanguage(); // languageOfLocale(QLocale::system())
// Loads the translations of `language` (from the resources) into the running
// application, replacing those of an earlier call, and makes it the current
// language. Needs a QCoreApplication. "en" needs no translation.
void installLanguage(const QString &language);
QString currentLanguage(); // "en" until installLanguage says otherwise
// `text` of `context` in `language`, from our translation alone: for what
// must be said before an application object exists to install it in (the
// window's platform failing to start inside QApplication's constructor).
QString translatedWithoutApplication(const QString &language, const char *context, const char *text);

// A ratio in the current language, with `decimals` places: "2.0×" in
// English, "2.0 倍" in Chinese.
QString timesText(double ratio, int decimals);

// The display name of a language in that language: "English", "简体中文".
QString languageName(const QString &language);

// A message of the Qt-free core in the current language: texts the core
// marks with SHARESCOPE_TR_NOOP (mode and kernel summaries, support
// reasons). Others stay English.
QString coreText(const std::string &text);

// A message of the core in the current language: its template translated
// (context "Core"), its values put in, each itself translated.
QString messageText(const MessageTemplate &message);
// A templated message of the core in the current language: the template
// translated (context "Core"), its values put in, each itself translated;
// coreText(english) where there is no template.
QString templateText(const std::string &english, const MessageTemplate &message);
// The phase that failed first ("kernel: ..."), then the message.
QString errorText(const Error &error);
QString supportText(const Support &support); // why a mode is not supported
// A skipped run's reason: "not supported: ...", "failed: ...".
QString skippedText(const Error &reason);

} // namespace sharescope
