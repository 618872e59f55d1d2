// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessons/demos.h"

#include <QString>
#include <QStringList>

namespace sharescope {

// What a guided demo shows, told with the numbers of the comparison just
// measured: never canned figures. A number the run did not produce (a
// counter the driver did not report, a mode that could not run) is said to
// be missing, not guessed.
struct Lesson
{
    QString title;
    QStringList paragraphs;
};

// The demo's title in the current language.
QString demoTitle(const DemoInfo &demo);
// What a machine needs to run the demo (demoNeeds), in the current
// language: "runs on any device (CUDA or OpenCL)", "needs CUDA", ...
QString demoNeedsText(const DemoInfo &demo);

} // namespace sharescope
