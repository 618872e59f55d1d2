// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessonwriter.h"

namespace sharescope {

// The threads-share-one-gpu demo's lesson: at each size and in each mode,
// the kernel and to-device phases on one thread, on demoHostThreads threads
// sharing the legacy default stream, and on per-thread streams (OpenCL: a
// queue each); whether the legacy stream serialised the threads, and whether
// splitting beat one thread doing it all.
void threadsShareOneGpuLesson(LessonWriter &w);

} // namespace sharescope
