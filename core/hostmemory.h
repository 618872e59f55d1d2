#pragma once

#include <cstddef>
#include <memory>

namespace sharescope {

// Host memory with a chosen alignment (a power of two), freed on destruction.
// Untouched until written: the first write pays the page faults.
class AlignedHostArray
{
public:
    AlignedHostArray() = default;
    AlignedHostArray(std::size_t bytes, std::size_t alignment);

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

} // namespace sharescope
