#include "clirun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <atomic>
#include <thread>

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
        QVERIFY2(err.contains(QStringLiteral("cannot write '%1': Broken pipe").arg(fifo)), qPrintable(err));
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
        QVERIFY2(outcome.err.contains(QStringLiteral("cannot write '%1': No space left on device").arg(full)),
                 qPrintable(outcome.err));
        struct stat info;
        QCOMPARE(::lstat(QFile::encodeName(full), &info), 0);
        QVERIFY(S_ISCHR(info.st_mode));
    }

    void reportsAFullStandardOutput_data()
    {
        QTest::addColumn<QStringList>("outputs");
        QTest::addColumn<QString>("message");
        QTest::addRow("--json -") << QStringList{"--json", "-"} << "cannot write standard output: No space left";
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
                                         << "File name too long";
        QTest::addRow("a directory") << QStringList{"--json", m_dir.path()} << "it is a directory";
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
