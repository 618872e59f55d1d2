// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowarguments.h"

#include "language.h"
#include "lessons/demoquestion.h"
#include "lessons/examples.h"
#include "nativename.h"
#include "peers.h"
#include "preflight.h"
#include "report/reportfile.h"
#include "run/devices.h"
#include "trnoop.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImageWriter>

// The translation context of this file's messages.
class WindowArguments
{
    Q_DECLARE_TR_FUNCTIONS(WindowArguments)
};

namespace sharescope {
namespace {

// From the name's extension, before anything is written: the name may be a
// file the window was to read.
Result<QByteArray> screenshotFormat(const QString &path)
{
    const QByteArray format = QFileInfo(path).suffix().toLower().toLatin1();
    const QList<QByteArray> formats = QImageWriter::supportedImageFormats();
    if (!format.isEmpty() && formats.contains(format))
        return format;
    QStringList names;
    for (const QByteArray &name : formats)
        names << QString::fromLatin1(name);
    return badArgument(WindowArguments::tr("cannot save a screenshot as '%1': its extension names no image format "
                                           "this program can write; accepted: %2")
                           .arg(shownFileName(path), names.join(QStringLiteral(", ")))
                           .toStdString());
}

// What cannot be a report from the file alone (missing, a folder, a device,
// a fifo, too large) is a bad argument, not a dialog nobody may be there to
// close; its contents are read by the window, off its GUI thread.
Status checkReport(const QString &path)
{
    return checkReportFile(nativeFileName(path).toStdString());
}

// --answer N against the question the demo will ask on a device of `backend`.
Status checkAnswer(const CommandLineOptions &options, BackendKind backend)
{
    const RunRequest &request = options.request;
    if (!options.answer || !request.demo)
        return okStatus();
    const auto question = demoQuestionFor(demoInfo(*request.demo), request.base, request.sizeGiven, backend);
    return question ? checkAnswer(*question, *options.answer) : okStatus();
}

Status checkDevice(const CommandLineOptions &options)
{
    const RunRequest &request = options.request;
    const bool starts = options.runOnStart || options.compareOnStart || request.demo;
    if (request.base.deviceId.empty() && (!request.mode || readsOnly(options)) && !starts)
        return okStatus(); // nothing asked of a device: the window says what it finds
    const DeviceList list = listDevices();
    // A demo this machine cannot run opens its shipped example instead,
    // where there is one (MainWindow::startDemo).
    const auto shownElsewhere = [&request](const Error &refusal) {
        return request.demo && refusal.kind == ErrorKind::Unsupported && exampleForDemo(*request.demo);
    };
    auto device = list.resolve(request.base.deviceId);
    if (!device)
        return shownElsewhere(device.error()) ? checkAnswer(options, BackendKind::Cuda) : Status(device.error());
    if (request.demo) {
        if (const PlannedRuns plan = planRuns(request, *device); plan.refusal && !shownElsewhere(*plan.refusal))
            return *plan.refusal;
        return checkAnswer(options, device->backend);
    }
    // Reading a mode's page asks nothing of the device: a mode it cannot
    // run opens on its explanation (the panel still refuses to run it).
    if (readsOnly(options))
        return okStatus();
    const ModeId mode = request.mode.value_or(defaultMode(device->backend));
    return preflight(withPeer(inMode(request.base, mode), *device), *device,
                     options.runOnStart ? PreflightScope::Run : PreflightScope::Choice);
}

} // namespace

bool readsOnly(const CommandLineOptions &options)
{
    return options.request.mode && options.tab == WindowTab::Explain && !options.runOnStart && !options.compareOnStart
        && !options.request.demo;
}

Status checkWindowArguments(const CommandLineOptions &options, QByteArray *screenshot)
{
    if (!options.screenshotPath.isEmpty()) {
        auto format = screenshotFormat(options.screenshotPath);
        if (!format)
            return format.error();
        *screenshot = *format;
    }
    if (!options.openPath.isEmpty()) {
        if (Status report = checkReport(options.openPath); !report)
            return report;
    }
    return checkDevice(options);
}

} // namespace sharescope
