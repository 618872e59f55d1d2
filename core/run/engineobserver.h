// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "phase.h"

namespace sharescope {

// Told about a run while it happens, on the thread that runs it.
class EngineObserver
{
public:
    virtual ~EngineObserver() = default;
    // iteration is -1 for alloc and free, which happen once per run.
    virtual void phaseFinished(int iteration, bool warmup, const PhaseResult &result)
    {
        (void)iteration, (void)warmup, (void)result;
    }
    // done of total steps (phases), for a progress bar.
    virtual void progress(int done, int total) { (void)done, (void)total; }
};

} // namespace sharescope
