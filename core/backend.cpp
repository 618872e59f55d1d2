#include "backend.h"

namespace sharescope {

std::vector<std::size_t> buffersFor(const KernelInfo &kernel, HostAccess access)
{
    std::vector<std::size_t> indices;
    for (std::size_t b = 0; b < kernel.buffers.size(); ++b) {
        const BufferRole role = kernel.buffers[b].role;
        const bool wanted = access == HostAccess::Write ? hostWrites(role)
            : access == HostAccess::Read                ? hostReads(role)
                                                        : role == BufferRole::InOut;
        if (wanted)
            indices.push_back(b);
    }
    return indices;
}

} // namespace sharescope
