// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudacopysession.h"

namespace sharescope::cuda {

std::unique_ptr<CudaSession> makeCopySession(CudaContext &context, const ExperimentSpec &spec, bool pinned)
{
    return std::make_unique<CopySession>(context, spec, pinned);
}

} // namespace sharescope::cuda
