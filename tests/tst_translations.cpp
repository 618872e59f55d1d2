// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogue.h"
#include "chinesefont.h"
#include "explanations.h"
#include "language.h"
#include "preflight.h"
#include "report/reportset.h"
#include "textwrap.h"
#include "trnoop.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTextLayout>
#include <QXmlStreamReader>

using namespace sharescope;

namespace {

struct Message
{
    QString context;
    QString source;
    QString translation;
    bool finished = false;
};

QList<Message> readTs(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            message = Message{context, {}, {}, false};
        } else if (xml.name() == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            message.finished = type.isEmpty();
            message.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            messages.append(message);
        }
    }
    if (xml.hasError())
        qFatal("%s: %s", qPrintable(path), qPrintable(xml.errorString()));
    return messages;
}

QString tsPath()
{
    return QStringLiteral(SHARESCOPE_SOURCE_DIR "/resources/translations/sharescope_zh_CN.ts");
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("%\\d+"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    found.sort();
    return found;
}

int accelerators(QString text)
{
    return static_cast<int>(text.remove(QStringLiteral("&&")).count(QLatin1Char('&')));
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void everyMessageIsTranslated()
    {
        const QList<Message> messages = readTs(tsPath());
        QVERIFY(messages.size() > 300);
        QStringList problems;
        for (const Message &m : messages) {
            const QString where = m.context + QStringLiteral(" / ") + m.source.left(60);
            if (!m.finished || m.translation.trimmed().isEmpty())
                problems << QStringLiteral("unfinished: ") + where;
            else if (placeholders(m.source) != placeholders(m.translation))
                problems << QStringLiteral("placeholders differ: ") + where;
            else if (accelerators(m.source) != accelerators(m.translation))
                problems << QStringLiteral("accelerators differ: ") + where;
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // lupdate over today's sources finds no string the file lacks, and the
    // file holds none the sources dropped (scripts/update-translations.sh).
    void noStringIsMissing()
    {
        // A machine that runs the built tests without the sources or Qt's
        // linguist tools (a GPU machine) cannot run lupdate.
        if (!QFileInfo(QStringLiteral(LUPDATE_PATH)).isExecutable()
            || !QFileInfo(QStringLiteral(SHARESCOPE_SOURCE_DIR "/core")).isDir())
            QSKIP("lupdate or the sources are not on this machine");
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("current.ts"));
        QVERIFY(QFile::copy(tsPath(), copy));
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(SHARESCOPE_SOURCE_DIR));
        // The options of scripts/update-translations.sh.
        lupdate.start(QStringLiteral(LUPDATE_PATH),
                      {"-silent", "-no-obsolete", "-locations", "none", "-tr-function-alias",
                       "QT_TRANSLATE_NOOP+=SHARESCOPE_TR_NOOP", "-extensions", "cpp,h", "core", "app", "ui", "-ts",
                       copy});
        QVERIFY(lupdate.waitForFinished(120000));
        QCOMPARE(lupdate.exitCode(), 0);
        const auto keys = [](const QList<Message> &messages) {
            QSet<QString> set;
            for (const Message &m : messages)
                set.insert(m.context + QLatin1Char('\x1f') + m.source);
            return set;
        };
        const QSet<QString> committed = keys(readTs(tsPath()));
        const QSet<QString> current = keys(readTs(copy));
        QStringList missing;
        for (const QString &key : current - committed)
            missing << QStringLiteral("missing: ") + QString(key).replace(QLatin1Char('\x1f'), QStringLiteral(" / "));
        for (const QString &key : committed - current)
            missing << QStringLiteral("no longer in the code: ")
                    + QString(key).replace(QLatin1Char('\x1f'), QStringLiteral(" / "));
        missing.sort();
        QVERIFY2(missing.isEmpty(),
                 qPrintable(missing.join(QLatin1Char('\n')) + QStringLiteral("\nrun scripts/update-translations.sh")));
    }

    // The compiled translation is in the resources and replaces the English.
    void theApplicationSpeaksChinese()
    {
        installLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
        QCOMPARE(QCoreApplication::translate("Demos", "Why prefetch matters"), QStringLiteral("预取为何重要"));
        // A skipped run read back from a report: its reason is plain text.
        const Error fromFile
            = skippedReasonFromText("not supported: device reports no managed memory (cudaDevAttrManagedMemory is 0)");
        QCOMPARE(skippedText(fromFile),
                 QStringLiteral("不支持：设备报告不支持托管内存（cudaDevAttrManagedMemory 为 0）"));
        installLanguage(QStringLiteral("en"));
        QCOMPARE(QCoreApplication::translate("Demos", "Why prefetch matters"), QStringLiteral("Why prefetch matters"));
    }

    // There is one Chinese translation, in Simplified characters: every
    // Chinese locale reads it, Traditional ones included, rather than English.
    void chineseLocalesFallBackToSimplified_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("language");
        for (const char *name : {"zh_CN", "zh_SG", "zh_TW", "zh_HK", "zh_MO", "zh_Hant_TW", "zh"})
            QTest::addRow("%s", name) << QString::fromLatin1(name) << QStringLiteral("zh_CN");
        for (const char *name : {"en_US", "en_GB", "ja_JP", "ko_KR", "C"})
            QTest::addRow("%s", name) << QString::fromLatin1(name) << QStringLiteral("en");
    }
    void chineseLocalesFallBackToSimplified()
    {
        QFETCH(QString, locale);
        QFETCH(QString, language);
        QCOMPARE(languageOfLocale(QLocale(locale)), language);
    }

    // A label of badges wraps between badges only, at every width: never
    // inside 与主机共用内存, as Chinese text otherwise may.
    void badgesBreakBetweenBadgesOnly()
    {
        const QStringList badges{QStringLiteral("15.4 GiB"), QStringLiteral("OpenCL 3.0"),
                                 QStringLiteral("与主机共用内存"), QStringLiteral("细粒度 SVM")};
        QStringList parts;
        for (const QString &badge : badges)
            parts << unbreakable(badge);
        const QString separator = QStringLiteral(" · ");
        const QString text = parts.join(separator);
        QList<qsizetype> starts{0};
        for (qsizetype at = text.indexOf(separator); at >= 0; at = text.indexOf(separator, at + 1))
            starts << at + separator.size() << at + 1 << at + 2; // a break may fall either side of the dot
        QFont font(chineseFontFamily());
        const QFontMetrics metrics(font);
        int multiline = 0;
        for (int width = metrics.horizontalAdvance(QStringLiteral("与主机共用内存")) + 2; width < 600; width += 7) {
            QTextLayout layout(text, font);
            QTextOption option;
            option.setWrapMode(QTextOption::WordWrap);
            layout.setTextOption(option);
            layout.beginLayout();
            QList<qsizetype> lineStarts;
            for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
                line.setLineWidth(width);
                lineStarts << line.textStart();
            }
            layout.endLayout();
            multiline += lineStarts.size() > 1 ? 1 : 0;
            for (const qsizetype start : lineStarts) {
                QVERIFY2(starts.contains(start),
                         qPrintable(QStringLiteral("width %1: a line starts inside a badge: %2")
                                        .arg(width)
                                        .arg(text.mid(start).remove(QChar(0x2060)))));
            }
        }
        QVERIFY(multiline > 0); // the widths tried did wrap
        QCOMPARE(QString(text).remove(QChar(0x2060)).replace(QChar(QChar::Nbsp), QLatin1Char(' ')),
                 badges.join(separator));
    }

    // A skipped run's reason keeps its template, values and all, into the
    // user's language; a failed phase is named in both languages.
    void templatesSurviveIntoChinese()
    {
        DeviceInfo device;
        device.id = "cuda:0";
        device.backend = BackendKind::Cuda;
        device.versionMajor = 9;
        const Error skipped = supportError(supportOf(device, ModeId::ClSvmFine));
        Error phaseError
            = errorOf(ErrorKind::Failed, SHARESCOPE_TR_NOOP("Core", "no experiment could run on %1"), {"cuda:0"});
        phaseError.phase = Phase::Kernel;
        QCOMPARE(skippedText(skipped),
                 QStringLiteral("not supported: cl-svm-fine is an OpenCL mode and cuda:0 is a "
                                "CUDA device"));
        QCOMPARE(errorText(phaseError), QStringLiteral("kernel: no experiment could run on cuda:0"));
        installLanguage(QStringLiteral("zh_CN"));
        const QString chineseSkipped = skippedText(skipped);
        const QString chinesePhase = errorText(phaseError);
        installLanguage(QStringLiteral("en"));
        QCOMPARE(chineseSkipped, QStringLiteral("不支持：cl-svm-fine 是 OpenCL 模式，而 cuda:0 是 CUDA 设备"));
        QCOMPARE(chinesePhase, QStringLiteral("kernel：没有实验能在 cuda:0 上运行"));
    }

    // Every character of every translation and Chinese explanation can be
    // drawn by the font the window uses for Chinese.
    void theFontDrawsEveryCharacter()
    {
        const QString family = chineseFontFamily();
        QVERIFY2(!family.isEmpty(), "no font that draws Chinese; scripts/setup.sh installs fonts-wqy-microhei");
        QFont font(family);
        font.setStyleStrategy(QFont::NoFontMerging);
        const QFontMetrics metrics(font);
        QStringList texts;
        for (const Message &m : readTs(tsPath()))
            texts << m.translation;
        QDirIterator it(QStringLiteral(SHARESCOPE_SOURCE_DIR "/resources/explain"), {QStringLiteral("zh_CN.md")},
                        QDir::Files, QDirIterator::Subdirectories);
        int explanations = 0;
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            texts << QString::fromUtf8(file.readAll());
            ++explanations;
        }
        QCOMPARE(explanations, int(modes().size() + explanationPages().size())); // every page found
        QSet<char32_t> missing;
        for (const QString &text : texts) {
            for (const char32_t c : text.toUcs4()) {
                if (c > 0x20 && !QChar::isSpace(c) && !metrics.inFontUcs4(c))
                    missing.insert(c);
            }
        }
        QString list;
        for (const char32_t c : missing)
            list += QString::fromUcs4(&c, 1) + QStringLiteral(" U+%1 ").arg(quint32(c), 4, 16, QLatin1Char('0'));
        QVERIFY2(missing.isEmpty(), qPrintable(family + QStringLiteral(" lacks: ") + list));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
