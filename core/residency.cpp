#include "residency.h"

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

// The CPU wrote these in host-init; pages it touched first now live on the host.
void placeHostWrites(const std::vector<ResidencyBuffer> &buffers, std::vector<std::string> &state)
{
    for (std::size_t b = 0; b < buffers.size(); ++b) {
        if (buffers[b].hostWritten)
            std::ranges::replace(state[b], static_cast<char>(Location::Untouched), static_cast<char>(Location::Host));
    }
}

} // namespace

Residency replayResidency(const std::vector<ResidencyBuffer> &buffers, const std::vector<MigrationEvent> &events,
                          const std::vector<PhaseWindow> &windows, std::uint64_t chunkBytes, ResidencyPlaces places)
{
    Residency residency{ResidencySource::Records, chunkBytes, buffers, {}, 0};
    std::vector<std::string> state;
    state.reserve(buffers.size());
    for (const ResidencyBuffer &buffer : buffers)
        state.emplace_back((buffer.bytes + chunkBytes - 1) / chunkBytes, static_cast<char>(Location::Untouched));
    // Where each chunk was when the current window began, and the window in
    // which a record last moved it to the host: a chunk moves to the host in
    // several records, and only the first says anything about the past.
    std::vector<std::string> before;
    std::vector<std::vector<int>> movedHostIn;
    movedHostIn.reserve(state.size());
    for (const std::string &chunks : state)
        movedHostIn.emplace_back(chunks.size(), -1);
    int windowIndex = 0;
    std::uint64_t unexplained = 0;

    const auto forChunks = [&](std::uint64_t address, std::uint64_t bytes, auto &&visit) {
        for (std::size_t b = 0; b < buffers.size(); ++b) {
            const std::uint64_t from = std::max(address, buffers[b].address);
            const std::uint64_t to = std::min(address + bytes, buffers[b].address + buffers[b].bytes);
            if (from >= to)
                continue;
            const std::uint64_t first = (from - buffers[b].address) / chunkBytes;
            const std::uint64_t last = (to - 1 - buffers[b].address) / chunkBytes;
            for (std::uint64_t c = first; c <= last; ++c)
                visit(b, static_cast<std::size_t>(c));
        }
    };
    // The GPU a record names: the peer where it is the peer, else the device.
    const auto gpu = [places](int device) {
        return static_cast<char>(places.peer >= 0 && device == places.peer ? Location::Peer : Location::Device);
    };
    char arrival = static_cast<char>(Location::Device); // where the current transfer lands
    const auto toDevice = [&](std::size_t b, std::size_t c) { state[b][c] = arrival; };
    const auto toHost = [&](std::size_t b, std::size_t c) {
        // The records had it on the host when this phase began, and this is
        // the first record of the phase to move it back: the record that
        // took it to the GPU never came.
        if (before[b][c] == static_cast<char>(Location::Host) && movedHostIn[b][c] != windowIndex)
            unexplained += std::min(chunkBytes, buffers[b].bytes - c * chunkBytes);
        state[b][c] = static_cast<char>(Location::Host);
        movedHostIn[b][c] = windowIndex;
    };
    // A fault only places a chunk nobody touched yet (a first touch
    // populates it where it faulted, moving nothing); on a chunk that lives
    // on the other side, the transfer that follows moves it.
    const auto populate = [&](Location where) {
        return [&state, where](std::size_t b, std::size_t c) {
            if (state[b][c] == static_cast<char>(Location::Untouched))
                state[b][c] = static_cast<char>(where);
        };
    };

    std::size_t next = 0;
    for (const PhaseWindow &window : windows) {
        before = state;
        unexplained = 0;
        // Events are attributed to windows in order, so each window's events
        // are the next ones in the time-sorted list.
        while (next < events.size() && events[next].iteration == window.iteration
               && events[next].phase == window.phase) {
            const MigrationEvent &event = events[next++];
            switch (event.kind) {
            case CounterKind::BytesHostToDevice:
                arrival = gpu(event.destinationDevice);
                forChunks(event.address, event.value, toDevice);
                break;
            case CounterKind::BytesDeviceToDevice:
                // From one GPU to the other: only where the record says which.
                arrival = gpu(event.destinationDevice);
                if (places.peer >= 0 && event.destinationDevice >= 0)
                    forChunks(event.address, event.value, toDevice);
                break;
            case CounterKind::BytesDeviceToHost:
                forChunks(event.address, event.value, toHost);
                break;
            case CounterKind::GpuPageFault:
                forChunks(event.address, 1, populate(static_cast<Location>(gpu(event.sourceDevice))));
                break;
            case CounterKind::CpuPageFault:
                forChunks(event.address, 1, populate(Location::Host));
                break;
            case CounterKind::Thrashing:
            case CounterKind::Throttling:
            case CounterKind::RemoteMap:
                break;
            }
        }
        if (window.phase == Phase::HostInit)
            placeHostWrites(buffers, state);
        residency.unexplainedBytes += unexplained;
        ++windowIndex;
        if (window.phase == Phase::Free)
            continue; // nothing is left to show
        residency.snapshots.push_back({window.iteration, window.phase, state, unexplained});
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
