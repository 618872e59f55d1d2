// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostmemory.h"

#include <algorithm>
#include <cstdlib>

#include <unistd.h>

namespace sharescope {

AlignedHostArray::AlignedHostArray(std::size_t bytes, std::size_t alignment, HostTouch touch)
{
    alignment = std::max<std::size_t>(alignment, alignof(std::max_align_t));
    const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    m_data.reset(std::aligned_alloc(alignment, rounded));
    m_bytes = m_data ? bytes : 0;
    if (m_data && touch == HostTouch::Prefault)
        prefault(m_data.get(), m_bytes);
}

void AlignedHostArray::Free::operator()(void *p) const
{
    std::free(p);
}

void prefault(void *data, std::size_t bytes)
{
    // A write, not a read: a read maps the shared zero page, and the first
    // write would fault all the same.
    static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    auto *bytesOf = static_cast<volatile char *>(data);
    for (std::size_t offset = 0; offset < bytes; offset += page)
        bytesOf[offset] = 0;
}

} // namespace sharescope
