// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "devicelist.h"

#include <QDialog>

namespace sharescope {

// Help -> About ShareScope: what this binary is (version, commit, Qt, the
// CUDA runtime built in), what it found on this machine (the CUDA driver,
// the OpenCL platforms) and its licence. The facts come from the core's
// buildInfo(), as `sharescope --version`'s do, and from the device list the
// window already has: opening the dialog makes no GPU call.
class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(const DeviceList &devices, QWidget *parent = nullptr);
};

// Opens the dialog over `parent` without blocking; it deletes itself on close.
void showAboutDialog(const DeviceList &devices, QWidget *parent);

} // namespace sharescope
