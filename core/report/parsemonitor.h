// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <string_view>

namespace sharescope {

// Progress and cancel for reading and parsing a large report on another
// thread: told how far the work is every `step` bytes, it passes that on
// and says whether to stop. A 1 GiB report takes tens of seconds to parse,
// and the window that asked may have moved on.
class ParseMonitor
{
public:
    // done and total in bytes; called on the working thread.
    using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;
    static constexpr std::uint64_t step = 1 << 20;

    explicit ParseMonitor(Progress progress = {}, const std::atomic<bool> *cancel = nullptr)
        : m_progress(std::move(progress))
        , m_cancel(cancel)
    {
    }

    bool cancelled() const { return m_cancel && m_cancel->load(std::memory_order_relaxed); }
    void report(std::uint64_t done, std::uint64_t total) const
    {
        if (m_progress)
            m_progress(done, total);
    }

private:
    Progress m_progress;
    const std::atomic<bool> *m_cancel;
};

// Thrown out of a parse through MonitoredText when the monitor says stop;
// readReports catches it and returns a Cancelled error.
struct ParseCancelled
{
};

// A text that the JSON parser reads through iterators, so that the monitor
// hears of every `step` bytes read without the parser knowing.
class MonitoredText
{
public:
    class Iterator
    {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = char;
        using difference_type = std::ptrdiff_t;
        using pointer = const char *;
        using reference = const char &;

        Iterator() = default;
        Iterator(const char *at, MonitoredText *text)
            : m_at(at)
            , m_text(text)
        {
        }
        reference operator*() const { return *m_at; }
        Iterator &operator++()
        {
            if (++m_at == m_text->m_checkpoint)
                m_text->checkpoint(m_at);
            return *this;
        }
        Iterator operator++(int)
        {
            Iterator before = *this;
            ++*this;
            return before;
        }
        friend bool operator==(const Iterator &a, const Iterator &b) { return a.m_at == b.m_at; }

    private:
        const char *m_at = nullptr;
        MonitoredText *m_text = nullptr;
    };

    MonitoredText(std::string_view text, const ParseMonitor &monitor)
        : m_text(text)
        , m_monitor(monitor)
        , m_checkpoint(text.data() + std::min<std::uint64_t>(ParseMonitor::step, text.size()))
    {
    }
    MonitoredText(const MonitoredText &) = delete;
    MonitoredText &operator=(const MonitoredText &) = delete;

    Iterator begin() { return {m_text.data(), this}; }
    Iterator end() { return {m_text.data() + m_text.size(), this}; }

private:
    // Throws ParseCancelled when the monitor says stop.
    void checkpoint(const char *at)
    {
        const auto done = static_cast<std::uint64_t>(at - m_text.data());
        m_monitor.report(done, m_text.size());
        if (m_monitor.cancelled())
            throw ParseCancelled{};
        const std::uint64_t left = m_text.size() - done;
        m_checkpoint = left == 0 ? nullptr : at + std::min<std::uint64_t>(ParseMonitor::step, left);
    }

    std::string_view m_text;
    const ParseMonitor &m_monitor;
    const char *m_checkpoint;
};

} // namespace sharescope
