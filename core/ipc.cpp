// SPDX-License-Identifier: GPL-3.0-or-later
#include "ipc.h"

#include "trnoop.h"
#if SHARESCOPE_HAVE_CUDA
#include "cuda/ipcexport.h"
#include "cuda/ipcpeer.h"
#endif

namespace sharescope {

std::string_view exportMemoryName(ExportMemory memory)
{
    switch (memory) {
    case ExportMemory::Device:
        return "device";
    case ExportMemory::Managed:
        return "managed";
    case ExportMemory::Vmm:
        return "vmm";
    case ExportMemory::Pool:
        return "pool";
    }
    return "device";
}

std::optional<ExportMemory> exportMemoryFromName(std::string_view name)
{
    for (const ExportMemory memory : allExportMemories) {
        if (exportMemoryName(memory) == name)
            return memory;
    }
    return std::nullopt;
}

Result<std::unique_ptr<SharedBuffer>> exportBuffer(int device, std::uint64_t bytes, FillPattern fill,
                                                   ExportMemory memory)
{
#if SHARESCOPE_HAVE_CUDA
    auto exported = cuda::IpcExport::create(device, bytes, fill, memory);
    if (!exported)
        return exported.error();
    return std::unique_ptr<SharedBuffer>(std::move(*exported));
#else
    (void)device, (void)bytes, (void)fill, (void)memory;
    return unsupported(SHARESCOPE_TR_NOOP("Core", "this ShareScope was built without CUDA"), {});
#endif
}

int runIpcPeer()
{
#if SHARESCOPE_HAVE_CUDA
    return cuda::runIpcPeer();
#else
    return 3;
#endif
}

} // namespace sharescope
