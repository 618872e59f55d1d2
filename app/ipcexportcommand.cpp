// SPDX-License-Identifier: GPL-3.0-or-later
#include "ipcexportcommand.h"

#include "bytesize.h"
#include "descriptorserver.h"
#include "failure.h"
#include "ipc.h"
#include "language.h"
#include "run/devices.h"
#include "textconv.h"
#include "trnoop.h"

#include <QCoreApplication>

#include <poll.h>
#include <unistd.h>

// The translation context of this file's messages.
class IpcExport
{
    Q_DECLARE_TR_FUNCTIONS(IpcExport)
};

namespace sharescope {
namespace {

QString describe(const BufferSummary &summary)
{
    QStringList first;
    for (const float value : summary.first)
        first << QString::number(value);
    return IpcExport::tr("checksum %1 · first elements %2")
        .arg(QString::number(summary.checksum, 'f', 1), first.join(QLatin1Char(' ')));
}

QString cupySnippet(const DeviceInfo &device, const SharedBuffer &exported)
{
    QString snippet;
    snippet += QStringLiteral("    import cupy as cp\n");
    if (device.index != 0)
        snippet += QStringLiteral("    cp.cuda.Device(%1).use()\n").arg(device.index);
    snippet += QStringLiteral("    handle = bytes.fromhex(\"%1\")\n"
                              "    pointer = cp.cuda.runtime.ipcOpenMemHandle(handle)\n"
                              "    memory = cp.cuda.UnownedMemory(pointer, %2, None)\n"
                              "    x = cp.ndarray((%3,), dtype=cp.float32, memptr=cp.cuda.MemoryPointer(memory, 0))\n"
                              "    print(float(x.sum()), x[:8])\n"
                              "    x *= 2                      # or: torch.as_tensor(x, device=\"cuda\") for PyTorch\n"
                              "    cp.cuda.Device().synchronize()\n"
                              "    del x, memory\n"
                              "    cp.cuda.runtime.ipcCloseMemHandle(pointer)\n")
                   .arg(q(exported.handleHex()))
                   .arg(exported.bytes())
                   .arg(exported.count());
    return snippet;
}

// The line a process that connects to the socket receives, beside the
// descriptor: "sharescope-ipc vmm BYTES MAPPED" or "sharescope-ipc pool
// BYTES EXPORTDATA".
std::string socketLine(const SharedBuffer &exported)
{
    std::string line = "sharescope-ipc " + std::string(exportMemoryName(exported.memory())) + " "
        + std::to_string(exported.bytes()) + " ";
    return line
        + (exported.memory() == ExportMemory::Vmm ? std::to_string(exported.mappedBytes()) : exported.handleHex());
}

// CuPy has no call for these imports: the CUDA driver's own, through
// ctypes. The descriptor comes over the socket (socket.recv_fds).
QString descriptorSnippet(const DeviceInfo &device, const SharedBuffer &exported, const QString &socketPath)
{
    QString snippet
        = QStringLiteral("    import ctypes, os, socket\n"
                         "    import cupy as cp\n"
                         "    cp.cuda.Device(%1).use()\n"
                         "    cp.cuda.runtime.free(0)              # CuPy's CUDA context, current on this thread\n"
                         "    cuda = ctypes.CDLL(\"libcuda.so.1\")\n"
                         "    def check(result, call):\n"
                         "        if result != 0:\n"
                         "            raise RuntimeError(f\"{call} failed: CUDA error {result}\")\n"
                         "    with socket.socket(socket.AF_UNIX) as s:\n"
                         "        s.connect(\"%2\")\n"
                         "        message, fds, _, _ = socket.recv_fds(s, 4096, 1)\n")
              .arg(device.index)
              .arg(socketPath);
    if (exported.memory() == ExportMemory::Vmm) {
        snippet += QStringLiteral(
                       "    size = int(message.split()[3])       # sharescope-ipc vmm BYTES MAPPED\n"
                       "    handle, address = ctypes.c_uint64(), ctypes.c_uint64()\n"
                       "    check(cuda.cuMemImportFromShareableHandle(ctypes.byref(handle), ctypes.c_void_p(fds[0]), "
                       "1), \"cuMemImportFromShareableHandle\")  # 1: a POSIX file descriptor\n"
                       "    os.close(fds[0])\n"
                       "    check(cuda.cuMemAddressReserve(ctypes.byref(address), ctypes.c_size_t(size), "
                       "ctypes.c_size_t(0), ctypes.c_uint64(0), ctypes.c_uint64(0)), \"cuMemAddressReserve\")\n"
                       "    check(cuda.cuMemMap(address, ctypes.c_size_t(size), ctypes.c_size_t(0), handle, "
                       "ctypes.c_uint64(0)), \"cuMemMap\")\n"
                       "    access = (ctypes.c_int * 3)(1, %1, 3)  # on device %1, readable and writable\n"
                       "    check(cuda.cuMemSetAccess(address, ctypes.c_size_t(size), access, ctypes.c_size_t(1)), "
                       "\"cuMemSetAccess\")\n"
                       "    pointer = address.value\n")
                       .arg(device.index);
    } else {
        snippet += QStringLiteral(
            "    export = bytes.fromhex(message.split()[3].decode())  # sharescope-ipc pool BYTES EXPORTDATA\n"
            "    pool, address = ctypes.c_void_p(), ctypes.c_uint64()\n"
            "    check(cuda.cuMemPoolImportFromShareableHandle(ctypes.byref(pool), ctypes.c_void_p(fds[0]), 1, "
            "ctypes.c_uint64(0)), \"cuMemPoolImportFromShareableHandle\")\n"
            "    os.close(fds[0])\n"
            "    check(cuda.cuMemPoolImportPointer(ctypes.byref(address), pool, ctypes.create_string_buffer(export, "
            "64)), \"cuMemPoolImportPointer\")\n"
            "    pointer = address.value\n");
    }
    snippet += QStringLiteral("    memory = cp.cuda.UnownedMemory(pointer, %1, None)\n"
                              "    x = cp.ndarray((%2,), dtype=cp.float32, memptr=cp.cuda.MemoryPointer(memory, 0))\n"
                              "    print(float(x.sum()), x[:8])\n"
                              "    x *= 2\n"
                              "    cp.cuda.Device().synchronize()\n"
                              "    del x, memory\n")
                   .arg(exported.bytes())
                   .arg(exported.count());
    if (exported.memory() == ExportMemory::Vmm) {
        snippet += QStringLiteral("    check(cuda.cuMemUnmap(address, ctypes.c_size_t(size)), \"cuMemUnmap\")\n"
                                  "    check(cuda.cuMemAddressFree(address, ctypes.c_size_t(size)), "
                                  "\"cuMemAddressFree\")\n"
                                  "    check(cuda.cuMemRelease(handle), \"cuMemRelease\")\n");
    } else {
        snippet += QStringLiteral("    # Freed here first: ShareScope frees its allocation after this process.\n"
                                  "    check(cuda.cuMemFreeAsync(address, None), \"cuMemFreeAsync\")\n"
                                  "    check(cuda.cuStreamSynchronize(None), \"cuStreamSynchronize\")\n"
                                  "    check(cuda.cuMemPoolDestroy(pool), \"cuMemPoolDestroy\")\n");
    }
    return snippet;
}

// Until Enter, or SIGINT/SIGTERM (which set `stop`). A closed stdin (a
// script) leaves only the signals. Meanwhile each process that connects to
// `server` (when there is one) receives the descriptors.
void waitForTheUser(const std::atomic<bool> *stop, DescriptorServer *server, const std::string &line,
                    const std::vector<int> &descriptors, QTextStream &out, QTextStream &err)
{
    bool stdinOpen = true;
    while (!stop->load()) {
        std::vector<pollfd> watched;
        if (stdinOpen)
            watched.push_back({STDIN_FILENO, POLLIN, 0});
        if (server)
            watched.push_back({server->descriptor(), POLLIN, 0});
        if (watched.empty()) {
            ::usleep(100 * 1000);
            continue;
        }
        if (::poll(watched.data(), watched.size(), 100) <= 0)
            continue;
        for (const pollfd &ready : watched) {
            if (!(ready.revents & (POLLIN | POLLHUP)))
                continue;
            if (ready.fd == STDIN_FILENO) {
                char c = 0;
                const ssize_t n = ::read(STDIN_FILENO, &c, 1);
                if (n <= 0)
                    stdinOpen = false;
                else if (c == '\n')
                    return;
                continue;
            }
            const auto handed = server->handOver(line, descriptors);
            if (!handed) {
                err << IpcExport::tr("warning: %1\n").arg(q(handed.error().message));
                err.flush();
                continue;
            }
            out << (*handed > 0 ? IpcExport::tr("gave the descriptor to process %1\n").arg(*handed)
                                : IpcExport::tr("gave the descriptor to a process\n"));
            out.flush();
        }
    }
}

} // namespace

int runIpcExportCommand(const CommandLineOptions &options, QTextStream &out, QTextStream &err,
                        const std::atomic<bool> *stop)
{
    const DeviceList list = listDevices();
    std::string deviceId = options.request.base.deviceId;
    if (deviceId.empty()) {
        const auto cuda = std::ranges::find(list.devices, BackendKind::Cuda, &DeviceInfo::backend);
        if (cuda == list.devices.end()) {
            MessageTemplate why{
                std::string(SHARESCOPE_TR_NOOP("Core", "ipc-export needs a CUDA device, and there is none"))};
            for (const MessageTemplate &problem : list.problems)
                why = MessageTemplate(SHARESCOPE_TR_NOOP("Core", "%1; %2"), {why, problem});
            return printFailure(err, errorOf(ErrorKind::Unsupported, why));
        }
        deviceId = cuda->id;
    }
    auto device = list.resolve(deviceId);
    if (!device)
        return printFailure(err, device.error());
    if (device->backend != BackendKind::Cuda)
        return printFailure(
            err,
            unsupported(SHARESCOPE_TR_NOOP("Core", "ipc-export shares CUDA memory, and %1 is an OpenCL device"),
                        {device->id}));
    const auto fill = parseFill(options.fill.toStdString());
    if (!fill)
        return printFailure(err, fill.error());
    auto exported = exportBuffer(device->index, options.request.base.bytes, *fill, options.exportMemory);
    if (!exported)
        return printFailure(err, exported.error());
    const SharedBuffer &buffer = **exported;
    std::unique_ptr<DescriptorServer> server;
    if (!buffer.descriptors().empty()) {
        auto listening
            = DescriptorServer::listen(options.socketPath.isEmpty() ? defaultSocketPath() : s(options.socketPath));
        if (!listening)
            return printFailure(err, listening.error());
        server = std::move(*listening);
    }
    const auto before = buffer.summarize();
    if (!before)
        return printFailure(err, before.error());
    out << IpcExport::tr("Exported %1 of float32 (%2 elements) on %3 (%4) from process %5.\n")
               .arg(q(formatBytes(buffer.bytes())), q(formatCount(buffer.count())), q(device->id), q(device->name))
               .arg(::getpid());
    switch (buffer.memory()) {
    case ExportMemory::Vmm:
        out << IpcExport::tr("memory   cuMemCreate, %1 mapped in whole granules, shared as a file descriptor\n")
                   .arg(q(formatBytes(buffer.mappedBytes())));
        break;
    case ExportMemory::Pool:
        out << IpcExport::tr("memory   cudaMallocFromPoolAsync from an exportable pool, shared as the pool's file "
                             "descriptor\n");
        out << IpcExport::tr("export   %1 (the pointer's export data)\n").arg(q(buffer.handleHex()));
        break;
    case ExportMemory::Device:
    case ExportMemory::Managed:
        out << IpcExport::tr("handle   %1\n").arg(q(buffer.handleHex()));
        break;
    }
    if (server) {
        out << IpcExport::tr("socket   %1 (each process that connects receives the descriptor; only your user "
                             "may connect)\n")
                   .arg(q(server->path()));
    }
    out << IpcExport::tr("before   %1\n\n").arg(describe(*before));
    if (server) {
        out << IpcExport::tr("Open it from another process on this machine, with CuPy and the CUDA driver through "
                             "ctypes:\n\n");
        out << descriptorSnippet(*device, buffer, q(server->path())) << QLatin1Char('\n');
    } else {
        out << IpcExport::tr("Open it from another process on this machine, with CuPy for example:\n\n");
        out << cupySnippet(*device, buffer) << QLatin1Char('\n');
    }
    out << (::isatty(STDIN_FILENO)
                ? IpcExport::tr("Press Enter when done (or Ctrl+C); ShareScope then reads the buffer again.\n")
                : IpcExport::tr("Send SIGINT or SIGTERM (kill %1) when done; ShareScope then reads the buffer again.\n")
                      .arg(::getpid()));
    out.flush();
    waitForTheUser(stop, server.get(), socketLine(buffer), buffer.descriptors(), out, err);
    const auto after = buffer.summarize();
    if (!after)
        return printFailure(err, after.error());
    out << IpcExport::tr("after    %1\n").arg(describe(*after));
    out << IpcExport::tr("changed  %1 of %2 elements no longer hold what ShareScope wrote\n")
               .arg(q(formatCount(after->changed)), q(formatCount(buffer.count())));
    out.flush();
    return 0;
}

} // namespace sharescope
