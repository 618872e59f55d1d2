// SPDX-License-Identifier: GPL-3.0-or-later
#include "examplereports.h"

#include "language.h"
#include "report/reportjson.h"

#include <QCoreApplication>
#include <QFile>

namespace sharescope {

namespace {

// The command that measured, without where it wrote its files (a folder
// of the machine that ran it, which says nothing here).
QString measuringCommand(const std::string &commandLine)
{
    QStringList words = q(commandLine).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (qsizetype i = 0; i + 1 < words.size();) {
        if (words[i] == QLatin1String("--json") || words[i] == QLatin1String("--csv")
            || words[i] == QLatin1String("--trace"))
            words.remove(i, 2);
        else
            ++i;
    }
    return words.join(QLatin1Char(' '));
}

} // namespace

QString exampleResourcePath(ExampleId id)
{
    return QStringLiteral(":/examples/%1.json").arg(q(exampleInfo(id).name));
}

QString exampleTitle(const ExampleInfo &example)
{
    return QCoreApplication::translate("Examples", std::string(example.title).c_str());
}

Result<std::string> readResourceReport(const QString &path)
{
    QFile file(path);
    // Every example is compiled in (tst_examples opens each): a missing one
    // is a broken build, said as such rather than as a bad argument.
    if (!file.open(QIODevice::ReadOnly))
        return failed(QStringLiteral("%1 is missing from this build").arg(path).toStdString());
    return file.readAll().toStdString();
}

Result<ReportSet> readExample(ExampleId id)
{
    auto text = readResourceReport(exampleResourcePath(id));
    if (!text)
        return text.error();
    return readReports(*text);
}

QString exampleProvenance(const ReportSet &set, const ExampleInfo *example)
{
    if (set.runs.empty())
        return QCoreApplication::translate("Examples", "Measured elsewhere, not on this machine.");
    const RunReport &first = set.runs.front();
    const DeviceInfo &device = first.device;
    QString where = q(device.name);
    QStringList versions;
    if (example && !example->nvidiaDriver.empty() && device.backend == BackendKind::Cuda)
        versions << QCoreApplication::translate("Examples", "driver %1").arg(q(example->nvidiaDriver));
    // cudaDriverGetVersion: the CUDA version the driver supports, not the
    // driver's own version.
    if (!device.driverVersion.empty())
        versions << QStringLiteral("CUDA %1").arg(q(device.driverVersion));
    if (!device.runtimeVersion.empty() && device.runtimeVersion != device.driverVersion)
        versions << QCoreApplication::translate("Examples", "runtime %1").arg(q(device.runtimeVersion));
    //: Between a GPU and its driver's versions: in Chinese with full-width brackets, %1（%2）.
    if (!versions.isEmpty())
        where = QCoreApplication::translate("Examples", "%1 (%2)")
                    .arg(where, versions.join(QCoreApplication::translate("Examples", ", ")));
    // "2026-12-01T14:02:11Z": the day is enough.
    const QString day = q(first.createdUtc).left(10);
    return QCoreApplication::translate("Examples", "Measured on %1 on %2 with `%3`, not on this machine.")
        .arg(where, day, measuringCommand(set.commandLine.empty() ? first.commandLine : set.commandLine));
}

} // namespace sharescope
