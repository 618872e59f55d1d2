// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/texttable.h"

#include <QTest>

using namespace sharescope;

class TestTextTable : public QObject
{
    Q_OBJECT

private slots:
    void countsTerminalColumns()
    {
        QCOMPARE(displayWidth("mode"), std::size_t(4));
        QCOMPARE(displayWidth("≥ 128 MiB"), std::size_t(9)); // one column per code point
        QCOMPARE(displayWidth("µs"), std::size_t(2));
        QCOMPARE(displayWidth("模式"), std::size_t(4)); // Chinese characters take two columns
        QCOMPARE(displayWidth("已验证（是）"), std::size_t(12)); // and so does full-width punctuation
        QCOMPARE(displayWidth(""), std::size_t(0));
    }

    // Issue 43: a table wider than the terminal is written as a list, each
    // line within the width; one that fits stays a table.
    void becomesAListOnANarrowTerminal_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("list");
        QTest::addRow("no limit") << 0 << false;
        QTest::addRow("wide enough") << 200 << false;
        QTest::addRow("80 columns") << 80 << true;
        QTest::addRow("40 columns") << 40 << true;
    }
    void becomesAListOnANarrowTerminal()
    {
        QFETCH(int, width);
        QFETCH(bool, list);
        TextTable table;
        table.addColumn("mode", TextTable::Align::Left);
        for (const char *header : {"host-init", "to-device", "kernel", "to-host", "host-read", "iteration", "copied",
                                   "kernel bw", "of measured", "of spec", "verified"})
            table.addColumn(header);
        table.addRow({"cl-copy", "93.0 ms", "60.4 ms", "64.5 ms", "42.4 ms", "50.7 ms", "311 ms", "768 MiB",
                      "12.5 GB/s", "no ceiling", "no ceiling", "yes"});
        table.addNote("cl-svm-fine: not supported: the device reports no fine-grained SVM");
        const QString text = QString::fromStdString(table.render(2, width));
        const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.first().startsWith("mode"), !list);
        if (!list)
            return;
        QCOMPARE(lines.first(), QStringLiteral("cl-copy"));
        QVERIFY2(text.contains("kernel bw 12.5 GB/s") && text.contains("verified yes"), qPrintable(text));
        for (const QString &line : lines) {
            if (!line.startsWith("cl-svm-fine")) // a note is as long as it is
                QVERIFY2(displayWidth(line.toStdString()) <= std::size_t(width), qPrintable(line));
        }
    }

    void alignsChineseHeadersWithTheirColumns()
    {
        TextTable table;
        table.addColumn("模式", TextTable::Align::Left);
        table.addColumn("已传输", TextTable::Align::Right);
        table.addRow({"cl-copy", "16 MiB"});
        table.addRow({"managed", "0 B"});
        // Each Chinese character is two columns wide: "模式" is as wide as
        // "mode", "已传输" as "moved", so the columns line up on a terminal.
        const std::string expected = "模式     已传输\n"
                                     "cl-copy  16 MiB\n"
                                     "managed     0 B\n";
        QCOMPARE(table.render(), expected);
    }
};

QTEST_APPLESS_MAIN(TestTextTable)
#include "tst_texttable.moc"
