// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostthreads.h"

#include "trnoop.h"

#include <algorithm>
#include <exception>
#include <string>
#include <system_error>
#include <thread>

namespace sharescope {

std::string_view defaultStreamName(DefaultStream stream)
{
    return stream == DefaultStream::PerThread ? "per-thread" : "legacy";
}

std::optional<DefaultStream> defaultStreamFromName(std::string_view name)
{
    if (name == "legacy")
        return DefaultStream::Legacy;
    if (name == "per-thread")
        return DefaultStream::PerThread;
    return std::nullopt;
}

std::vector<Slice> slicesOf(std::uint64_t elements, int threads, std::uint64_t granule)
{
    std::vector<Slice> slices;
    if (threads < 1 || granule < 1)
        return slices;
    const auto n = static_cast<std::uint64_t>(threads);
    const std::uint64_t granules = elements / granule + (elements % granule ? 1 : 0);
    std::uint64_t firstGranule = 0;
    for (std::uint64_t t = 0; t < n; ++t) {
        const std::uint64_t mine = granules / n + (t < granules % n ? 1 : 0);
        const std::uint64_t first = std::min(firstGranule * granule, elements);
        const std::uint64_t end = std::min((firstGranule + mine) * granule, elements);
        slices.push_back({static_cast<int>(t), first, end - first});
        firstGranule += mine;
    }
    return slices;
}

std::optional<MessageTemplate> hostThreadsRefusal(const ModeInfo &mode)
{
    if (mode.kernelPlace != KernelPlace::Device) {
        return MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                  "--host-threads needs the kernel on this device in this process; "
                                                  "%1 runs it elsewhere"),
                               {std::string(mode.name)});
    }
    return std::nullopt;
}

HostThreadPool::HostThreadPool(std::vector<Slice> slices)
    : m_slices(std::move(slices))
    , m_results(m_slices.size(), okStatus())
    , m_spans(m_slices.size())
{
}

Result<std::unique_ptr<HostThreadPool>> HostThreadPool::start(std::vector<Slice> slices)
{
    std::unique_ptr<HostThreadPool> pool(new HostThreadPool(std::move(slices)));
    pool->m_threads.reserve(pool->m_slices.size());
    for (std::size_t i = 0; i < pool->m_slices.size(); ++i) {
        try {
            pool->m_threads.emplace_back([p = pool.get(), i](const std::stop_token &stop) { p->serve(i, stop); });
        } catch (const std::system_error &error) {
            return failed("could not start host thread " + std::to_string(i) + ": " + error.what());
        }
    }
    return pool;
}

HostThreadPool::~HostThreadPool()
{
    for (std::jthread &thread : m_threads)
        thread.request_stop(); // m_wake wakes them: it waits with their stop tokens
    m_threads.clear(); // joined
}

void HostThreadPool::serve(std::size_t index, const std::stop_token &stop)
{
    using std::chrono::steady_clock;
    std::uint64_t seen = 0;
    for (;;) {
        const std::function<Status(const Slice &)> *work = nullptr;
        steady_clock::time_point origin;
        {
            std::unique_lock lock(m_mutex);
            if (!m_wake.wait(lock, stop, [&] { return m_round != seen; }))
                return; // stopped
            seen = m_round;
            work = m_work;
            origin = m_origin;
        }
        const auto since = [origin](steady_clock::time_point t) {
            return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(t - origin).count());
        };
        const auto start = steady_clock::now();
        Status result = okStatus();
        // An exception must not leave the thread (that would end the
        // program): it is this thread's failure.
        try {
            result = (*work)(m_slices[index]);
        } catch (const std::exception &error) {
            result = failed("host thread " + std::to_string(index) + ": " + error.what());
        } catch (...) {
            result = failed("host thread " + std::to_string(index) + ": an exception that is no std::exception");
        }
        const ThreadSpan span{since(start), since(steady_clock::now())};
        const std::lock_guard lock(m_mutex);
        m_results[index] = std::move(result);
        m_spans[index] = span;
        if (--m_running == 0)
            m_done.notify_one();
    }
}

Status HostThreadPool::run(const std::function<Status(const Slice &)> &work,
                           std::chrono::steady_clock::time_point origin, std::vector<ThreadSpan> &spans)
{
    std::unique_lock lock(m_mutex);
    m_work = &work;
    m_origin = origin;
    m_running = m_threads.size();
    ++m_round;
    m_wake.notify_all();
    m_done.wait(lock, [&] { return m_running == 0; });
    m_work = nullptr;
    spans = m_spans;
    for (const Status &result : m_results) {
        if (!result)
            return result;
    }
    return okStatus();
}

} // namespace sharescope
