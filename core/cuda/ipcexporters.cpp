// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudasession.h"
#include "cuda/driverapi.h"
#include "cuda/ipcmemory.h"

#include "trnoop.h"

#include <unistd.h>

#include <cstring>

namespace sharescope::cuda {
namespace {

// ipc: cudaMalloc, exported with cudaIpcGetMemHandle.
class LegacyExported final : public ExportedBuffers
{
public:
    explicit LegacyExported(ContextHealth &health)
        : m_health(health)
    {
    }
    ~LegacyExported() override { release(); }

    Status allocate(int, std::size_t count, std::uint64_t bytes) override
    {
        m_pointers.assign(count, nullptr);
        for (void *&pointer : m_pointers)
            SHARESCOPE_CUDA_TRY(m_health, cudaMalloc(&pointer, bytes));
        return okStatus();
    }

    Result<std::vector<int>> exportTo(PeerOpen &open) override
    {
        open.memory = IpcMemory::LegacyHandle;
        m_handles.clear();
        for (void *pointer : m_pointers) {
            cudaIpcMemHandle_t handle{};
            SHARESCOPE_CUDA_TRY(m_health, cudaIpcGetMemHandle(&handle, pointer));
            m_handles.push_back(handleHex(handle));
        }
        open.memoryHandles = m_handles;
        return std::vector<int>();
    }

    std::vector<std::string> shownHandles() const override { return m_handles; }

    const char *placement() const override
    {
        return SHARESCOPE_TR_NOOP("Core",
                                  "cudaMalloc buffer exported with cudaIpcGetMemHandle; the peer process "
                                  "runs the kernel on it; pageable host array, cudaMemcpy");
    }

    std::string release() override
    {
        const cudaError_t error = freeEach(m_pointers, cudaFree);
        return error == cudaSuccess ? std::string() : "cudaFree: " + describe(error);
    }

private:
    ContextHealth &m_health;
    std::vector<std::string> m_handles;
};

std::string driverFailure(const char *call, CUresult result)
{
    return describeDriverError(call, result);
}

// ipc-vmm: cuMemCreate with POSIX file descriptor handles, reserved and
// mapped here; each buffer's descriptor goes to the peer with SCM_RIGHTS.
class VmmExported final : public ExportedBuffers
{
public:
    ~VmmExported() override { release(); }

    Status allocate(int device, std::size_t count, std::uint64_t bytes) override
    {
        auto api = driverApi();
        if (!api)
            return api.error();
        m_api = *api;
        const CUmemAllocationProp prop = exportableDeviceMemory(device);
        std::size_t granularity = 0;
        if (const CUresult r
            = m_api->memGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
            r != CUDA_SUCCESS || granularity == 0)
            return failed(driverFailure("cuMemGetAllocationGranularity", r));
        // Mapped in whole granules: the rounding is what the report shows.
        const std::size_t size = (bytes + granularity - 1) / granularity * granularity;
        CUmemAccessDesc access{};
        access.location = prop.location;
        access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
        m_buffers.resize(count);
        for (Buffer &buffer : m_buffers) {
            buffer.size = size;
            if (const CUresult r = m_api->memCreate(&buffer.handle, size, &prop, 0); r != CUDA_SUCCESS)
                return failed(driverFailure("cuMemCreate", r));
            buffer.created = true;
            if (const CUresult r = m_api->memAddressReserve(&buffer.address, size, granularity, 0, 0);
                r != CUDA_SUCCESS)
                return failed(driverFailure("cuMemAddressReserve", r));
            if (const CUresult r = m_api->memMap(buffer.address, size, 0, buffer.handle, 0); r != CUDA_SUCCESS)
                return failed(driverFailure("cuMemMap", r));
            buffer.mapped = true;
            if (const CUresult r = m_api->memSetAccess(buffer.address, size, &access, 1); r != CUDA_SUCCESS)
                return failed(driverFailure("cuMemSetAccess", r));
            m_pointers.push_back(reinterpret_cast<void *>(buffer.address));
        }
        return okStatus();
    }

    Result<std::vector<int>> exportTo(PeerOpen &open) override
    {
        open.memory = IpcMemory::VmmDescriptor;
        open.mappedBytes.clear();
        std::vector<int> descriptors;
        for (Buffer &buffer : m_buffers) {
            if (buffer.descriptor < 0) {
                int descriptor = -1;
                if (const CUresult r = m_api->memExportToShareableHandle(&descriptor, buffer.handle,
                                                                         CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0);
                    r != CUDA_SUCCESS)
                    return failed(driverFailure("cuMemExportToShareableHandle", r));
                buffer.descriptor = descriptor;
            }
            descriptors.push_back(buffer.descriptor);
            open.mappedBytes.push_back(buffer.size);
        }
        return descriptors;
    }

    std::vector<std::string> shownHandles() const override
    {
        std::vector<std::string> shown;
        for (const Buffer &buffer : m_buffers)
            shown.push_back("fd " + std::to_string(buffer.descriptor) + ", " + std::to_string(buffer.size) + " bytes");
        return shown;
    }

    const char *placement() const override
    {
        return SHARESCOPE_TR_NOOP("Core",
                                  "cuMemCreate memory mapped in whole granules, passed to the peer process "
                                  "as a file descriptor; pageable host array, cudaMemcpy");
    }

    std::string release() override
    {
        std::string first;
        auto keep = [&first](const char *call, CUresult r) {
            if (r != CUDA_SUCCESS && first.empty())
                first = driverFailure(call, r);
        };
        for (Buffer &buffer : m_buffers) {
            if (buffer.mapped)
                keep("cuMemUnmap", m_api->memUnmap(buffer.address, buffer.size));
            if (buffer.address)
                keep("cuMemAddressFree", m_api->memAddressFree(buffer.address, buffer.size));
            if (buffer.created)
                keep("cuMemRelease", m_api->memRelease(buffer.handle));
            if (buffer.descriptor >= 0)
                ::close(buffer.descriptor);
        }
        m_buffers.clear();
        m_pointers.clear();
        return first;
    }

private:
    struct Buffer
    {
        CUmemGenericAllocationHandle handle = 0;
        bool created = false;
        CUdeviceptr address = 0;
        bool mapped = false;
        std::size_t size = 0;
        int descriptor = -1;
    };
    const DriverApi *m_api = nullptr;
    std::vector<Buffer> m_buffers;
};

// ipc-pool: cudaMallocFromPoolAsync from a pool made exportable as a POSIX
// file descriptor; the pool's descriptor goes with SCM_RIGHTS, each
// pointer as its 64 bytes of export data.
class PoolExported final : public ExportedBuffers
{
public:
    explicit PoolExported(ContextHealth &health)
        : m_health(health)
    {
    }
    ~PoolExported() override { release(); }

    Status allocate(int device, std::size_t count, std::uint64_t bytes) override
    {
        cudaMemPoolProps props{};
        props.allocType = cudaMemAllocationTypePinned;
        props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
        props.location.type = cudaMemLocationTypeDevice;
        props.location.id = device;
        SHARESCOPE_CUDA_TRY(m_health, cudaMemPoolCreate(&m_pool, &props));
        m_pointers.assign(count, nullptr);
        for (void *&pointer : m_pointers)
            SHARESCOPE_CUDA_TRY(m_health, cudaMallocFromPoolAsync(&pointer, bytes, m_pool, nullptr));
        // The peer may touch the memory only once the allocation completed.
        SHARESCOPE_CUDA_TRY(m_health, cudaStreamSynchronize(nullptr));
        return okStatus();
    }

    Result<std::vector<int>> exportTo(PeerOpen &open) override
    {
        open.memory = IpcMemory::PoolDescriptor;
        if (m_descriptor < 0) {
            int descriptor = -1;
            SHARESCOPE_CUDA_TRY(
                m_health,
                cudaMemPoolExportToShareableHandle(&descriptor, m_pool, cudaMemHandleTypePosixFileDescriptor, 0));
            m_descriptor = descriptor;
        }
        m_handles.clear();
        for (void *pointer : m_pointers) {
            cudaMemPoolPtrExportData data{};
            SHARESCOPE_CUDA_TRY(m_health, cudaMemPoolExportPointer(&data, pointer));
            m_handles.push_back(handleHex(data));
        }
        open.memoryHandles = m_handles;
        return std::vector<int>{m_descriptor};
    }

    std::vector<std::string> shownHandles() const override { return m_handles; }

    const char *placement() const override
    {
        return SHARESCOPE_TR_NOOP("Core",
                                  "cudaMallocAsync from a memory pool shared with the peer process as a file "
                                  "descriptor; pageable host array, cudaMemcpy");
    }

    std::string release() override
    {
        std::string first;
        auto keep = [&first](const char *call, cudaError_t e) {
            if (e != cudaSuccess && first.empty())
                first = std::string(call) + ": " + describe(e);
        };
        for (void *&pointer : m_pointers) {
            if (pointer)
                keep("cudaFreeAsync", cudaFreeAsync(pointer, nullptr));
            pointer = nullptr;
        }
        if (m_pool) {
            keep("cudaStreamSynchronize", cudaStreamSynchronize(nullptr));
            keep("cudaMemPoolDestroy", cudaMemPoolDestroy(m_pool));
            m_pool = nullptr;
        }
        if (m_descriptor >= 0)
            ::close(m_descriptor);
        m_descriptor = -1;
        m_pointers.clear();
        return first;
    }

private:
    ContextHealth &m_health;
    cudaMemPool_t m_pool = nullptr;
    int m_descriptor = -1;
    std::vector<std::string> m_handles;
};

} // namespace

std::unique_ptr<ExportedBuffers> makeExportedBuffers(IpcMemory memory, ContextHealth &health)
{
    switch (memory) {
    case IpcMemory::VmmDescriptor:
        return std::make_unique<VmmExported>();
    case IpcMemory::PoolDescriptor:
        return std::make_unique<PoolExported>(health);
    case IpcMemory::LegacyHandle:
    case IpcMemory::None:
        break;
    }
    return std::make_unique<LegacyExported>(health);
}

void closeDescriptors(std::vector<int> &descriptors)
{
    for (const int descriptor : descriptors) {
        if (descriptor >= 0)
            ::close(descriptor);
    }
    descriptors.clear();
}

} // namespace sharescope::cuda
