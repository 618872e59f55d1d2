// SPDX-License-Identifier: GPL-3.0-or-later
#include "system/ptracerules.h"
#include "system/systemfiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <fstream>

using namespace sharescope;
using namespace sharescope::sys;

namespace {

void write(const std::filesystem::path &path, const std::string &text)
{
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

const char *statusText = "Name:\tpython3\nUmask:\t0022\nState:\tS (sleeping)\nPPid:\t412\n"
                         "Uid:\t1000\t1000\t1000\t1000\nGid:\t1000\t1000\t1000\t1000\n"
                         "CapEff:\t00000000a80425fb\nNoNewPrivs:\t0\nSeccomp:\t2\nSeccomp_filters:\t1\n";

} // namespace

class TestSystemRules : public QObject
{
    Q_OBJECT

private slots:
    void readsAProcessStatus()
    {
        const ProcessStatus status = parseProcessStatus(statusText);
        QCOMPARE(status.name.value_or(""), std::string("python3"));
        QCOMPARE(status.parentPid.value_or(-1), 412);
        QCOMPARE(status.realUid.value_or(0), 1000u);
        QCOMPARE(status.seccompMode.value_or(-1), 2);
        QCOMPARE(status.seccompFilters.value_or(-1), 1);
        QCOMPARE(status.noNewPrivs, std::optional<bool>(false));
        QVERIFY(!status.capSysPtrace()); // Docker's default set: bit 19 is off
        QVERIFY(parseProcessStatus("CapEff:\t00000000a80c25fb\n").capSysPtrace()); // --cap-add SYS_PTRACE
    }

    void readsGarbageAsNothing_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addRow("empty") << QString();
        QTest::addRow("no colons") << QStringLiteral("Uid 1000\nSeccomp 2");
        QTest::addRow("words for numbers") << QStringLiteral("Uid:\tme\nSeccomp:\ttwo\nCapEff:\txyz\nPPid:\t-");
        QTest::addRow("cut short") << QStringLiteral("Uid:");
        QTest::addRow("overflow") << QStringLiteral("Uid:\t99999999999999999999\nCapEff:\tfffffffffffffffffffff");
    }
    void readsGarbageAsNothing()
    {
        QFETCH(QString, text);
        const ProcessStatus status = parseProcessStatus(text.toStdString());
        QVERIFY(!status.realUid);
        QVERIFY(!status.seccompMode);
        QVERIFY(!status.capEffective);
        QVERIFY(!status.parentPid);
    }

    void readsKernelReleases_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("major");
        QTest::addColumn<int>("minor");
        QTest::addColumn<int>("patch");
        QTest::addRow("vendor suffix") << QStringLiteral("6.18.44-2-cloud") << 6 << 18 << 44;
        QTest::addRow("ubuntu") << QStringLiteral("5.4.0-150-generic") << 5 << 4 << 0;
        QTest::addRow("two parts") << QStringLiteral("6.1") << 6 << 1 << 0;
        QTest::addRow("gvisor") << QStringLiteral("4.4.0") << 4 << 4 << 0;
        QTest::addRow("garbage") << QStringLiteral("linux") << -1 << -1 << -1;
        QTest::addRow("one number") << QStringLiteral("6") << -1 << -1 << -1;
    }
    void readsKernelReleases()
    {
        QFETCH(QString, text);
        QFETCH(int, major);
        QFETCH(int, minor);
        QFETCH(int, patch);
        const auto version = parseKernelRelease(text.toStdString());
        if (major < 0) {
            QVERIFY(!version);
            return;
        }
        QVERIFY(version);
        QCOMPARE(version->major, major);
        QCOMPARE(version->minor, minor);
        QCOMPARE(version->patch, patch);
    }

    // Each refusal from a crafted /proc: the errno, and the rule it meets.
    void explainsRefusals_data()
    {
        QTest::addColumn<int>("error");
        QTest::addColumn<QString>("yama"); // empty: no Yama
        QTest::addColumn<QString>("release");
        QTest::addColumn<QString>("selfStatus");
        QTest::addColumn<int>("targetUid");
        QTest::addColumn<bool>("descendant");
        QTest::addColumn<int>("expected");
        const QString plain = QStringLiteral("Uid:\t1000\t1000\t1000\t1000\nCapEff:\t0000000000000000\nSeccomp:\t0\n");
        const QString docker = QStringLiteral("Uid:\t0\t0\t0\t0\nCapEff:\t00000000a80425fb\nSeccomp:\t2\n");
        const QString r = QStringLiteral("6.8.0");
        QTest::addRow("old kernel") << ENOSYS << QString() << QStringLiteral("5.4.0") << plain << 1000 << true
                                    << int(TakeRefusal::KernelTooOld);
        QTest::addRow("seccomp, unknown call")
            << ENOSYS << QString() << r << docker << 0 << true << int(TakeRefusal::Seccomp);
        QTest::addRow("docker's default")
            << EPERM << QString() << r << docker << 0 << true << int(TakeRefusal::Seccomp);
        QTest::addRow("yama 1, not a descendant")
            << EPERM << QStringLiteral("1\n") << r << plain << 1000 << false << int(TakeRefusal::Yama);
        QTest::addRow("yama 1, a descendant")
            << EPERM << QStringLiteral("1\n") << r << plain << 1000 << true << int(TakeRefusal::Other);
        QTest::addRow("yama 3") << EPERM << QStringLiteral("3\n") << r << plain << 1000 << true
                                << int(TakeRefusal::Yama);
        QTest::addRow("another user") << EPERM << QStringLiteral("0\n") << r << plain << 0 << true
                                      << int(TakeRefusal::OtherUser);
        QTest::addRow("gone") << ESRCH << QStringLiteral("1\n") << r << plain << 1000 << true << int(TakeRefusal::Gone);
        QTest::addRow("closed") << EBADF << QString() << r << plain << 1000 << true
                                << int(TakeRefusal::NoSuchDescriptor);
    }
    void explainsRefusals()
    {
        QFETCH(int, error);
        QFETCH(QString, yama);
        QFETCH(QString, release);
        QFETCH(QString, selfStatus);
        QFETCH(int, targetUid);
        QFETCH(bool, descendant);
        QFETCH(int, expected);
        QTemporaryDir root;
        const std::filesystem::path dir = root.path().toStdString();
        if (!yama.isEmpty())
            write(dir / "proc/sys/kernel/yama/ptrace_scope", yama.toStdString());
        write(dir / "proc/sys/kernel/osrelease", release.toStdString() + "\n");
        write(dir / "proc/self/status", selfStatus.toStdString());
        const auto files = systemFilesUnder(dir);
        const PtraceRules rules = readPtraceRules(*files);
        QCOMPARE(rules.yamaScope.has_value(), !yama.isEmpty());
        ProcessStatus target;
        target.realUid = static_cast<std::uint32_t>(targetUid);
        const TakeRefusal refusal = explainTakeRefusal(error, rules, target, descendant);
        QCOMPARE(int(refusal), expected);
        QVERIFY(!takeRefusalText(refusal, rules, target).english().empty());
    }

    void readsACraftedTree()
    {
        QTemporaryDir root;
        const std::filesystem::path dir = root.path().toStdString();
        write(dir / "dev/shm.space", "67108864 1048576");
        write(dir / "proc/42/status", statusText);
        std::filesystem::create_directories(dir / "proc/42/fd");
        std::filesystem::create_symlink("/dev/nvidia-uvm", dir / "proc/42/fd/7");
        const auto files = systemFilesUnder(dir);
        QCOMPARE(files->readLink("/proc/42/fd/7").text.value_or(""), std::string("/dev/nvidia-uvm"));
        QCOMPARE(files->list("/proc/42/fd").value_or(std::vector<std::string>{}), std::vector<std::string>{"7"});
        const auto shm = files->space("/dev/shm");
        QVERIFY(shm);
        QCOMPARE(shm->totalBytes, std::uint64_t(64) << 20);
        QCOMPARE(shm->freeBytes, std::uint64_t(1) << 20);
        const FileResult missing = files->read("/proc/43/status");
        QVERIFY(!missing.ok());
        QCOMPARE(missing.problem, FileProblem::Missing);
        QCOMPARE(files->read("/proc/42/status", 10).text.value_or("").size(), std::size_t(10)); // cut at the limit
    }
};

QTEST_GUILESS_MAIN(TestSystemRules)
#include "tst_systemrules.moc"
