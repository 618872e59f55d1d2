#include "residency.h"

#include <algorithm>
#include <charconv>

namespace sharescope {

std::uint64_t residencyChunkBytes(std::uint64_t largestBuffer, std::uint64_t preferred)
{
    std::uint64_t chunk = std::max<std::uint64_t>(preferred, 4096);
    while (largestBuffer / chunk > 32768)
        chunk *= 2;
    return chunk;
}

Residency replayResidency(const std::vector<ResidencyBuffer> &buffers, const std::vector<MigrationEvent> &events,
                          const std::vector<PhaseWindow> &windows, std::uint64_t chunkBytes)
{
    Residency residency{chunkBytes, buffers, {}};
    std::vector<std::string> state;
    for (const ResidencyBuffer &buffer : buffers)
        state.emplace_back((buffer.bytes + chunkBytes - 1) / chunkBytes, static_cast<char>(Location::Untouched));

    // Marks the chunks of [address, address + bytes) that lie in a buffer.
    // A move to the host of a chunk the records had left on the host is
    // counted: the record that took it to the GPU never came.
    const auto mark = [&](std::uint64_t address, std::uint64_t bytes, Location where) {
        const std::uint64_t end = address + bytes;
        for (std::size_t b = 0; b < buffers.size(); ++b) {
            const std::uint64_t from = std::max(address, buffers[b].address);
            const std::uint64_t to = std::min(end, buffers[b].address + buffers[b].bytes);
            if (from >= to)
                continue;
            const std::uint64_t first = (from - buffers[b].address) / chunkBytes;
            const std::uint64_t last = (to - 1 - buffers[b].address) / chunkBytes;
            for (std::uint64_t c = first; c <= last; ++c) {
                char &chunk = state[b][static_cast<std::size_t>(c)];
                // Only a chunk the records left on the host counts: one that
                // nobody had touched may have been populated on the GPU by a
                // first touch, which moves nothing and has no record.
                if (where == Location::Host && chunk == static_cast<char>(Location::Host)) {
                    const std::uint64_t chunkStart = buffers[b].address + c * chunkBytes;
                    residency.unexplainedBytes += std::min(to, chunkStart + chunkBytes) - std::max(from, chunkStart);
                }
                chunk = static_cast<char>(where);
            }
        }
    };

    const auto populate = [&](std::uint64_t address, Location where) {
        for (std::size_t b = 0; b < buffers.size(); ++b) {
            if (address >= buffers[b].address && address < buffers[b].address + buffers[b].bytes) {
                char &chunk = state[b][static_cast<std::size_t>((address - buffers[b].address) / chunkBytes)];
                if (chunk == static_cast<char>(Location::Untouched))
                    chunk = static_cast<char>(where);
            }
        }
    };

    std::size_t next = 0;
    for (const PhaseWindow &window : windows) {
        // Events are attributed to windows in order, so each window's events
        // are the next ones in the time-sorted list.
        while (next < events.size() && events[next].iteration == window.iteration
               && events[next].phase == window.phase) {
            const MigrationEvent &event = events[next++];
            switch (event.kind) {
            case CounterKind::BytesHostToDevice:
                mark(event.address, event.value, Location::Device);
                break;
            case CounterKind::BytesDeviceToHost:
                mark(event.address, event.value, Location::Host);
                break;
            // A fault only places a chunk nobody touched yet (first touch
            // populates it where it faulted); on a chunk that lives on the
            // other side, the transfer that follows moves it.
            case CounterKind::GpuPageFault:
                populate(event.address, Location::Device);
                break;
            case CounterKind::CpuPageFault:
                populate(event.address, Location::Host);
                break;
            case CounterKind::Thrashing:
            case CounterKind::Throttling:
            case CounterKind::RemoteMap:
            case CounterKind::BytesDeviceToDevice:
                break;
            }
        }
        if (window.phase == Phase::HostInit) {
            // The CPU wrote these; pages it touched first now live on the host.
            for (std::size_t b = 0; b < buffers.size(); ++b) {
                if (buffers[b].hostWritten)
                    std::ranges::replace(state[b], static_cast<char>(Location::Untouched),
                                         static_cast<char>(Location::Host));
            }
        }
        if (window.phase == Phase::Free)
            continue; // nothing is left to show
        residency.snapshots.push_back({window.iteration, window.phase, state});
    }
    return residency;
}

std::string runLengthEncode(const std::string &chunks)
{
    std::string encoded;
    for (std::size_t i = 0; i < chunks.size();) {
        std::size_t j = i;
        while (j < chunks.size() && chunks[j] == chunks[i])
            ++j;
        encoded += std::to_string(j - i);
        encoded += chunks[i];
        i = j;
    }
    return encoded;
}

std::optional<std::string> runLengthDecode(std::string_view encoded, std::size_t maxLength)
{
    std::string chunks;
    while (!encoded.empty()) {
        std::size_t count = 0;
        const auto [end, error] = std::from_chars(encoded.data(), encoded.data() + encoded.size(), count);
        if (error != std::errc() || end == encoded.data() + encoded.size() || count == 0)
            return std::nullopt;
        const char location = *end;
        if (location != '.' && location != 'h' && location != 'd')
            return std::nullopt;
        if (count > maxLength - chunks.size())
            return std::nullopt;
        chunks.append(count, location);
        encoded.remove_prefix(static_cast<std::size_t>(end - encoded.data()) + 1);
    }
    return chunks;
}

} // namespace sharescope
