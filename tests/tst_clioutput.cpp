// SPDX-License-Identifier: GPL-3.0-or-later
#include "clirun.h"
#include "faultinjection.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>
#include <vector>

extern char **environ;

namespace {

// Reads a named pipe on a thread of its own until its writer has written
// and closed it, or until finish(). The read end is opened without waiting,
// so that a test never hangs on a writer that did not come.
class FifoReader
{
public:
    explicit FifoReader(const QString &path)
        : m_fd(::open(QFile::encodeName(path), O_RDONLY | O_NONBLOCK | O_CLOEXEC))
    {
        if (m_fd >= 0)
            m_thread = std::thread([this] { read(); });
    }
    ~FifoReader() { finish(); }

    bool isOpen() const { return m_fd >= 0; }
    QByteArray finish()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
        return m_data;
    }

private:
    void read()
    {
        bool written = false;
        for (;;) {
            char chunk[4096];
            const ssize_t n = ::read(m_fd, chunk, sizeof chunk);
            if (n > 0) {
                m_data.append(chunk, n);
                written = true;
                continue;
            }
            if ((n == 0 && written) || m_stop)
                return; // the writer closed it, or the test is over
            pollfd poller{m_fd, POLLIN, 0};
            ::poll(&poller, 1, 50); // no writer yet (end of file) or no data yet
        }
    }

    int m_fd = -1;
    std::atomic<bool> m_stop{false};
    QByteArray m_data;
    std::thread m_thread;
};

bool isFifo(const QString &path)
{
    struct stat info;
    return ::lstat(QFile::encodeName(path), &info) == 0 && S_ISFIFO(info.st_mode);
}

bool isReport(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonObject report = QJsonDocument::fromJson(bytes, &error).object();
    return error.error == QJsonParseError::NoError && report[QStringLiteral("format")] == "sharescope-report";
}

// Runs the binary with these argument bytes exactly. QProcess cannot: it
// encodes its QString arguments as UTF-8, so a byte 0xFF would never reach
// the program. English, offscreen; stderr comes back, stdout is dropped.
CliOutcome runWithBytes(const QList<QByteArray> &arguments, const QString &errorFile)
{
    std::vector<QByteArray> environment{"LC_ALL=C.UTF-8", "QT_QPA_PLATFORM=offscreen"};
    for (char **entry = environ; *entry; ++entry) {
        const QByteArray variable(*entry);
        if (!variable.startsWith("LC_ALL=") && !variable.startsWith("LANGUAGE=")
            && !variable.startsWith("QT_QPA_PLATFORM="))
            environment.push_back(variable);
    }
    std::vector<char *> envp;
    for (QByteArray &variable : environment)
        envp.push_back(variable.data());
    envp.push_back(nullptr);
    QByteArray binary = QFile::encodeName(sharescopeBinary());
    QList<QByteArray> words = arguments;
    std::vector<char *> argv{binary.data()};
    for (QByteArray &word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    const QByteArray errorPath = QFile::encodeName(errorFile);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorPath.constData(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0600);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    CliOutcome outcome;
    if (spawned != 0)
        return outcome;
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    outcome.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    QFile err(errorFile);
    if (err.open(QIODevice::ReadOnly))
        outcome.err = QString::fromUtf8(err.readAll());
    err.remove();
    return outcome;
}

// A temporary directory for names that are not UTF-8, which QTemporaryDir
// cannot remove (it asks for them by their decoded names).
struct ByteNamedDir : QTemporaryDir
{
    ByteNamedDir() = default;
    ByteNamedDir(const ByteNamedDir &) = delete;
    ByteNamedDir &operator=(const ByteNamedDir &) = delete;
    ~ByteNamedDir()
    {
        std::error_code ignored;
        std::filesystem::remove_all(QFile::encodeName(path()).toStdString(), ignored);
    }
};

// The names in a directory, as the bytes the file system holds.
QList<QByteArray> namesIn(const QString &directory)
{
    QList<QByteArray> names;
    if (DIR *dir = ::opendir(QFile::encodeName(directory))) {
        while (const dirent *entry = ::readdir(dir)) {
            const QByteArray name(entry->d_name);
            if (name != "." && name != "..")
                names << name;
        }
        ::closedir(dir);
    }
    std::sort(names.begin(), names.end());
    return names;
}

QByteArray readBytes(const QByteArray &path)
{
    QByteArray data;
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return data;
    char chunk[65536];
    for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) > 0;)
        data.append(chunk, n);
    ::close(fd);
    return data;
}

} // namespace

// Where --json and --csv write: files atomically, pipes and devices in
// place, and every output checked before the run.
class TestCliOutput : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static QStringList runWith(const QStringList &outputs)
    {
        return QStringList{"run", "--device", "opencl:0", "--mode", "cl-copy", "--size", "64KiB", "--iterations", "1"}
        + outputs;
    }

    QString path(const QString &name) const { return m_dir.filePath(name); }

    // Test builds (faultinjection.h): the run injects the fault `plan` names.
    static std::function<void(QProcess &)> injecting(const QString &plan)
    {
        return [plan](QProcess &process) {
            QProcessEnvironment environment = process.processEnvironment();
            environment.insert(QStringLiteral("SHARESCOPE_INJECT_FAULT"), plan);
            process.setProcessEnvironment(environment);
        };
    }

private slots:
    void writesIntoANamedPipe()
    {
        const QString fifo = path("report.fifo");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo), 0600), 0);
        FifoReader reader(fifo);
        QVERIFY(reader.isOpen());
        const CliOutcome outcome = runSharescope(runWith({"--json", fifo}));
        const QByteArray data = reader.finish();
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(isReport(data), data.left(200).constData());
        QVERIFY(isFifo(fifo)); // still the pipe, not a file put in its place
    }

    void failsWhenThePipesReaderLeaves()
    {
        const QString fifo = path("gone.fifo");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo), 0600), 0);
        const int readEnd = ::open(QFile::encodeName(fifo), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        QVERIFY(readEnd >= 0);
        QProcess process;
        process.start(sharescopeBinary(),
                      QStringList{"run", "--device", "opencl:0", "--mode", "cl-copy", "--size", "16MiB", "--iterations",
                                  "20", "--json", fifo});
        QVERIFY(process.waitForStarted());
        // Once it holds the pipe open, the reader goes away.
        const QString fds = QStringLiteral("/proc/%1/fd").arg(process.processId());
        bool holding = false;
        for (int i = 0; i < 3000 && !holding && process.state() == QProcess::Running; ++i) {
            for (const QFileInfo &fd : QDir(fds).entryInfoList(QDir::System | QDir::NoDotAndDotDot))
                holding = holding || fd.symLinkTarget() == QFileInfo(fifo).absoluteFilePath();
            if (!holding)
                QTest::qWait(10);
        }
        ::close(readEnd);
        QVERIFY(holding);
        QVERIFY(process.waitForFinished(300000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(process.exitStatus(), QProcess::NormalExit); // not ended by SIGPIPE
        QCOMPARE(process.exitCode(), 1);
        QVERIFY2(err.contains(QStringLiteral("cannot write '%1': the reader went away (broken pipe)").arg(fifo)),
                 qPrintable(err));
    }

    // A device that is always full, as root would find /dev/full: written in
    // place, so its error is seen, and left a device.
    void reportsAFullDevice()
    {
        QString full = path("full");
        if (::mknod(QFile::encodeName(full), S_IFCHR | 0666, makedev(1, 7)) != 0)
            full = QStringLiteral("/dev/full"); // not root: nobody may replace it anyway
        const CliOutcome outcome = runSharescope(runWith({"--json", full}));
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains(QStringLiteral("cannot write '%1': no space left on the device").arg(full)),
                 qPrintable(outcome.err));
        struct stat info;
        QCOMPARE(::lstat(QFile::encodeName(full), &info), 0);
        QVERIFY(S_ISCHR(info.st_mode));
    }

    // A device error in the middle of a phase: exit 1, the phase and the
    // device's own error named, and nothing written.
    void aFaultInAPhaseLeavesNoOutput_data()
    {
        QTest::addColumn<QString>("plan");
        QTest::addColumn<QString>("said");
        QTest::addRow("alloc") << "alloc:out-of-memory"
                               << "alloc: injected out-of-memory";
        QTest::addRow("to-device") << "to-device:invalid-value"
                                   << "to-device: injected invalid-value";
        QTest::addRow("kernel, lost") << "kernel:illegal-address"
                                      << "kernel: injected illegal-address";
        QTest::addRow("host-read") << "host-read:invalid-value"
                                   << "host-read: injected invalid-value";
        QTest::addRow("free") << "free:out-of-memory"
                              << "free: injected out-of-memory";
    }
    void aFaultInAPhaseLeavesNoOutput()
    {
        if (!sharescope::faultInjectionBuilt())
            QSKIP("this build has no fault injection (-DSHARESCOPE_FAULT_INJECTION=ON)");
        QFETCH(QString, plan);
        QFETCH(QString, said);
        const QString json = path("fault.json");
        const QString csv = path("fault.csv");
        const CliOutcome outcome = runSharescope(runWith({"--json", json, "--csv", csv}), injecting(plan));
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains(said), qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains(QRegularExpression("CL_[A-Z_]+ \\(-[0-9]+\\)")), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
        QVERIFY(!QFile::exists(json));
        QVERIFY(!QFile::exists(csv));
    }

    // A sweep whose third size cannot be allocated reports the two it
    // finished and why the third is missing, and exits 1.
    void aSweepReportsTheSizesItFinished()
    {
        if (!sharescope::faultInjectionBuilt())
            QSKIP("this build has no fault injection (-DSHARESCOPE_FAULT_INJECTION=ON)");
        const QString json = path("sweep.json");
        const CliOutcome outcome = runSharescope({"sweep", "--device", "opencl:0", "--modes", "cl-copy", "--sizes",
                                                  "64KiB,128KiB,256KiB,512KiB", "--iterations", "1", "--json", json},
                                                 injecting(QStringLiteral("alloc:out-of-memory:3")));
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains("some results are wrong or some runs failed"), qPrintable(outcome.err));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
        const QJsonArray runs = report.value("runs").toArray();
        QCOMPARE(runs.size(), 3);
        QList<qint64> sizes;
        for (const QJsonValue run : runs)
            sizes.append(run.toObject().value("spec").toObject().value("bytes").toInteger());
        QCOMPARE(sizes, (QList<qint64>{64 << 10, 128 << 10, 512 << 10}));
        const QJsonArray skipped = report.value("skipped").toArray();
        QCOMPARE(skipped.size(), 1);
        QCOMPARE(skipped.at(0).toObject().value("bytes").toInteger(), qint64(256 << 10));
        const QString reason = skipped.at(0).toObject().value("reason").toString();
        QVERIFY2(reason.contains("alloc: injected out-of-memory") && reason.contains("CL_INVALID_BUFFER_SIZE"),
                 qPrintable(reason));
    }

    void refusesAMalformedFaultPlan()
    {
        if (!sharescope::faultInjectionBuilt())
            QSKIP("this build has no fault injection (-DSHARESCOPE_FAULT_INJECTION=ON)");
        const QString json = path("malformed.json");
        const CliOutcome outcome
            = runSharescope(runWith({"--json", json}), injecting(QStringLiteral("kernel:segfault")));
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains("SHARESCOPE_INJECT_FAULT 'kernel:segfault': unknown fault 'segfault'"),
                 qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("accepted: PHASE:FAULT[:N]"), qPrintable(outcome.err));
        QVERIFY(!QFile::exists(json));
    }

    void reportsAFullStandardOutput_data()
    {
        QTest::addColumn<QStringList>("outputs");
        QTest::addColumn<QString>("message");
        QTest::addRow("--json -") << QStringList{"--json", "-"}
                                  << "cannot write standard output: no space left on the device";
        QTest::addRow("the table") << QStringList{} << "cannot write the results to standard output";
    }
    void reportsAFullStandardOutput()
    {
        QFETCH(QStringList, outputs);
        QFETCH(QString, message);
        const CliOutcome outcome
            = runSharescope(runWith(outputs), [](QProcess &process) { process.setStandardOutputFile("/dev/full"); });
        QCOMPARE(outcome.exitCode, 1);
        QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
    }

    void followsALinkToAFile()
    {
        const QString target = path("target.json");
        const QString link = path("link.json");
        QFile file(target);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("old");
        file.close();
        QVERIFY(QFile::link(target, link));
        const CliOutcome outcome = runSharescope(runWith({"--json", link}));
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(isReport(file.readAll()));
    }

    // /dev/stdout, as a link of the test's own: the report alone reaches stdout.
    void writesThroughALinkToStandardOutput()
    {
        const QString link = path("stdout");
        QVERIFY(QFile::link("/proc/self/fd/1", link));
        const CliOutcome outcome = runSharescope(runWith({"--json", link}));
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(isReport(outcome.out), outcome.out.left(200).constData());
        QVERIFY(QFileInfo(link).isSymLink());
    }

    // File names are bytes. One that is not UTF-8 (0xFF cannot be) is the
    // file written, not a name with U+FFFD in its place.
    void writesTheExactNameGiven_data()
    {
        QTest::addColumn<QByteArray>("option");
        QTest::addColumn<QByteArray>("name");
        QTest::addRow("--json") << QByteArray("--json") << QByteArray("r\xFFport.json");
        QTest::addRow("--csv") << QByteArray("--csv")
                               << QByteArray("t\xFE\xFF"
                                             "ble.csv");
        QTest::addRow("--trace") << QByteArray("--trace")
                                 << QByteArray("tr\xC3\x28"
                                               "ce.json"); // a broken sequence
        QTest::addRow("--json=") << QByteArray("--json=") << QByteArray("\x80\xFF\xED\xB0\x80.json");
    }
    void writesTheExactNameGiven()
    {
        QFETCH(QByteArray, option);
        QFETCH(QByteArray, name);
        ByteNamedDir dir;
        const QByteArray directory = QFile::encodeName(dir.path()) + "/out";
        QCOMPARE(::mkdir(directory.constData(), 0700), 0);
        QList<QByteArray> arguments;
        for (const QString &argument : runWith({}))
            arguments << argument.toUtf8();
        const QByteArray file = directory + "/" + name;
        if (option.endsWith('='))
            arguments << option + file;
        else
            arguments << option << file;
        const CliOutcome outcome = runWithBytes(arguments, dir.filePath("stderr"));
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QCOMPARE(namesIn(QFile::decodeName(directory)), QList<QByteArray>{name});
        const QByteArray written = readBytes(file);
        QVERIFY(!written.isEmpty());
        if (option.startsWith("--json"))
            QVERIFY2(isReport(written), written.left(200).constData());
    }

    // The window's screenshot, and the report it opens, by names that are
    // not UTF-8.
    void windowUsesTheExactNamesGiven()
    {
        ByteNamedDir dir;
        const QByteArray directory = QFile::encodeName(dir.path());
        const QByteArray report = directory + "/r\xFF.json";
        const QByteArray screenshot = directory + "/s\xFF.png";
        QList<QByteArray> arguments;
        for (const QString &argument : runWith({"--json"}))
            arguments << argument.toUtf8();
        arguments << report;
        QVERIFY2(runWithBytes(arguments, dir.filePath("stderr")).exitCode == 0, "the report was not written");
        const CliOutcome outcome
            = runWithBytes({"gui", "--open", report, "--screenshot", screenshot}, dir.filePath("stderr"));
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY(readBytes(screenshot).startsWith("\x89PNG"));
        QCOMPARE(namesIn(dir.path()), (QList<QByteArray>{"r\xFF.json", "s\xFF.png"}));
    }

    // Where such a name cannot be written, the message shows its bytes.
    void namesAnUnwritableNameByItsBytes()
    {
        ByteNamedDir dir;
        const QByteArray missing = QFile::encodeName(dir.path())
            + "/no\xFF"
              "dir/out.json";
        QList<QByteArray> arguments;
        for (const QString &argument : runWith({"--json"}))
            arguments << argument.toUtf8();
        arguments << missing;
        const CliOutcome outcome = runWithBytes(arguments, dir.filePath("stderr"));
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains(QStringLiteral("there is no directory '%1/no\\xFFdir'").arg(dir.path())),
                 qPrintable(outcome.err));
        QCOMPARE(namesIn(dir.path()), QList<QByteArray>{});
    }

    void refusesBadOutputsBeforeRunning_data()
    {
        QTest::addColumn<QStringList>("outputs");
        QTest::addColumn<QString>("message");
        const QString same = path("same");
        QTest::addRow("the same file twice") << QStringList{"--json", same, "--csv", same} << "name the same file";
        QTest::addRow("the same file, spelt twice")
            << QStringList{"--json", same, "--csv", m_dir.path() + "/./same"} << "name the same file";
        const QString standardOutput = path("stdout-link");
        QFile::link("/proc/self/fd/1", standardOutput);
        QTest::addRow("stdout twice") << QStringList{"--json", "-", "--csv", standardOutput} << "name the same file";
        QTest::addRow("no such directory")
            << QStringList{"--json", path("missing/out.json")} << "there is no directory '" + path("missing") + "'";
        QTest::addRow("too long a name") << QStringList{"--csv", path(QString(300, 'n') + ".csv")}
                                         << "the name is too long";
        QTest::addRow("a directory") << QStringList{"--json", m_dir.path()} << "it names a folder; give a file name";
        // A trailing slash names a folder even where none exists: never a
        // file named after its last part.
        QTest::addRow("a folder that is not there")
            << QStringList{"--json", path("newdir/")} << "it names a folder; give a file name";
        QTest::addRow("a trailing slash to a CSV")
            << QStringList{"--csv", path("other/")} << "it names a folder; give a file name";
    }
    void refusesBadOutputsBeforeRunning()
    {
        QFETCH(QStringList, outputs);
        QFETCH(QString, message);
        const QStringList before = QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::Hidden);
        const CliOutcome outcome = runSharescope(runWith(outputs));
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(outcome.err.contains(message), qPrintable(outcome.err));
        QVERIFY(outcome.out.isEmpty());
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::AllEntries | QDir::Hidden), before); // nothing left behind
    }
};

QTEST_GUILESS_MAIN(TestCliOutput)
#include "tst_clioutput.moc"
