// SPDX-License-Identifier: GPL-3.0-or-later
#include "descriptorserver.h"
#include "ipc.h"
#include "ipcprotocol.h"
#include "linereader.h"

#include <QTemporaryDir>
#include <QTest>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

using namespace sharescope;

namespace {

std::string handle(char digit)
{
    return std::string(2 * ipcHandleBytes, digit);
}

} // namespace

class TestIpcProtocol : public QObject
{
    Q_OBJECT

private slots:
    void encodesAndDecodesHex()
    {
        std::vector<std::uint8_t> bytes(ipcHandleBytes);
        for (std::size_t i = 0; i < bytes.size(); ++i)
            bytes[i] = static_cast<std::uint8_t>(i * 37 + 5);
        const std::string hex = toHex(bytes);
        QCOMPARE(hex.size(), 2 * ipcHandleBytes);
        QCOMPARE(hex.substr(0, 6), std::string("052a4f"));
        QCOMPARE(*fromHex(hex, ipcHandleBytes), bytes);
        std::string upper = hex;
        for (char &c : upper)
            c = static_cast<char>(std::toupper(c));
        QCOMPARE(*fromHex(upper, ipcHandleBytes), bytes);
    }

    void rejectsBadHex_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addRow("short") << QString(126, 'a') << "must be 128 hex digits, not 126";
        QTest::addRow("long") << QString(130, 'a') << "not 130";
        QTest::addRow("not hex") << QString(126, 'a') + "zz"
                                 << "'zz' is not";
        QTest::addRow("empty") << ""
                               << "not 0";
    }
    void rejectsBadHex()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto bytes = fromHex(text.toStdString(), ipcHandleBytes);
        QVERIFY(!bytes.ok());
        QVERIFY2(QString::fromStdString(bytes.error().message).contains(message), bytes.error().message.c_str());
    }

    void roundTripsCommands()
    {
        PeerCommand open{PeerCommand::Kind::Open,
                         {1, KernelId::VectorAdd, 4096, 1, {handle('a'), handle('b'), handle('c')}, handle('e')}};
        const std::string line = formatCommand(open);
        const auto parsed = parseCommand(line);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().message.c_str());
        QCOMPARE(parsed->kind, PeerCommand::Kind::Open);
        QCOMPARE(parsed->open.device, 1);
        QCOMPARE(parsed->open.kernel, KernelId::VectorAdd);
        QCOMPARE(parsed->open.count, std::uint64_t(4096));
        QCOMPARE(parsed->open.memoryHandles.size(), std::size_t(3));
        QCOMPARE(parsed->open.memoryHandles[1], handle('b'));
        QCOMPARE(parsed->open.eventHandle, handle('e'));
        QCOMPARE(parseCommand("run")->kind, PeerCommand::Kind::Run);
        QCOMPARE(parseCommand("release")->kind, PeerCommand::Kind::Release);
        QCOMPARE(formatCommand(*parseCommand("release")), std::string("release"));
    }

    void roundTripsTheDescriptorRoutes()
    {
        PeerOpen vmm{0, KernelId::Scale, 1000, 1, {}, handle('e'), IpcMemory::VmmDescriptor, {2097152}};
        const std::string vmmLine = formatCommand({PeerCommand::Kind::Open, vmm});
        QCOMPARE(vmmLine, "open-vmm 0 scale 1000 1 2097152 " + handle('e'));
        const auto parsedVmm = parseCommand(vmmLine);
        QVERIFY2(parsedVmm.ok(), parsedVmm.ok() ? "" : parsedVmm.error().message.c_str());
        QCOMPARE(parsedVmm->open.memory, IpcMemory::VmmDescriptor);
        QCOMPARE(parsedVmm->open.mappedBytes, std::vector<std::uint64_t>{2097152});
        QVERIFY(parsedVmm->open.memoryHandles.empty());
        QCOMPARE(descriptorCount(parsedVmm->open), std::size_t(1));

        PeerOpen pool{2,           KernelId::VectorAdd,       64, 1, {handle('1'), handle('2'), handle('3')},
                      handle('e'), IpcMemory::PoolDescriptor, {}};
        const std::string poolLine = formatCommand({PeerCommand::Kind::Open, pool});
        QVERIFY(poolLine.starts_with("open-pool 2 vector-add 64 1 "));
        const auto parsedPool = parseCommand(poolLine);
        QVERIFY2(parsedPool.ok(), parsedPool.ok() ? "" : parsedPool.error().message.c_str());
        QCOMPARE(parsedPool->open.memory, IpcMemory::PoolDescriptor);
        QCOMPARE(parsedPool->open.memoryHandles[2], handle('3'));
        // One descriptor, the pool's, whatever the number of buffers.
        QCOMPARE(descriptorCount(parsedPool->open), std::size_t(1));

        const auto legacy = parseCommand(
            formatCommand({PeerCommand::Kind::Open, {0, KernelId::Scale, 16, 1, {handle('a')}, handle('e')}}));
        QCOMPARE(legacy->open.memory, IpcMemory::LegacyHandle);
        QCOMPARE(descriptorCount(legacy->open), std::size_t(0));
    }

    void rejectsMalformedCommands_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("message");
        const QString h = QString::fromStdString(handle('a'));
        QTest::addRow("empty") << ""
                               << "expected open, open-vmm, open-pool, run or release";
        QTest::addRow("unknown") << "launch"
                                 << "expected open, open-vmm, open-pool, run or release";
        QTest::addRow("run with junk") << "run now"
                                       << "expected open, open-vmm, open-pool, run or release";
        QTest::addRow("too few words") << "open 0 scale 16"
                                       << "open takes DEVICE KERNEL";
        QTest::addRow("bad device") << "open x scale 16 1 " + h + " " + h << "the device must be a number";
        QTest::addRow("negative device") << "open -1 scale 16 1 " + h + " " + h << "the device must be a number";
        QTest::addRow("unknown kernel") << "open 0 add 16 1 " + h + " " + h << "unknown kernel 'add'";
        QTest::addRow("zero count") << "open 0 scale 0 1 " + h + " " + h << "element count must be a positive number";
        QTest::addRow("bad stride") << "open 0 scale 16 0 " + h + " " + h << "stride must be a positive number";
        QTest::addRow("short handle") << "open 0 scale 16 1 abc " + h << "must be 128 hex digits";
        QTest::addRow("handle count") << "open 0 vector-add 16 1 " + h + " " + h
                                      << "vector-add needs 3 memory handles, not 1";
        QTest::addRow("bad event") << "open 0 scale 16 1 " + h + " xyz"
                                   << "event handle";
        QTest::addRow("vmm size not a number")
            << "open-vmm 0 scale 16 1 " + h + " " + h << "each mapped size must be a number of bytes";
        // 16 elements of 4 bytes do not fit in 63 bytes.
        QTest::addRow("vmm size too small")
            << "open-vmm 0 scale 16 1 63 " + h << "each mapped size must be a number of bytes that holds COUNT";
        QTest::addRow("vmm size count") << "open-vmm 0 vector-add 16 1 64,64 " + h
                                        << "vector-add needs 3 memory handles, not 2";
        QTest::addRow("pool short export") << "open-pool 0 scale 16 1 abc " + h << "must be 128 hex digits";
        QTest::addRow("pool too few words") << "open-pool 0 scale 16 1 " + h << "open-pool takes DEVICE KERNEL";
    }
    void rejectsMalformedCommands()
    {
        QFETCH(QString, line);
        QFETCH(QString, message);
        const auto parsed = parseCommand(line.toStdString());
        QVERIFY(!parsed.ok());
        QVERIFY2(QString::fromStdString(parsed.error().message).contains(message), parsed.error().message.c_str());
        QVERIFY(QString::fromStdString(parsed.error().message).startsWith("malformed ipc message"));
    }

    void roundTripsReplies()
    {
        for (const PeerReply &reply :
             {PeerReply{PeerReply::Kind::Opened, 1234, {}}, PeerReply{PeerReply::Kind::Done, 99, {}},
              PeerReply{PeerReply::Kind::Released, 0, {}},
              PeerReply{PeerReply::Kind::Error, 0, "cudaIpcOpenMemHandle failed: invalid"}}) {
            const auto parsed = parseReply(formatReply(reply));
            QVERIFY(parsed.ok());
            QCOMPARE(parsed->kind, reply.kind);
            QCOMPARE(parsed->ns, reply.ns);
            QCOMPARE(parsed->message, reply.message);
        }
        // The open's steps travel beside its time; the older two-word reply still reads.
        PeerReply opened{PeerReply::Kind::Opened, 5000, {}, PeerOpenTimes{3000, 1500, 100, 250}};
        QCOMPARE(formatReply(opened), std::string("opened 5000 3000 1500 100 250"));
        const auto steps = parseReply("opened 5000 3000 1500 100 250");
        QVERIFY(steps.ok() && steps->steps);
        QCOMPARE(steps->steps->importNs, std::uint64_t(3000));
        QCOMPARE(steps->steps->mapNs, std::optional<std::uint64_t>(1500));
        QCOMPARE(steps->steps->readyAt, std::uint64_t(100));
        QCOMPARE(steps->steps->receivedAt, std::uint64_t(250));
        opened.steps->mapNs.reset(); // ipc: the import maps
        QCOMPARE(formatReply(opened), std::string("opened 5000 3000 - 100 250"));
        QCOMPARE(parseReply(formatReply(opened))->steps->mapNs, std::optional<std::uint64_t>());
        QVERIFY(!parseReply("opened 5000")->steps);
        // A message cannot break the one-line protocol.
        QCOMPARE(formatReply({PeerReply::Kind::Error, 0, "two\nlines"}), std::string("error two lines"));
    }

    void rejectsMalformedReplies_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addRow("empty") << "";
        QTest::addRow("unknown") << "hello";
        QTest::addRow("no time") << "opened";
        QTest::addRow("bad time") << "done soon";
        QTest::addRow("negative time") << "done -5";
        QTest::addRow("extra words") << "opened 5 6";
        QTest::addRow("steps cut short") << "opened 5 1 2 3";
        QTest::addRow("steps too many") << "opened 5 1 2 3 4 5";
        QTest::addRow("steps not numbers") << "opened 5 one - 3 4";
        QTest::addRow("steps longer than the open") << "opened 5 4 2 3 4";
        QTest::addRow("steps overflow") << "opened 5 3 18446744073709551615 3 4";
        QTest::addRow("received before ready") << "opened 5 1 1 9 4";
        QTest::addRow("done with steps") << "done 5 1 1 3 4";
        QTest::addRow("bare error") << "error ";
    }
    void rejectsMalformedReplies()
    {
        QFETCH(QString, line);
        QVERIFY(!parseReply(line.toStdString()).ok());
    }

    void parsesFillPatterns()
    {
        QCOMPARE(parseFill("index")->at(7), 7.0f);
        QCOMPARE(parseFill("")->at(3), 3.0f);
        QCOMPARE(parseFill("zeros")->at(7), 0.0f);
        QCOMPARE(parseFill("ones")->at(7), 1.0f);
        QCOMPARE(parseFill("2.5")->at(7), 2.5f);
        QCOMPARE(parseFill("-4")->at(0), -4.0f);
        for (const char *bad : {"abc", "1.5x", "nan", "inf", "1e99"}) {
            const auto fill = parseFill(bad);
            QVERIFY2(!fill.ok(), bad);
            QCOMPARE(fill.error().kind, ErrorKind::BadArgument);
        }
    }

    // ipc-export --memory vmm|pool: whoever connects to the socket gets the
    // line and a working copy of the descriptor; only this user may connect.
    void descriptorServerHandsOverDescriptors()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const std::string path = folder.filePath("export.sock").toStdString();
        auto server = DescriptorServer::listen(path);
        QVERIFY2(server.ok(), server.ok() ? "" : server.error().message.c_str());
        struct stat status
        {
        };
        QCOMPARE(::stat(path.c_str(), &status), 0);
        QVERIFY(S_ISSOCK(status.st_mode));
        QCOMPARE(status.st_mode & 0077, mode_t(0));

        int pipeEnds[2];
        QCOMPARE(::pipe(pipeEnds), 0);
        const int client = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        std::memcpy(address.sun_path, path.data(), path.size());
        QCOMPARE(::connect(client, reinterpret_cast<const sockaddr *>(&address), sizeof address), 0);
        const int sent[] = {pipeEnds[1]};
        const auto pid = (*server)->handOver("sharescope-ipc vmm 4096 2097152", sent);
        QVERIFY2(pid.ok(), pid.ok() ? "" : pid.error().message.c_str());
        QCOMPARE(*pid, int(::getpid()));
        ::close(pipeEnds[1]); // the copy that travelled keeps the pipe open

        LineReader reader(client);
        std::vector<int> received;
        QCOMPARE(reader.next(received), std::optional<std::string>("sharescope-ipc vmm 4096 2097152"));
        QCOMPARE(received.size(), std::size_t(1));
        QCOMPARE(::write(received[0], "ok", 2), ssize_t(2));
        char echoed[2] = {};
        QCOMPARE(::read(pipeEnds[0], echoed, 2), ssize_t(2));
        QCOMPARE(std::string(echoed, 2), std::string("ok"));
        QVERIFY(!reader.next(received)); // the server closed the connection
        for (const int descriptor : received)
            ::close(descriptor);
        ::close(client);
        ::close(pipeEnds[0]);

        // Nobody waiting: a clear failure, not a hang.
        QVERIFY(!(*server)->handOver("x", {}).ok());

        // The path is taken while it listens, and free once it is gone.
        const auto second = DescriptorServer::listen(path);
        QVERIFY(!second.ok());
        QCOMPARE(second.error().kind, ErrorKind::BadArgument);
        QVERIFY2(second.error().message.find("exists already") != std::string::npos, second.error().message.c_str());
        server->reset();
        QVERIFY(::access(path.c_str(), F_OK) != 0);
    }

    void descriptorServerRefusesPathsThatCannotBeSockets()
    {
        for (const std::string &path : {std::string(), "/tmp/" + std::string(200, 'x')}) {
            const auto server = DescriptorServer::listen(path);
            QVERIFY(!server.ok());
            QCOMPARE(server.error().kind, ErrorKind::BadArgument);
            QVERIFY2(server.error().message.find("a socket's path holds 1 to 107 bytes") != std::string::npos,
                     server.error().message.c_str());
        }
        const auto missing = DescriptorServer::listen("/nonexistent-folder/export.sock");
        QVERIFY(!missing.ok());
        QVERIFY2(missing.error().message.find("cannot listen at --socket '/nonexistent-folder/export.sock'")
                     != std::string::npos,
                 missing.error().message.c_str());
    }

    void namesExportMemories()
    {
        for (const ExportMemory memory : allExportMemories)
            QCOMPARE(exportMemoryFromName(exportMemoryName(memory)), std::optional(memory));
        QVERIFY(!exportMemoryFromName("DEVICE"));
        QVERIFY(!exportMemoryFromName(""));
    }
};

QTEST_APPLESS_MAIN(TestIpcProtocol)
#include "tst_ipcprotocol.moc"
