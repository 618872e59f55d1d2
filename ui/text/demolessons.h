// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lesson.h"
#include "lessons/demos.h"
#include "report/reportset.h"

namespace sharescope {

// The lesson of a demo, written from the comparison it just ran.
Lesson lessonFor(const DemoInfo &demo, const ReportSet &set);

} // namespace sharescope
