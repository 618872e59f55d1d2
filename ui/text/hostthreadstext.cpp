// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostthreadstext.h"

#include <QCoreApplication>

namespace sharescope {

class HostThreadsText
{
    Q_DECLARE_TR_FUNCTIONS(HostThreadsText)
};

QString hostThreadsText(const ExperimentSpec &spec)
{
    if (!spec.threaded())
        return {};
    // One thread is threaded only on its per-thread stream (CUDA).
    if (spec.hostThreads == 1)
        return HostThreadsText::tr("one host thread besides the run's own, on its per-thread default stream");
    if (spec.modeInfo().backend != BackendKind::Cuda) {
        return HostThreadsText::tr("%1 host threads, a slice of every buffer each, with an OpenCL command queue "
                                   "each")
            .arg(spec.hostThreads);
    }
    if (spec.defaultStream == DefaultStream::PerThread) {
        return HostThreadsText::tr("%1 host threads, a slice of every buffer each, each on its own per-thread "
                                   "default stream")
            .arg(spec.hostThreads);
    }
    return HostThreadsText::tr("%1 host threads, a slice of every buffer each, on the legacy default stream, "
                               "which they share")
        .arg(spec.hostThreads);
}

} // namespace sharescope
