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
    if (spec.modeInfo().backend != BackendKind::Cuda) {
        return HostThreadsText::tr("%n host thread(s), a slice of every buffer each, with an OpenCL command queue "
                                   "each",
                                   nullptr, spec.hostThreads);
    }
    if (spec.defaultStream == DefaultStream::PerThread) {
        return HostThreadsText::tr("%n host thread(s), a slice of every buffer each, each on its own per-thread "
                                   "default stream",
                                   nullptr, spec.hostThreads);
    }
    return HostThreadsText::tr("%n host thread(s), a slice of every buffer each, on the legacy default stream, "
                               "which they share",
                               nullptr, spec.hostThreads);
}

} // namespace sharescope
