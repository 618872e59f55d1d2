// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experimentspec.h"

#include <QString>

namespace sharescope {

// How the front ends speak of --host-threads, in the current language:
// "4 host threads, a slice of every buffer each, on the legacy default
// stream, which they share"; empty for a run on one thread.
QString hostThreadsText(const ExperimentSpec &spec);

} // namespace sharescope
