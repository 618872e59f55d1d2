// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doctor/doctor.h"
#include "result.h"

#include <string>
#include <string_view>

namespace sharescope::doctor {

// A machine check as JSON: {"kind": "doctor", "version": 1, ...}, each
// check with its id, verdict, finding, evidence and advice (as templates,
// said again in the reader's language, and in English beside them) and its
// section of the docs.
std::string doctorToJson(const DoctorReport &report);
// Reads what doctorToJson wrote; a file of another kind, of a newer
// version, or malformed, is refused with the reason. Checks or verdicts
// this version does not know are refused too: they would be shown wrong.
Result<DoctorReport> doctorFromJson(std::string_view text);

} // namespace sharescope::doctor
