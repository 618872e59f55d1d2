// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lessonwriter.h"

namespace sharescope {

// The peer-access demo's lesson: peer copies without and with peer access,
// a kernel reaching the other GPU's memory in place, and managed pages
// moving between the GPUs, each told with the numbers measured.
void peerAccessLesson(LessonWriter &w);

} // namespace sharescope
