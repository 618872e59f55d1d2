// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessonwriter.h"

namespace sharescope {

// The first-touch demo's lesson: the CUDA course's four page-fault
// experiments (CPU then GPU, GPU then CPU, GPU only, CPU only), each a buffer
// of one run, told from the faults and bytes of the run's first iteration
// (every page touched for the first time) and of the iterations after it.
void firstTouchLesson(LessonWriter &w);

} // namespace sharescope
