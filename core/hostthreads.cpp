// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostthreads.h"

#include "trnoop.h"

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

std::vector<Slice> slicesOf(std::uint64_t elements, int threads)
{
    std::vector<Slice> slices;
    if (threads < 1)
        return slices;
    const auto n = static_cast<std::uint64_t>(threads);
    std::uint64_t first = 0;
    for (std::uint64_t t = 0; t < n; ++t) {
        const std::uint64_t count = elements / n + (t < elements % n ? 1 : 0);
        slices.push_back({static_cast<int>(t), first, count});
        first += count;
    }
    return slices;
}

std::optional<MessageTemplate> hostThreadsRefusal(const ModeInfo &mode, const KernelInfo &kernel)
{
    if (kernel.id != KernelId::VectorAdd && kernel.id != KernelId::Scale) {
        return MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                  "--host-threads splits the elements of vector-add and scale, "
                                                  "whose elements are independent; %1's are not"),
                               {std::string(kernel.name)});
    }
    if (mode.kernelPlace != KernelPlace::Device) {
        return MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                  "--host-threads needs the kernel on this device in this process; "
                                                  "%1 runs it elsewhere"),
                               {std::string(mode.name)});
    }
    if (mode.discard != Discard::None) {
        return MessageTemplate(
            SHARESCOPE_TR_NOOP("Core", "--host-threads does not split %1, which discards whole buffers"),
            {std::string(mode.name)});
    }
    return std::nullopt;
}

Status runOnThreads(std::span<const Slice> slices, const std::function<Status(const Slice &)> &work,
                    std::chrono::steady_clock::time_point origin, std::vector<ThreadSpan> &spans)
{
    using std::chrono::steady_clock;
    const auto since = [origin](steady_clock::time_point t) {
        return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(t - origin).count());
    };
    std::vector<Status> results(slices.size(), okStatus());
    spans.assign(slices.size(), {});
    Status started = okStatus();
    {
        std::vector<std::jthread> threads;
        threads.reserve(slices.size());
        for (std::size_t i = 0; i < slices.size(); ++i) {
            // An exception must not leave a thread (that would end the
            // program): it is that thread's failure.
            const auto run = [&, i] {
                const auto start = steady_clock::now();
                try {
                    results[i] = work(slices[i]);
                } catch (const std::exception &error) {
                    results[i] = failed(std::string("host thread ") + std::to_string(i) + ": " + error.what());
                }
                spans[i] = {since(start), since(steady_clock::now())};
            };
            try {
                threads.emplace_back(run);
            } catch (const std::system_error &error) {
                started = failed("could not start host thread " + std::to_string(i) + ": " + error.what());
                break;
            }
        }
    } // joined
    if (!started)
        return started;
    for (Status &result : results) {
        if (!result)
            return result;
    }
    return okStatus();
}

} // namespace sharescope
