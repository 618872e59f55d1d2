// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <memory>

namespace sharescope {

// When the pages of a host array are first touched. Lazy: by the first
// write, which then pays the page faults (and the kernel's zeroing of each
// page) on top of its own work. Prefault: at allocation, so that the first
// phase that writes measures writing, not faulting.
enum class HostTouch { Lazy, Prefault };

// Host memory with a chosen alignment (a power of two), freed on destruction.
class AlignedHostArray
{
public:
    AlignedHostArray() = default;
    AlignedHostArray(std::size_t bytes, std::size_t alignment, HostTouch touch = HostTouch::Lazy);

    void *data() const { return m_data.get(); }
    std::size_t bytes() const { return m_bytes; }
    explicit operator bool() const { return m_data != nullptr; }

private:
    struct Free
    {
        void operator()(void *p) const;
    };
    std::unique_ptr<void, Free> m_data;
    std::size_t m_bytes = 0;
};

// Writes one byte in every page, so that the kernel maps them all now.
void prefault(void *data, std::size_t bytes);

} // namespace sharescope
