#include "catalogue.h"
#include "explanations.h"
#include "language.h"

#include <QRegularExpression>

#include <QTest>

using namespace sharescope;

// Every mode of the catalogue is explained, with code a learner can run.
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
        for (const char *section :
             {"**What happens.**", "**What to look for.**", "**When to use it.**", "**Pitfalls.**", "**In Python.**"})
            QVERIFY2(explanation.markdown.contains(QLatin1String(section)), section);
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
        for (const char *section :
             {"**发生了什么。**", "**看什么。**", "**何时使用。**", "**陷阱。**", "**在 Python 中。**"})
            QVERIFY2(chinese.markdown.contains(QString::fromUtf8(section)), section);
        const auto codeSpans = [](const QString &markdown) {
            static const QRegularExpression span(QStringLiteral("`([^`]+)`"));
            QStringList spans;
            for (auto it = span.globalMatch(markdown); it.hasNext();)
                spans << it.next().captured(1).simplified();
            spans.sort();
            return spans;
        };
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

    void unknownModesHaveNothing()
    {
        const Explanation explanation = explanationFor("teleport");
        QVERIFY(explanation.markdown.isEmpty());
        QVERIFY(explanation.examples.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestExplanations)
#include "tst_explanations.moc"
