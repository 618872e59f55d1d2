// SPDX-License-Identifier: GPL-3.0-or-later
#include "counting/residency.h"

#include <algorithm>
#include <charconv>

namespace sharescope {

bool isLocation(char c)
{
    switch (static_cast<Location>(c)) {
    case Location::Untouched:
    case Location::Host:
    case Location::Partly:
    case Location::Device:
    case Location::Peer:
    case Location::Both:
    case Location::Remote:
        return true;
    }
    return false;
}

std::string_view residencySourceName(ResidencySource source)
{
    return source == ResidencySource::Pages ? "pages" : "records";
}

std::optional<ResidencySource> residencySourceFromName(std::string_view name)
{
    if (name == "pages")
        return ResidencySource::Pages;
    if (name == "records")
        return ResidencySource::Records;
    return std::nullopt;
}

std::uint64_t residencyChunkBytes(std::uint64_t largestBuffer, std::uint64_t preferred)
{
    std::uint64_t chunk = std::max<std::uint64_t>(preferred, 4096);
    while (largestBuffer / chunk > 32768)
        chunk *= 2;
    return chunk;
}

namespace {

// Replays migration records over a run's buffers, chunk by chunk, window
// by window: where each chunk is after every phase, as the records tell.
class ResidencyReplay
{
public:
    ResidencyReplay(const std::vector<ResidencyBuffer> &buffers, std::uint64_t chunkBytes, ResidencyPlaces places)
        : m_buffers(buffers)
        , m_chunkBytes(chunkBytes)
        , m_places(places)
    {
        for (const ResidencyBuffer &buffer : buffers) {
            const std::size_t chunks = (buffer.bytes + chunkBytes - 1) / chunkBytes;
            m_state.emplace_back(chunks, static_cast<char>(Location::Untouched));
            m_movedHostIn.emplace_back(chunks, -1);
        }
    }

    Residency run(const std::vector<MigrationEvent> &events, const std::vector<PhaseWindow> &windows)
    {
        Residency residency{ResidencySource::Records, m_chunkBytes, m_buffers, {}, 0};
        std::size_t next = 0;
        for (const PhaseWindow &window : windows) {
            m_before = m_state;
            m_unexplained = 0;
            // Events are attributed to windows in order, so each window's
            // events are the next ones in the time-sorted list.
            while (next < events.size() && events[next].iteration == window.iteration
                   && events[next].phase == window.phase)
                apply(events[next++]);
            if (window.phase == Phase::HostInit)
                placeHostWrites();
            residency.unexplainedBytes += m_unexplained;
            ++m_windowIndex;
            if (window.phase == Phase::Free)
                continue; // nothing is left to show
            residency.snapshots.push_back({window.iteration, window.phase, m_state, m_unexplained});
        }
        return residency;
    }

private:
    void apply(const MigrationEvent &event)
    {
        switch (event.kind) {
        case CounterKind::BytesHostToDevice:
            m_arrival = gpu(event.destinationDevice);
            forChunks(event.address, event.value, [this](std::size_t b, std::size_t c) { toDevice(b, c); });
            break;
        case CounterKind::BytesDeviceToDevice:
            // From one GPU to the other: only where the record says which.
            m_arrival = gpu(event.destinationDevice);
            if (m_places.peer >= 0 && event.destinationDevice >= 0)
                forChunks(event.address, event.value, [this](std::size_t b, std::size_t c) { toDevice(b, c); });
            break;
        case CounterKind::BytesDeviceToHost:
            forChunks(event.address, event.value, [this](std::size_t b, std::size_t c) { toHost(b, c); });
            break;
        case CounterKind::GpuPageFault:
            populate(event.address, static_cast<Location>(gpu(event.sourceDevice)));
            break;
        case CounterKind::CpuPageFault:
            populate(event.address, Location::Host);
            break;
        case CounterKind::Thrashing:
        case CounterKind::Throttling:
        case CounterKind::RemoteMap:
            break;
        }
    }

    template<typename Visit>
    void forChunks(std::uint64_t address, std::uint64_t bytes, Visit &&visit)
    {
        for (std::size_t b = 0; b < m_buffers.size(); ++b) {
            const std::uint64_t from = std::max(address, m_buffers[b].address);
            const std::uint64_t to = std::min(address + bytes, m_buffers[b].address + m_buffers[b].bytes);
            if (from >= to)
                continue;
            const std::uint64_t first = (from - m_buffers[b].address) / m_chunkBytes;
            const std::uint64_t last = (to - 1 - m_buffers[b].address) / m_chunkBytes;
            for (std::uint64_t c = first; c <= last; ++c)
                visit(b, static_cast<std::size_t>(c));
        }
    }

    // The GPU a record names: the peer where it is the peer, else the device.
    char gpu(int device) const
    {
        return static_cast<char>(m_places.peer >= 0 && device == m_places.peer ? Location::Peer : Location::Device);
    }

    void toDevice(std::size_t b, std::size_t c) { m_state[b][c] = m_arrival; }

    void toHost(std::size_t b, std::size_t c)
    {
        // The records had it on the host when this phase began, and this is
        // the first record of the phase to move it back: the record that
        // took it to the GPU never came.
        if (m_before[b][c] == static_cast<char>(Location::Host) && m_movedHostIn[b][c] != m_windowIndex)
            m_unexplained += std::min(m_chunkBytes, m_buffers[b].bytes - c * m_chunkBytes);
        m_state[b][c] = static_cast<char>(Location::Host);
        m_movedHostIn[b][c] = m_windowIndex;
    }

    // A fault only places a chunk nobody touched yet (a first touch
    // populates it where it faulted, moving nothing); on a chunk that lives
    // on the other side, the transfer that follows moves it.
    void populate(std::uint64_t address, Location where)
    {
        forChunks(address, 1, [this, where](std::size_t b, std::size_t c) {
            if (m_state[b][c] == static_cast<char>(Location::Untouched))
                m_state[b][c] = static_cast<char>(where);
        });
    }

    // The CPU wrote these in host-init; pages it touched first now live on the host.
    void placeHostWrites()
    {
        for (std::size_t b = 0; b < m_buffers.size(); ++b) {
            if (m_buffers[b].hostWritten)
                std::ranges::replace(m_state[b], static_cast<char>(Location::Untouched),
                                     static_cast<char>(Location::Host));
        }
    }

    const std::vector<ResidencyBuffer> &m_buffers;
    const std::uint64_t m_chunkBytes;
    const ResidencyPlaces m_places;
    std::vector<std::string> m_state; // where each chunk is now
    // Where each chunk was when the current window began, and the window in
    // which a record last moved it to the host: a chunk moves to the host in
    // several records, and only the first says anything about the past.
    std::vector<std::string> m_before;
    std::vector<std::vector<int>> m_movedHostIn;
    int m_windowIndex = 0;
    std::uint64_t m_unexplained = 0; // in the current window
    char m_arrival = static_cast<char>(Location::Device); // where the current transfer lands
};

} // namespace

Residency replayResidency(const std::vector<ResidencyBuffer> &buffers, const std::vector<MigrationEvent> &events,
                          const std::vector<PhaseWindow> &windows, std::uint64_t chunkBytes, ResidencyPlaces places)
{
    return ResidencyReplay(buffers, chunkBytes, places).run(events, windows);
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
        if (!isLocation(location))
            return std::nullopt;
        if (count > maxLength - chunks.size())
            return std::nullopt;
        chunks.append(count, location);
        encoded.remove_prefix(static_cast<std::size_t>(end - encoded.data()) + 1);
    }
    return chunks;
}

} // namespace sharescope
