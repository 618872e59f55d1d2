// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doctor/doctor.h"

#include <QCoreApplication>
#include <QString>

// The translation context of the machine check's words.
class DoctorText
{
    Q_DECLARE_TR_FUNCTIONS(DoctorText)
};

namespace sharescope {

QString verdictText(doctor::Verdict verdict); // "ok", "problem", ... in the current language
QString checkTitle(doctor::CheckId id); // "shared memory for worker processes"
QString evidenceLine(const doctor::Evidence &evidence); // "/proc/self/limits: Max open files: soft 1024, ..."
// The first line of a machine check: the device, the plan, when, how long.
QString doctorHeading(const doctor::DoctorReport &report);
// "12 checks: 8 ok, 2 warnings, 1 problem, 1 not applicable"
QString doctorSummary(const doctor::DoctorReport &report);
// The whole check as a list for a terminal of `width` columns: each check's
// verdict and title, its finding, what to do, its evidence and its section
// of the docs, wrapped.
QString doctorText(const doctor::DoctorReport &report, int width = 80);
// The check's section of docs/doctor.md (built into the program), as
// Markdown, its heading first; empty where the page has none.
QString doctorDocsSection(doctor::CheckId id);

} // namespace sharescope
