// SPDX-License-Identifier: GPL-3.0-or-later
#include "clirun.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

// `sharescope explain` and `sharescope demo --list`, run as a user runs
// them: every mode's page and examples on any machine, the CUDA ones
// included, and bad names refused before anything is printed.
class TestExplainCommand : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_noDrivers; // an empty folder of OpenCL drivers

    static QByteArray resource(const QString &path)
    {
        QFile file(QStringLiteral(SHARESCOPE_SOURCE_DIR "/resources/explain/") + path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    // No device at all: no OpenCL driver to load, no CUDA device visible.
    std::function<void(QProcess &)> noDevice() const
    {
        const QString drivers = m_noDrivers.path();
        return [drivers](QProcess &process) {
            QProcessEnvironment environment = process.processEnvironment();
            environment.insert("OCL_ICD_VENDORS", drivers);
            environment.insert("CUDA_VISIBLE_DEVICES", "");
            process.setProcessEnvironment(environment);
        };
    }

    // The lines of a page as `explain` prints them: all of them but those
    // with a link to another page, which it rewrites.
    // Piped, as plain text: the words without Markdown's marks.
    static QList<QByteArray> pageLines(const QByteArray &markdown)
    {
        QList<QByteArray> lines;
        for (const QByteArray &line : markdown.split('\n')) {
            if (line.trimmed().isEmpty() || line.contains("explain:"))
                continue;
            QString plain = QString::fromUtf8(line);
            plain.remove(QRegularExpression(QStringLiteral("^#+\\s+")));
            plain.remove(QStringLiteral("**")).remove(QLatin1Char('`'));
            lines << plain.toUtf8();
        }
        return lines;
    }

private slots:
    void initTestCase() { QVERIFY(m_noDrivers.isValid()); }

    // The list: every mode of both backends and the other pages, with the
    // page's title, on a machine with no device.
    void listsEveryMode()
    {
        const CliOutcome outcome = runSharescope({"explain"}, noDevice());
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const QString out = QString::fromUtf8(outcome.out);
        for (const char *mode : {"device", "pinned", "managed", "managed-discard-prefetch", "peer-access", "cl-copy",
                                 "cl-svm-fine", "dlpack", "tensorflow"}) {
            QVERIFY2(out.contains(QRegularExpression(QStringLiteral("\\n  %1 +\\S").arg(mode))), mode);
        }
        const QByteArray title = resource("managed/en.md").split('\n').value(0).mid(QByteArray("# managed: ").size());
        QVERIFY2(outcome.out.contains(title), title.constData());
    }

    // The Chinese page of a CUDA mode, whole, and its examples listed, on a
    // machine with no device.
    void printsTheChinesePage()
    {
        const CliOutcome outcome = runSharescope({"explain", "managed", "--lang", "zh_CN"}, noDevice());
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const QByteArray page = resource("managed/zh_CN.md");
        QVERIFY(page.contains("托管内存"));
        for (const QByteArray &line : pageLines(page))
            QVERIFY2(outcome.out.contains(line), line.constData());
        QVERIFY(!outcome.out.contains(pageLines(resource("managed/en.md")).value(1)));
        for (const char *example : {"cpp.cu", "py-cupy.py", "py-numba.py"})
            QVERIFY2(outcome.out.contains(example), example);
        QVERIFY(outcome.out.contains("CuPy"));
        QVERIFY(outcome.out.contains("numba"));
        QVERIFY(outcome.out.contains("--example"));
        // Issue 43: piped, no Markdown marks and no terminal's colours.
        const QByteArray text = outcome.out.left(outcome.out.indexOf("--example"));
        QVERIFY2(!text.contains("**") && !text.contains("\x1b[") && !text.startsWith("#"), text.constData());
    }

    // A link to another page becomes the command that shows it.
    void turnsLinksIntoCommands()
    {
        const CliOutcome outcome = runSharescope({"explain", "device"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY(resource("device/en.md").contains("(explain:dlpack)"));
        QVERIFY2(outcome.out.contains("(sharescope explain dlpack)"), outcome.out.constData());
        QVERIFY(!outcome.out.contains("explain:"));
    }

    // --example prints the source alone, byte for byte, ready to save.
    void printsAnExample_data()
    {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("file");
        QTest::addRow("numba") << "managed"
                               << "py-numba"
                               << "managed/py-numba.py";
        QTest::addRow("CUDA C++") << "managed"
                                  << "cpp"
                                  << "managed/cpp.cu";
        QTest::addRow("OpenCL C++") << "cl-copy"
                                    << "cpp"
                                    << "cl-copy/cpp.cpp";
        QTest::addRow("a page, not a mode") << "dlpack"
                                            << "py-cupy-torch"
                                            << "dlpack/py-cupy-torch.py";
    }
    void printsAnExample()
    {
        QFETCH(QString, page);
        QFETCH(QString, name);
        QFETCH(QString, file);
        const CliOutcome outcome = runSharescope({"explain", page, "--example", name}, noDevice());
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const QByteArray source = resource(file);
        QVERIFY(!source.isEmpty());
        QCOMPARE(outcome.out, source);
    }

    // --markdown prints the page as it is written, byte for byte, in
    // either language (what the Python package hands a notebook).
    void printsTheMarkdown_data()
    {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("language");
        QTest::addRow("a mode") << "cl-copy"
                                << "en";
        QTest::addRow("a mode in Chinese") << "managed"
                                           << "zh_CN";
        QTest::addRow("a page, not a mode") << "watch"
                                            << "en";
    }
    void printsTheMarkdown()
    {
        QFETCH(QString, page);
        QFETCH(QString, language);
        const CliOutcome outcome = runSharescope({"explain", page, "--markdown", "--lang", language}, noDevice());
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const QByteArray markdown = resource(page + QLatin1Char('/') + language + QStringLiteral(".md"));
        QVERIFY(markdown.startsWith("# " + page.toUtf8() + ':'));
        QCOMPARE(outcome.out, markdown.endsWith('\n') ? markdown : markdown + '\n');
    }

    // A bad name: exit code 2, the value and what is accepted on stderr,
    // nothing on stdout.
    void refusesBadNames_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("said");
        QTest::addRow("unknown mode") << QStringList{"explain", "teleport"}
                                      << QStringList{"'teleport'", "accepted: ", "managed", "cl-copy", "dlpack"};
        QTest::addRow("unknown example") << QStringList{"explain", "managed", "--example", "py-torch"}
                                         << QStringList{"'py-torch'", "accepted: cpp, py-cupy, py-numba"};
        QTest::addRow("example without a mode") << QStringList{"explain", "--example", "cpp"}
                                                << QStringList{"'cpp'", "sharescope explain MODE --example NAME"};
        QTest::addRow("two modes") << QStringList{"explain", "managed", "pinned"}
                                   << QStringList{"unexpected argument 'pinned'"};
        QTest::addRow("markdown without a mode")
            << QStringList{"explain", "--markdown"} << QStringList{"sharescope explain MODE --markdown"};
        QTest::addRow("markdown and an example") << QStringList{"explain", "managed", "--markdown", "--example", "cpp"}
                                                 << QStringList{"--markdown and --example"};
        QTest::addRow("empty example") << QStringList{"explain", "managed", "--example", ""}
                                       << QStringList{"--example needs a value"};
    }
    void refusesBadNames()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, said);
        const CliOutcome outcome = runSharescope(arguments, noDevice());
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.out.isEmpty(), outcome.out.constData());
        QVERIFY(outcome.err.startsWith("sharescope: "));
        for (const QString &text : said)
            QVERIFY2(outcome.err.contains(text), qPrintable(outcome.err));
    }

    // The command is in the help, and the help's examples run everywhere.
    void isInTheHelp()
    {
        const CliOutcome help = runSharescope({"--help"}, noDevice());
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.contains("\n  explain "), help.out.constData());
        QVERIFY(help.out.contains("sharescope demo copies-vs-zero-copy"));
        QVERIFY(!help.out.contains("demo prefetch"));
        const CliOutcome explainHelp = runSharescope({"explain", "--help"}, noDevice());
        QCOMPARE(explainHelp.exitCode, 0);
        QVERIFY2(explainHelp.out.contains("sharescope explain [options] [MODE]"), explainHelp.out.constData());
        QVERIFY(explainHelp.out.contains("--example"));
        QVERIFY(explainHelp.out.contains("managed-prefetch"));
    }

    // Each demo says what it needs, as its modes decide.
    void demoListSaysWhatEachNeeds_data()
    {
        QTest::addColumn<QString>("demo");
        QTest::addColumn<QString>("needs");
        QTest::addRow("any device") << "copies-vs-zero-copy"
                                    << "runs on any device (CUDA or OpenCL)";
        QTest::addRow("CUDA") << "prefetch"
                              << "needs CUDA";
        QTest::addRow("two GPUs") << "peer-access"
                                  << "needs two CUDA GPUs";
        QTest::addRow("CUDA 13") << "discard"
                                 << "CUDA 13.0";
        QTest::addRow("another process") << "other-process"
                                         << "needs CUDA";
        // Issue 43: it runs anywhere, but what it is about needs CUDA.
        QTest::addRow("ping-pong") << "ping-pong"
                                   << "runs on any device; what it shows needs CUDA";
    }
    void demoListSaysWhatEachNeeds()
    {
        QFETCH(QString, demo);
        QFETCH(QString, needs);
        for (const QStringList &arguments : {QStringList{"demo"}, QStringList{"demo", "--list"}}) {
            const CliOutcome outcome = runSharescope(arguments, noDevice());
            QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
            const QString out = QString::fromUtf8(outcome.out);
            const QRegularExpression entry(QStringLiteral("\\n  %1 +[^\\n]+\\n +([^\\n]+)\\n").arg(demo));
            const QRegularExpressionMatch match = entry.match(out);
            QVERIFY2(match.hasMatch(), qPrintable(out));
            QVERIFY2(match.captured(1).contains(needs), qPrintable(match.captured(1)));
        }
    }
};

QTEST_GUILESS_MAIN(TestExplainCommand)
#include "tst_explaincommand.moc"
