// SPDX-License-Identifier: GPL-3.0-or-later
#include "buildinfo.h"
#include "environment.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace sharescope;

class TestBuildInfo : public QObject
{
    Q_OBJECT

private slots:
    void describesThisBuild()
    {
        const BuildInfo info = buildInfo();
        QCOMPARE(info.version, toolVersion());
        QVERIFY(QRegularExpression(QStringLiteral("^\\d+\\.\\d+\\.\\d+$"))
                    .match(QString::fromStdString(info.version))
                    .hasMatch());
        // A commit, perhaps with uncommitted changes, or "unknown" outside git.
        const QRegularExpression commit(QStringLiteral("^(unknown|[0-9a-f]{7,40}(-dirty)?)$"));
        QVERIFY2(commit.match(QString::fromStdString(info.commit)).hasMatch(), info.commit.c_str());
        QCOMPARE(info.licence, std::string("GPL-3.0-or-later"));
        // No web address: the project has none of its own yet, and names none.
        const QString text = QString::fromStdString(versionText(info, qVersion()));
        QVERIFY2(!text.contains(QStringLiteral("://")), qPrintable(text));
#if SHARESCOPE_HAVE_CUDA
        QVERIFY(info.cudaRuntime);
#else
        QVERIFY(!info.cudaRuntime);
#endif
    }

    // One id for the desktop entry, its icon and the AppStream metainfo:
    // the project's name. A dotted id would be a reverse domain name, and
    // claim a domain the project does not own.
    void theDesktopFilesUseTheAppId()
    {
        const QString id = QString::fromStdString(buildInfo().appId);
        QVERIFY2(QRegularExpression(QStringLiteral("^[a-z][a-z0-9-]*$")).match(id).hasMatch(), qPrintable(id));
        const QString dir = QStringLiteral(SHARESCOPE_SOURCE_DIR "/resources/desktop/");
        QFile desktop(dir + id + QStringLiteral(".desktop"));
        QVERIFY2(desktop.open(QIODevice::ReadOnly), qPrintable(desktop.fileName()));
        QVERIFY(QString::fromUtf8(desktop.readAll()).contains(QStringLiteral("\nIcon=") + id + QLatin1Char('\n')));
        QVERIFY(QFile::exists(dir + id + QStringLiteral(".svg")));
        QFile metainfo(dir + id + QStringLiteral(".metainfo.xml"));
        QVERIFY2(metainfo.open(QIODevice::ReadOnly), qPrintable(metainfo.fileName()));
        const QString xml = QString::fromUtf8(metainfo.readAll());
        QVERIFY(xml.contains(QStringLiteral("<id>") + id + QStringLiteral("</id>")));
        QVERIFY(xml.contains(QStringLiteral("<launchable type=\"desktop-id\">") + id + QStringLiteral(".desktop<")));
        // The release being built has its notes.
        QVERIFY2(xml.contains(QStringLiteral("<release version=\"%1\"").arg(QString::fromStdString(toolVersion()))),
                 "add the release notes of this version to the metainfo's <releases>");
        // Neither a homepage nor screenshots (AppStream takes those only as
        // web addresses): nothing the project does not have.
        QVERIFY2(!xml.contains(QStringLiteral("://")), "the metainfo names a web address");
    }

    void versionTextHasOneFactALine()
    {
        BuildInfo info;
        info.version = "1.2.3";
        info.commit = "0123456789ab";
        info.buildType = "Release";
        info.compiler = "gcc 12";
        info.licence = "GPL-3.0-or-later";
        const QString text = QString::fromStdString(versionText(info, "6.4.2"));
        const QStringList lines = text.split(QLatin1Char('\n'));
        QCOMPARE(lines.value(0), QStringLiteral("sharescope 1.2.3")); // what scripts parse
        QVERIFY2(lines.contains(QStringLiteral("commit    0123456789ab")), qPrintable(text));
        QVERIFY2(lines.contains(QStringLiteral("Qt        6.4.2")), qPrintable(text));
        QVERIFY2(lines.contains(QStringLiteral("CUDA      not built in (OpenCL only)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("GPL-3.0-or-later")), qPrintable(text));
        info.cudaRuntime = "13.0";
        QVERIFY(QString::fromStdString(versionText(info, "6.4.2")).contains(QStringLiteral("CUDA      runtime 13.0")));
    }
};

QTEST_GUILESS_MAIN(TestBuildInfo)
#include "tst_buildinfo.moc"
