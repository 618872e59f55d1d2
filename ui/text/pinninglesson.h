// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessonwriter.h"

namespace sharescope {

// The when-pinning-pays demo's lesson: at each size, what cudaHostAlloc and
// cudaFreeHost cost beyond ordinary memory touched once, what pinned copies
// save per iteration, and after how many iterations pinning has paid.
void whenPinningPaysLesson(LessonWriter &w);

} // namespace sharescope
