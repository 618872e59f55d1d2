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
