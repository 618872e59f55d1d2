// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "cuda/cudaerror.h"
#include "ipcprotocol.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sharescope::cuda {

// A handle's bytes as the protocol's hex (a legacy IPC handle, an event
// handle, a pool pointer's export data).
template<typename Handle>
std::string handleHex(const Handle &handle)
{
    return toHex({reinterpret_cast<const std::uint8_t *>(&handle), sizeof handle});
}

// The device buffers an ipc mode shares, in the exporting process: made,
// exported for the peer, freed. One kind per IpcMemory (catalogue.h).
class ExportedBuffers
{
public:
    virtual ~ExportedBuffers() = default;

    // `count` buffers of `bytes` each on `device`; pointers() are then the
    // addresses this process's copies use.
    virtual Status allocate(int device, std::size_t count, std::uint64_t bytes) = 0;
    const std::vector<void *> &pointers() const { return m_pointers; }
    // Fills `open` with what the peer needs (its memory kind, handles or
    // sizes) and returns the descriptors to send with it (kept open here
    // until release: the kernel duplicates them into the peer on the way).
    virtual Result<std::vector<int>> exportTo(PeerOpen &open) = 0;
    // What a report shows of each buffer's handle: the hex of a legacy
    // handle or of a pool pointer's export data; "descriptor, bytes" for VMM.
    virtual std::vector<std::string> shownHandles() const = 0;
    // How the buffers were made, for the Buffers tab (translatable, "Core").
    virtual const char *placement() const = 0;
    // Frees everything; safe to call twice. The first error, as text.
    virtual std::string release() = 0;

protected:
    std::vector<void *> m_pointers;
};

std::unique_ptr<ExportedBuffers> makeExportedBuffers(IpcMemory memory, ContextHealth &health);

// The same buffers in the peer process: imported, mapped, released.
class ImportedBuffers
{
public:
    virtual ~ImportedBuffers() = default;
    // Imports what `open` and `descriptors` describe (taking ownership of
    // the descriptors); an error message, or empty.
    virtual std::string open(const PeerOpen &open, std::vector<int> &descriptors) = 0;
    const std::vector<void *> &pointers() const { return m_pointers; }
    virtual void close() = 0;
    // How long open() spent importing and mapping (see IpcSetupSteps in
    // report/runreport.h); no map time where the import maps.
    std::uint64_t importNs() const { return m_importNs; }
    std::optional<std::uint64_t> mapNs() const { return m_mapNs; }

protected:
    std::vector<void *> m_pointers;
    std::uint64_t m_importNs = 0;
    std::optional<std::uint64_t> m_mapNs;
};

std::unique_ptr<ImportedBuffers> makeImportedBuffers(IpcMemory memory);

// Closes every descriptor and empties the list.
void closeDescriptors(std::vector<int> &descriptors);

} // namespace sharescope::cuda
