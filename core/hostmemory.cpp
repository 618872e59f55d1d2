#include "hostmemory.h"

#include <algorithm>
#include <cstdlib>

namespace sharescope {

AlignedHostArray::AlignedHostArray(std::size_t bytes, std::size_t alignment)
{
    alignment = std::max<std::size_t>(alignment, alignof(std::max_align_t));
    const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    m_data.reset(std::aligned_alloc(alignment, rounded));
    m_bytes = m_data ? bytes : 0;
}

void AlignedHostArray::Free::operator()(void *p) const
{
    std::free(p);
}

} // namespace sharescope
