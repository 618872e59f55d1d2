// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogue.h"
#include "explaintab.h"
#include "explanations.h"
#include "language.h"

#include <QDir>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTextBlock>
#include <QTextBrowser>
#include <QUrl>

#include <QTest>

using namespace sharescope;

namespace {

const char *const englishSections[]
    = {"**What happens.**", "**What to look for.**", "**When to use it.**", "**Pitfalls.**"};
// As a Chinese author heads them (issue 43), not the English said again.
const char *const chineseSections[] = {"**原理：**", "**观察要点：**", "**适用场景：**", "**注意事项：**"};

QStringList codeSpans(const QString &markdown)
{
    static const QRegularExpression span(QStringLiteral("`([^`]+)`"));
    QStringList spans;
    for (auto it = span.globalMatch(markdown); it.hasNext();)
        spans << it.next().captured(1).simplified();
    spans.sort();
    return spans;
}

// The pages a page links to, [text](explain:PAGE).
QStringList links(const QString &markdown)
{
    static const QRegularExpression link(QStringLiteral("\\]\\((explain:[^)]*)\\)"));
    QStringList targets;
    for (auto it = link.globalMatch(markdown); it.hasNext();)
        targets << explanationLinkTarget(QUrl(it.next().captured(1)));
    targets.sort();
    return targets;
}

QStringList modeNames()
{
    QStringList names;
    for (const ModeInfo &mode : modes())
        names << QString::fromLatin1(mode.name.data(), mode.name.size());
    return names;
}

QStringList labels(const QTabWidget *tabs)
{
    QStringList texts;
    for (int i = 0; i < tabs->count(); ++i)
        texts << tabs->tabText(i);
    return texts;
}

} // namespace

// Every mode of the catalogue and every other page is explained, with code
// a learner can run, in both languages.
class TestExplanations : public QObject
{
    Q_OBJECT

private slots:
    void everyModeIsExplained_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("cuda");
        for (const ModeInfo &mode : modes()) {
            QTest::addRow("%s", std::string(mode.name).c_str())
                << QString::fromLatin1(mode.name.data(), mode.name.size()) << (mode.backend == BackendKind::Cuda);
        }
    }
    void everyModeIsExplained()
    {
        QFETCH(QString, mode);
        QFETCH(bool, cuda);
        const Explanation explanation = explanationFor(mode);
        QVERIFY2(explanation.markdown.startsWith("# " + mode + ":"), qPrintable(explanation.markdown.left(80)));
        for (const char *section : englishSections)
            QVERIFY2(explanation.markdown.contains(QLatin1String(section)), section);
        QVERIFY(explanation.markdown.contains(QLatin1String("**In Python.**")));
        QStringList labels;
        for (const CodeExample &example : explanation.examples) {
            labels << example.label;
            QVERIFY(!example.code.trimmed().isEmpty());
            QVERIFY2(example.code.contains(mode), qPrintable(example.label)); // each example says which mode it shows
        }
        QVERIFY2(labels.contains(cuda ? "C++ (CUDA runtime)" : "C++ (OpenCL)"), qPrintable(labels.join(", ")));
        QVERIFY2(labels.contains(cuda ? "CuPy" : "pyopencl"), qPrintable(labels.join(", ")));
    }

    // The same explanation in Chinese: its own sections, every API name and
    // command of the English one, and the same examples under Chinese labels.
    void everyModeIsExplainedInChinese_data() { everyModeIsExplained_data(); }
    void everyModeIsExplainedInChinese()
    {
        QFETCH(QString, mode);
        QFETCH(bool, cuda);
        const Explanation english = explanationFor(mode);
        installLanguage(QStringLiteral("zh_CN"));
        const Explanation chinese = explanationFor(mode);
        installLanguage(QStringLiteral("en"));
        QVERIFY2(chinese.markdown.startsWith("# " + mode + ":"), qPrintable(chinese.markdown.left(80)));
        QVERIFY(chinese.markdown != english.markdown);
        for (const char *section : chineseSections)
            QVERIFY2(chinese.markdown.contains(QString::fromUtf8(section)), section);
        QVERIFY(chinese.markdown.contains(QString::fromUtf8("**Python 写法：**")));
        QCOMPARE(codeSpans(chinese.markdown), codeSpans(english.markdown));
        QCOMPARE(chinese.examples.size(), english.examples.size());
        QStringList labels;
        for (qsizetype i = 0; i < chinese.examples.size(); ++i) {
            QCOMPARE(chinese.examples[i].code, english.examples[i].code);
            labels << chinese.examples[i].label;
        }
        QVERIFY2(labels.contains(QString::fromUtf8(cuda ? "C++（CUDA 运行时）" : "C++（OpenCL）")),
                 qPrintable(labels.join(", ")));
    }

    // The pages that are not modes (DLPack, TensorFlow): the same sections
    // but "In Python." (they are all Python), examples that say which page
    // they belong to, and the same page in Chinese.
    void everyPageIsExplained_data()
    {
        QTest::addColumn<QString>("page");
        for (const QString &page : explanationPages())
            QTest::addRow("%s", qPrintable(page)) << page;
    }
    void everyPageIsExplained()
    {
        QFETCH(QString, page);
        QVERIFY(!modeNames().contains(page));
        const Explanation english = explanationFor(page);
        QVERIFY2(english.markdown.startsWith("# " + page + ":"), qPrintable(english.markdown.left(80)));
        for (const char *section : englishSections)
            QVERIFY2(english.markdown.contains(QLatin1String(section)), section);
        QVERIFY(!english.examples.isEmpty());
        for (const CodeExample &example : english.examples)
            QVERIFY2(example.code.contains(page), qPrintable(example.label));
        installLanguage(QStringLiteral("zh_CN"));
        const Explanation chinese = explanationFor(page);
        installLanguage(QStringLiteral("en"));
        QVERIFY2(chinese.markdown.startsWith("# " + page + ":"), qPrintable(chinese.markdown.left(80)));
        QVERIFY(chinese.markdown != english.markdown);
        for (const char *section : chineseSections)
            QVERIFY2(chinese.markdown.contains(QString::fromUtf8(section)), section);
        QCOMPARE(codeSpans(chinese.markdown), codeSpans(english.markdown));
        QCOMPARE(links(chinese.markdown), links(english.markdown));
        QCOMPARE(chinese.examples.size(), english.examples.size());
    }

    // Every folder of resources/explain is a mode or a listed page, so that
    // none is unreachable (and untested).
    void everyFolderIsAModeOrAPage()
    {
        const QStringList folders = QDir(QStringLiteral(":/explain")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY(!folders.isEmpty());
        for (const QString &folder : folders)
            QVERIFY2(modeNames().contains(folder) || explanationPages().contains(folder), qPrintable(folder));
    }

    // Every explain: link, in both languages, leads to a page that exists;
    // the device mode leads to the pages on Python libraries, and they back.
    void linksLeadToPages()
    {
        const QStringList all = modeNames() + explanationPages();
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            installLanguage(language);
            for (const QString &page : all) {
                for (const QString &target : links(explanationFor(page).markdown)) {
                    QVERIFY2(all.contains(target), qPrintable(page + " -> " + target));
                    QVERIFY(!explanationFor(target).markdown.isEmpty());
                }
            }
            const QStringList fromDevice = links(explanationFor(QStringLiteral("device")).markdown);
            QVERIFY2(fromDevice.contains(QStringLiteral("dlpack")), qPrintable(language));
            QVERIFY2(fromDevice.contains(QStringLiteral("tensorflow")), qPrintable(language));
            for (const QString &page : explanationPages())
                QVERIFY2(links(explanationFor(page).markdown).contains(QStringLiteral("device")), qPrintable(page));
        }
        installLanguage(QStringLiteral("en"));
        QCOMPARE(explanationLinkTarget(QUrl(QStringLiteral("https://dmlc.github.io/dlpack/"))), QString());
    }

    // The tab as a user meets it: the device mode's page, a click on its
    // DLPack link, that page and its examples; a new mode shows the mode again.
    void theTabFollowsALink()
    {
        ExplainTab tab;
        tab.resize(1200, 800);
        tab.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tab));
        ExperimentSpec spec;
        spec.mode = ModeId::Device;
        tab.setExperiment(spec);
        QCOMPARE(tab.page(), QStringLiteral("device"));

        // Click the middle of the link's text.
        QTextBrowser *text = tab.text();
        QTextCursor link;
        for (QTextBlock block = text->document()->begin(); block.isValid() && link.isNull(); block = block.next()) {
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                if (it.fragment().charFormat().anchorHref() == QLatin1String("explain:dlpack")) {
                    link = QTextCursor(text->document());
                    link.setPosition(it.fragment().position() + it.fragment().length() / 2);
                    break;
                }
            }
        }
        QVERIFY2(!link.isNull(), "the device page has a link to the DLPack page");
        text->setTextCursor(link);
        text->ensureCursorVisible();
        const QPoint where = text->cursorRect(link).center();
        QTest::mouseClick(text->viewport(), Qt::LeftButton, {}, where);
        QCOMPARE(tab.page(), QStringLiteral("dlpack"));
        QVERIFY(text->toPlainText().contains(QStringLiteral("__cuda_array_interface__")));
        QCOMPARE(labels(tab.examples()), (QStringList{"CuPy + PyTorch", "JAX"}));

        spec.bytes *= 2; // the same mode: the page the user went to stays
        tab.setExperiment(spec);
        QCOMPARE(tab.page(), QStringLiteral("dlpack"));
        spec.mode = ModeId::Pinned;
        tab.setExperiment(spec);
        QCOMPARE(tab.page(), QStringLiteral("pinned"));
        QVERIFY2(labels(tab.examples()).contains(QStringLiteral("JAX")), qPrintable(labels(tab.examples()).join(", ")));
        QVERIFY(text->toPlainText().contains(QStringLiteral("pinned_host")));
    }

    void unknownModesHaveNothing()
    {
        const Explanation explanation = explanationFor("teleport");
        QVERIFY(explanation.markdown.isEmpty());
        QVERIFY(explanation.examples.isEmpty());
    }
};

QTEST_MAIN(TestExplanations)
#include "tst_explanations.moc"
