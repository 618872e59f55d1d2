// SPDX-License-Identifier: GPL-3.0-or-later
#include "bytesize.h"

#include <QTest>

using namespace sharescope;

class TestByteSize : public QObject
{
    Q_OBJECT

private slots:
    void parsesValidSizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("bytes");
        QTest::addRow("plain bytes") << "4096" << quint64(4096);
        QTest::addRow("B suffix") << "4096B" << quint64(4096);
        QTest::addRow("KiB") << "64KiB" << quint64(64 * 1024);
        QTest::addRow("K short") << "64K" << quint64(64 * 1024);
        QTest::addRow("MiB with space") << "64 MiB" << quint64(64ULL << 20);
        QTest::addRow("M short") << "256M" << quint64(256ULL << 20);
        QTest::addRow("GiB") << "1GiB" << quint64(1ULL << 30);
        QTest::addRow("G short") << "2G" << quint64(2ULL << 30);
        QTest::addRow("TiB") << "1TiB" << quint64(1ULL << 40);
        QTest::addRow("KB is decimal") << "100KB" << quint64(100'000);
        QTest::addRow("MB is decimal") << "100MB" << quint64(100'000'000);
        QTest::addRow("GB is decimal") << "1GB" << quint64(1'000'000'000);
        QTest::addRow("lower-case mib") << "8mib" << quint64(8ULL << 20);
        QTest::addRow("fraction giving whole bytes") << "1.5GiB" << quint64(3ULL << 29);
        QTest::addRow("half a KiB") << "0.5KiB" << quint64(512);
        QTest::addRow("surrounding spaces") << "  16K " << quint64(16 * 1024);
        QTest::addRow("largest value") << "18446744073709551612" << quint64(18446744073709551612ULL);
    }
    void parsesValidSizes()
    {
        QFETCH(QString, text);
        QFETCH(quint64, bytes);
        const auto parsed = parseByteSize(text.toStdString(), 4);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        QCOMPARE(quint64(*parsed), bytes);
    }

    void rejectsInvalidSizes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::addRow("empty") << ""
                               << "it is empty";
        QTest::addRow("blank") << "   "
                               << "it is empty";
        QTest::addRow("zero") << "0"
                              << "greater than zero";
        QTest::addRow("zero with unit") << "0MiB"
                                        << "greater than zero";
        QTest::addRow("negative") << "-5M"
                                  << "cannot be negative";
        QTest::addRow("signed") << "+5M"
                                << "without a sign";
        QTest::addRow("fractional bytes") << "12.5B"
                                          << "not a whole number of bytes";
        QTest::addRow("fractional KiB") << "1.0001KiB"
                                        << "not a whole number of bytes";
        QTest::addRow("overflow digits") << "99999999999999999999GiB"
                                         << "larger than 16 EiB";
        QTest::addRow("overflow by unit") << "17000000TiB"
                                          << "larger than 16 EiB";
        QTest::addRow("unknown unit") << "64Q"
                                      << "unknown unit 'Q'";
        QTest::addRow("bits are not a unit") << "64Mbit"
                                             << "unknown unit 'Mbit'";
        QTest::addRow("no number") << "MiB"
                                   << "does not start with a number";
        QTest::addRow("lonely dot") << ".MiB"
                                    << "there is no number";
        QTest::addRow("not a whole element") << "10"
                                             << "4-byte elements";
        QTest::addRow("two numbers") << "1 2"
                                     << "unknown unit '2'";
    }
    void rejectsInvalidSizes()
    {
        QFETCH(QString, text);
        QFETCH(QString, reason);
        const auto parsed = parseByteSize(text.toStdString(), 4);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().kind, ErrorKind::BadArgument);
        const QString message = QString::fromStdString(parsed.error().message);
        QVERIFY2(message.contains(reason), qPrintable(message));
        QVERIFY2(message.contains(QLatin1Char('\'') + text + QLatin1Char('\'')),
                 qPrintable(message)); // names the value
    }

    void parsesSizeLists_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<quint64>>("sizes");
        QTest::addRow("doubling") << "4KiB:32KiB" << QList<quint64>{4096, 8192, 16384, 32768};
        QTest::addRow("times four") << "4KiB:64KiB:x4" << QList<quint64>{4096, 16384, 65536};
        QTest::addRow("stops below TO") << "4KiB:40KiB:x4" << QList<quint64>{4096, 16384};
        QTest::addRow("list") << "1MiB,4KiB" << QList<quint64>{1 << 20, 4096};
        QTest::addRow("one") << "64MiB" << QList<quint64>{64 << 20};
    }
    void parsesSizeLists()
    {
        QFETCH(QString, text);
        QFETCH(QList<quint64>, sizes);
        const auto parsed = parseSizeList(text.toStdString(), 4);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        QCOMPARE(QList<quint64>(parsed->begin(), parsed->end()), sizes);
    }

    void rejectsBadSizeLists_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addRow("reversed") << "1MiB:4KiB";
        QTest::addRow("bad step") << "4KiB:1MiB:4";
        QTest::addRow("step of one") << "4KiB:1MiB:x1";
        QTest::addRow("bad size in list") << "4KiB,zero";
        QTest::addRow("empty item") << "4KiB,,8KiB";
        QTest::addRow("too many") << QStringList(65, "4KiB").join(',');
    }
    void rejectsBadSizeLists()
    {
        QFETCH(QString, text);
        const auto parsed = parseSizeList(text.toStdString(), 4);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().kind, ErrorKind::BadArgument);
        // The message names the list, not only the size at fault in it.
        QVERIFY2(QString::fromStdString(parsed.error().message).contains("'" + text + "'"),
                 parsed.error().message.c_str());
    }

    void formatsBytes_data()
    {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("human");
        QTest::addColumn<QString>("argument");
        QTest::addRow("bytes") << quint64(512) << "512 B"
                               << "512";
        QTest::addRow("exact MiB") << quint64(64ULL << 20) << "64 MiB"
                                   << "64MiB";
        QTest::addRow("fraction GiB") << quint64(3ULL << 29) << "1.50 GiB"
                                      << "1536MiB";
        QTest::addRow("decimal") << quint64(100'000) << "97.7 KiB"
                                 << "100000";
        QTest::addRow("exact GiB") << quint64(1ULL << 30) << "1 GiB"
                                   << "1GiB";
    }
    void formatsBytes()
    {
        QFETCH(quint64, bytes);
        QFETCH(QString, human);
        QFETCH(QString, argument);
        QCOMPARE(QString::fromStdString(formatBytes(bytes)), human);
        QCOMPARE(QString::fromStdString(formatSizeArgument(bytes)), argument);
        // What the command line prints, it reads back.
        QCOMPARE(quint64(*parseByteSize(formatSizeArgument(bytes))), bytes);
    }

    void formatsDurationsAndCounts()
    {
        QCOMPARE(QString::fromStdString(formatDuration(845)), QStringLiteral("845 ns"));
        QCOMPARE(QString::fromStdString(formatDuration(12'340)), QStringLiteral("12.3 µs"));
        QCOMPARE(QString::fromStdString(formatDuration(4'560'000)), QStringLiteral("4.56 ms"));
        QCOMPARE(QString::fromStdString(formatDuration(1'230'000'000)), QStringLiteral("1.23 s"));
        QCOMPARE(QString::fromStdString(formatBandwidth(12.34e9)), QStringLiteral("12.3 GB/s"));
        QCOMPARE(QString::fromStdString(formatCount(50'331'648)), QStringLiteral("50,331,648"));
        QCOMPARE(QString::fromStdString(formatCount(999)), QStringLiteral("999"));
        QCOMPARE(QString::fromStdString(formatCount(1000)), QStringLiteral("1,000"));
    }
};

QTEST_APPLESS_MAIN(TestByteSize)
#include "tst_bytesize.moc"
