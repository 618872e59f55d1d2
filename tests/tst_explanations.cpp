#include "catalogue.h"
#include "explanations.h"

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
            QTest::addRow("%s", std::string(mode.id).c_str())
                << QString::fromLatin1(mode.id.data(), mode.id.size()) << (mode.backend == BackendKind::Cuda);
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

    void unknownModesHaveNothing()
    {
        const Explanation explanation = explanationFor("teleport");
        QVERIFY(explanation.markdown.isEmpty());
        QVERIFY(explanation.examples.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestExplanations)
#include "tst_explanations.moc"
