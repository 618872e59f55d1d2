// SPDX-License-Identifier: GPL-3.0-or-later
#include "aboutdialog.h"

#include "buildinfo.h"
#include "textconv.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace sharescope {
namespace {

const DeviceInfo *firstCuda(const DeviceList &devices)
{
    const auto it = std::ranges::find(devices.devices, BackendKind::Cuda, &DeviceInfo::backend);
    return it == devices.devices.end() ? nullptr : &*it;
}

// "Portable Computing Language 3.1: opencl:0 cpu-haswell", one line per
// platform and driver (the platform's version string runs to a paragraph).
QString openClPlatforms(const DeviceList &devices)
{
    std::map<std::string, QStringList> platforms;
    for (const DeviceInfo &d : devices.devices) {
        if (d.backend == BackendKind::OpenCL)
            platforms[d.platform + " " + d.driverVersion] << q(d.id + " " + d.name);
    }
    QStringList lines;
    for (const auto &[platform, names] : platforms)
        lines << q(platform) + QStringLiteral(": ") + names.join(QStringLiteral(", "));
    return lines.isEmpty() ? AboutDialog::tr("none found") : lines.join(QLatin1Char('\n'));
}

QLabel *selectable(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}

} // namespace

AboutDialog::AboutDialog(const DeviceList &devices, QWidget *parent)
    : QDialog(parent)
{
    const BuildInfo build = buildInfo();
    setWindowTitle(tr("About ShareScope"));

    auto *title = new QLabel(this);
    title->setTextFormat(Qt::RichText);
    title->setText(QStringLiteral("<h2>ShareScope %1</h2><p>%2</p>")
                       .arg(q(build.version), tr("See how a CPU and a GPU share memory.")));

    auto *facts = new QFormLayout;
    facts->addRow(tr("Version:"), selectable(q(build.version), this));
    facts->addRow(tr("Commit:"), selectable(q(build.commit), this));
    facts->addRow(
        tr("Qt:"),
        selectable(tr("%1 (built with %2)").arg(QLatin1String(qVersion()), QLatin1String(QT_VERSION_STR)), this));
    // The runtime is linked in; the driver is whatever this machine has, and
    // only a CUDA device's listing asked it (the device list's own calls).
    const DeviceInfo *cuda = firstCuda(devices);
    const QString runtime = build.cudaRuntime ? tr("%1, linked in").arg(q(*build.cudaRuntime))
                                              : tr("not built in (no CUDA toolkit at build time)");
    facts->addRow(tr("CUDA runtime:"), selectable(runtime, this));
    if (build.cudaRuntime) {
        facts->addRow(tr("CUDA driver:"),
                      selectable(cuda ? tr("%1 (%2)").arg(q(cuda->driverVersion), q(cuda->name))
                                      : tr("no NVIDIA GPU with a driver found"),
                                 this));
    }
    facts->addRow(tr("OpenCL platforms:"), selectable(openClPlatforms(devices), this));
    facts->addRow(tr("Built:"), selectable(q(build.buildType + ", " + build.compiler), this));

    auto *licence = new QLabel(this);
    licence->setWordWrap(true);
    licence->setText(tr("ShareScope is free software: you can redistribute it and/or modify it under the terms of "
                        "the GNU General Public License, version 3 or (at your option) any later version (%1). It "
                        "comes with ABSOLUTELY NO WARRANTY. It uses Qt (LGPL-3.0) and QCustomPlot (GPL-3.0).")
                         .arg(q(build.licence)));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *aboutQt = buttons->addButton(tr("About &Qt"), QDialogButtonBox::ActionRole);
    connect(aboutQt, &QPushButton::clicked, this, [this] { QMessageBox::aboutQt(this); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addLayout(facts);
    layout->addWidget(licence);
    layout->addWidget(buttons);
    setMinimumWidth(560);
}

void showAboutDialog(const DeviceList &devices, QWidget *parent)
{
    auto *dialog = new AboutDialog(devices, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace sharescope
