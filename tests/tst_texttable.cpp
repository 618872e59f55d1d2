#include "texttable.h"

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
        const std::string text = table.render();
        std::vector<std::size_t> widths;
        std::size_t start = 0;
        while (start < text.size()) {
            const std::size_t end = text.find('\n', start);
            const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
            if (!line.empty())
                widths.push_back(displayWidth(line));
            start = end == std::string::npos ? text.size() : end + 1;
        }
        QCOMPARE(widths.size(), std::size_t(3));
        // Right-aligned last column: every line ends at the same column.
        QCOMPARE(widths[0], widths[1]);
        QCOMPARE(widths[1], widths[2]);
    }
};

QTEST_APPLESS_MAIN(TestTextTable)
#include "tst_texttable.moc"
