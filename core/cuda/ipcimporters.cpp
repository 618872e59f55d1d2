// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/driverapi.h"
#include "cuda/ipcmemory.h"

#include "cuda/ipcpeerlink.h"

#include <cstring>
#include <iostream>

namespace sharescope::cuda {
namespace {

std::string runtimeFailure(const char *call, cudaError_t e)
{
    return std::string(call) + " failed in the peer: " + describe(e);
}

// A failure while giving memory back has no reply to travel in: the peer's
// stderr is ShareScope's.
void report(const char *call, cudaError_t e)
{
    if (e != cudaSuccess)
        std::cerr << "sharescope ipc-peer: " << runtimeFailure(call, e) << std::endl;
}

// Adds the time since `start` to `total` when it goes out of scope, on
// every path out of a step.
class ElapsedInto
{
public:
    ElapsedInto(std::uint64_t &total, std::uint64_t start)
        : m_total(total)
        , m_start(start)
    {
    }
    ~ElapsedInto() { m_total += steadyNowNs() - m_start; }
    ElapsedInto(const ElapsedInto &) = delete;
    ElapsedInto &operator=(const ElapsedInto &) = delete;

private:
    std::uint64_t &m_total;
    std::uint64_t m_start;
};

// ipc: cudaIpcOpenMemHandle on each 64-byte handle.
class LegacyImported final : public ImportedBuffers
{
public:
    ~LegacyImported() override { close(); }

    std::string open(const PeerOpen &request, std::vector<int> &descriptors) override
    {
        closeDescriptors(descriptors); // none are expected
        const ElapsedInto timed(m_importNs, steadyNowNs());
        for (const std::string &hex : request.memoryHandles) {
            cudaIpcMemHandle_t handle{};
            const auto bytes = fromHex(hex, sizeof handle);
            if (!bytes)
                return bytes.error().message;
            std::memcpy(&handle, bytes->data(), sizeof handle);
            void *pointer = nullptr;
            if (const cudaError_t e = cudaIpcOpenMemHandle(&pointer, handle, cudaIpcMemLazyEnablePeerAccess);
                e != cudaSuccess)
                return runtimeFailure("cudaIpcOpenMemHandle", e);
            m_pointers.push_back(pointer);
        }
        return {};
    }

    void close() override
    {
        for (void *pointer : m_pointers)
            cudaIpcCloseMemHandle(pointer);
        m_pointers.clear();
    }
};

// ipc-vmm: each descriptor imported, mapped at an address reserved here,
// made readable and writable for this device.
class VmmImported final : public ImportedBuffers
{
public:
    ~VmmImported() override { close(); }

    std::string open(const PeerOpen &request, std::vector<int> &descriptors) override
    {
        auto api = driverApi();
        if (!api) {
            closeDescriptors(descriptors);
            return api.error().message;
        }
        m_api = *api;
        if (descriptors.size() != request.mappedBytes.size()) {
            std::string why = "expected " + std::to_string(request.mappedBytes.size())
                + " file descriptors with the open command, received " + std::to_string(descriptors.size());
            closeDescriptors(descriptors);
            return why;
        }
        CUmemAccessDesc access{};
        access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
        access.location.id = request.device;
        access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
        std::string problem;
        std::uint64_t mapNs = 0;
        for (std::size_t b = 0; b < descriptors.size() && problem.empty(); ++b) {
            Buffer buffer;
            buffer.size = request.mappedBytes[b];
            CUresult r = CUDA_SUCCESS;
            {
                const ElapsedInto timed(m_importNs, steadyNowNs());
                r = m_api->memImportFromShareableHandle(
                    &buffer.handle, reinterpret_cast<void *>(static_cast<std::intptr_t>(descriptors[b])),
                    CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR);
            }
            if (r != CUDA_SUCCESS) {
                problem = describeDriverError("cuMemImportFromShareableHandle", r);
                break;
            }
            buffer.imported = true;
            m_buffers.push_back(buffer);
            Buffer &added = m_buffers.back();
            const ElapsedInto timed(mapNs, steadyNowNs());
            if (r = m_api->memAddressReserve(&added.address, added.size, 0, 0, 0); r != CUDA_SUCCESS) {
                problem = describeDriverError("cuMemAddressReserve", r);
            } else if (r = m_api->memMap(added.address, added.size, 0, added.handle, 0); r != CUDA_SUCCESS) {
                problem = describeDriverError("cuMemMap", r);
            } else {
                added.mapped = true;
                if (r = m_api->memSetAccess(added.address, added.size, &access, 1); r != CUDA_SUCCESS)
                    problem = describeDriverError("cuMemSetAccess", r);
                else
                    m_pointers.push_back(reinterpret_cast<void *>(added.address));
            }
        }
        m_mapNs = mapNs;
        // Imported or not, this process needs the descriptors no longer: the
        // memory lives on through the handles and the mappings.
        closeDescriptors(descriptors);
        return problem.empty() ? problem : problem + " (in the peer)";
    }

    void close() override
    {
        for (Buffer &buffer : m_buffers) {
            if (buffer.mapped)
                m_api->memUnmap(buffer.address, buffer.size);
            if (buffer.address)
                m_api->memAddressFree(buffer.address, buffer.size);
            if (buffer.imported)
                m_api->memRelease(buffer.handle);
        }
        m_buffers.clear();
        m_pointers.clear();
    }

private:
    struct Buffer
    {
        CUmemGenericAllocationHandle handle = 0;
        bool imported = false;
        CUdeviceptr address = 0;
        bool mapped = false;
        std::size_t size = 0;
    };
    const DriverApi *m_api = nullptr;
    std::vector<Buffer> m_buffers;
};

// ipc-pool: the pool from its descriptor, each pointer from its export
// data. Freed here before the exporting process frees them.
class PoolImported final : public ImportedBuffers
{
public:
    ~PoolImported() override { close(); }

    std::string open(const PeerOpen &request, std::vector<int> &descriptors) override
    {
        if (descriptors.size() != 1) {
            std::string why = "expected the pool's file descriptor with the open command, received "
                + std::to_string(descriptors.size()) + " descriptors";
            closeDescriptors(descriptors);
            return why;
        }
        cudaError_t imported = cudaSuccess;
        {
            const ElapsedInto timed(m_importNs, steadyNowNs());
            imported = cudaMemPoolImportFromShareableHandle(
                &m_pool, reinterpret_cast<void *>(static_cast<std::intptr_t>(descriptors.front())),
                cudaMemHandleTypePosixFileDescriptor, 0);
        }
        closeDescriptors(descriptors);
        if (imported != cudaSuccess) {
            m_pool = nullptr;
            return runtimeFailure("cudaMemPoolImportFromShareableHandle", imported);
        }
        m_mapNs = 0;
        const ElapsedInto timed(*m_mapNs, steadyNowNs());
        for (const std::string &hex : request.memoryHandles) {
            cudaMemPoolPtrExportData data{};
            const auto bytes = fromHex(hex, sizeof data);
            if (!bytes)
                return bytes.error().message;
            std::memcpy(&data, bytes->data(), sizeof data);
            void *pointer = nullptr;
            if (const cudaError_t e = cudaMemPoolImportPointer(&pointer, m_pool, &data); e != cudaSuccess)
                return runtimeFailure("cudaMemPoolImportPointer", e);
            m_pointers.push_back(pointer);
        }
        return {};
    }

    void close() override
    {
        // The importer frees first, and waits for its frees to complete: this
        // process's use ends before the exporter frees the memory itself.
        for (void *pointer : m_pointers)
            report("cudaFreeAsync(an imported pointer)", cudaFreeAsync(pointer, nullptr));
        if (!m_pointers.empty())
            report("cudaStreamSynchronize", cudaStreamSynchronize(nullptr));
        m_pointers.clear();
        if (m_pool)
            report("cudaMemPoolDestroy", cudaMemPoolDestroy(m_pool));
        m_pool = nullptr;
    }

private:
    cudaMemPool_t m_pool = nullptr;
};

} // namespace

std::unique_ptr<ImportedBuffers> makeImportedBuffers(IpcMemory memory)
{
    switch (memory) {
    case IpcMemory::VmmDescriptor:
        return std::make_unique<VmmImported>();
    case IpcMemory::PoolDescriptor:
        return std::make_unique<PoolImported>();
    case IpcMemory::LegacyHandle:
    case IpcMemory::None:
        break;
    }
    return std::make_unique<LegacyImported>();
}

} // namespace sharescope::cuda
