// SPDX-License-Identifier: GPL-3.0-or-later
#include "ipcexportcommand.h"

#include "bytesize.h"
#include "devices.h"
#include "failure.h"
#include "ipc.h"
#include "language.h"
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

// Until Enter, or SIGINT/SIGTERM (which set `stop`). A closed stdin (a
// script) leaves only the signals.
void waitForTheUser(const std::atomic<bool> *stop)
{
    bool stdinOpen = true;
    while (!stop->load()) {
        if (!stdinOpen) {
            ::usleep(100 * 1000);
            continue;
        }
        pollfd input{STDIN_FILENO, POLLIN, 0};
        if (::poll(&input, 1, 100) <= 0)
            continue;
        char c = 0;
        const ssize_t n = ::read(STDIN_FILENO, &c, 1);
        if (n <= 0)
            stdinOpen = false;
        else if (c == '\n')
            return;
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
    auto exported = exportBuffer(device->index, options.request.base.bytes, *fill, options.managedMemory);
    if (!exported)
        return printFailure(err, exported.error());
    const auto before = (*exported)->summarize();
    if (!before)
        return printFailure(err, before.error());
    out << IpcExport::tr("Exported %1 of float32 (%2 elements) on %3 (%4) from process %5.\n")
               .arg(q(formatBytes((*exported)->bytes())), q(formatCount((*exported)->count())), q(device->id),
                    q(device->name))
               .arg(::getpid());
    out << IpcExport::tr("handle   %1\n").arg(q((*exported)->handleHex()));
    out << IpcExport::tr("before   %1\n\n").arg(describe(*before));
    out << IpcExport::tr("Open it from another process on this machine, with CuPy for example:\n\n");
    out << cupySnippet(*device, **exported) << QLatin1Char('\n');
    out << (::isatty(STDIN_FILENO)
                ? IpcExport::tr("Press Enter when done (or Ctrl+C); ShareScope then reads the buffer again.\n")
                : IpcExport::tr("Send SIGINT or SIGTERM (kill %1) when done; ShareScope then reads the buffer again.\n")
                      .arg(::getpid()));
    out.flush();
    waitForTheUser(stop);
    const auto after = (*exported)->summarize();
    if (!after)
        return printFailure(err, after.error());
    out << IpcExport::tr("after    %1\n").arg(describe(*after));
    out << IpcExport::tr("changed  %1 of %2 elements no longer hold what ShareScope wrote\n")
               .arg(q(formatCount(after->changed)), q(formatCount((*exported)->count())));
    out.flush();
    return 0;
}

} // namespace sharescope
