// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o ipc-vmm cpp.cu (CUDA 12.5 or later); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-12-01 (ok), this version.
// ipc-vmm: memory made with the driver's virtual memory management
// (cuMemCreate, cuMemAddressReserve, cuMemMap, cuMemSetAccess), exported as a
// POSIX file descriptor with cuMemExportToShareableHandle and sent to another
// process over a Unix socket as SCM_RIGHTS ancillary data, which needs no
// permission to ptrace that process (pidfd_getfd does). Here the program
// re-runs itself as the other process (posix_spawn, never fork after CUDA is
// initialised), giving it its end of a socket pair. The driver functions come
// from cudaGetDriverEntryPointByVersion: nothing links libcuda. Exit 3 where
// the device cannot.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
#include <spawn.h>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

__global__ void scale(float *buf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        buf[i] *= 2;
}

// A driver function, with the type cuda.h declares for it.
template<typename F>
F driver(const char *name)
{
    void *function = nullptr;
    cudaDriverEntryPointQueryResult found;
    if (cudaGetDriverEntryPointByVersion(name, &function, 12000, cudaEnableDefault, &found) != cudaSuccess
        || found != cudaDriverEntryPointSuccess) {
        std::printf("ipc-vmm: the driver has no %s\n", name);
        std::exit(3);
    }
    return reinterpret_cast<F>(function);
}
#define DRIVER(name) const auto name = driver<decltype(&::name)>(#name)

// The size of the memory as the message, the descriptor as SCM_RIGHTS data:
// the kernel gives the receiving process a descriptor of its own.
void sendDescriptor(int channel, int fd, size_t size)
{
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    iovec data{&size, sizeof size};
    msghdr message{};
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof fd);
    std::memcpy(CMSG_DATA(header), &fd, sizeof fd);
    sendmsg(channel, &message, 0);
}

int receiveDescriptor(int channel, size_t *size)
{
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    iovec data{size, sizeof *size};
    msghdr message{};
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    if (recvmsg(channel, &message, MSG_WAITALL) != sizeof *size)
        return -1;
    cmsghdr *header = CMSG_FIRSTHDR(&message);
    if (!header || header->cmsg_type != SCM_RIGHTS)
        return -1;
    int fd;
    std::memcpy(&fd, CMSG_DATA(header), sizeof fd);
    return fd;
}

int main(int argc, char **argv)
{
    const int n = 1 << 20;
    cudaSetDevice(0);
    cudaFree(nullptr); // the device's primary context, current for the driver calls too
    DRIVER(cuDeviceGet);
    DRIVER(cuDeviceGetAttribute);
    DRIVER(cuMemGetAllocationGranularity);
    DRIVER(cuMemCreate);
    DRIVER(cuMemAddressReserve);
    DRIVER(cuMemMap);
    DRIVER(cuMemSetAccess);
    DRIVER(cuMemExportToShareableHandle);
    DRIVER(cuMemImportFromShareableHandle);
    DRIVER(cuMemUnmap);
    DRIVER(cuMemAddressFree);
    DRIVER(cuMemRelease);
    CUdevice device;
    cuDeviceGet(&device, 0);
    CUmemAllocationProp prop{};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR; // what lets it be exported
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = device;
    // Reserves addresses, maps the memory there and lets the device use it.
    auto map = [&](CUmemGenericAllocationHandle memory, size_t size) {
        CUdeviceptr address = 0;
        cuMemAddressReserve(&address, size, 0, 0, 0);
        cuMemMap(address, size, 0, memory, 0);
        CUmemAccessDesc access{};
        access.location = prop.location;
        access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
        cuMemSetAccess(address, size, &access, 1);
        return address;
    };
    auto unmap = [&](CUdeviceptr address, size_t size, CUmemGenericAllocationHandle memory) {
        cuMemUnmap(address, size);
        cuMemAddressFree(address, size);
        cuMemRelease(memory); // the memory lives on while another process holds it
    };

    if (argc == 2) { // the other process: argv[1] is its end of the socket pair
        size_t size = 0;
        const int fd = receiveDescriptor(std::atoi(argv[1]), &size);
        CUmemGenericAllocationHandle memory;
        if (fd < 0
            || cuMemImportFromShareableHandle(&memory, reinterpret_cast<void *>(static_cast<uintptr_t>(fd)),
                                              CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
                != CUDA_SUCCESS)
            return 1;
        close(fd); // the handle holds the memory now
        const CUdeviceptr shared = map(memory, size);
        scale<<<(n + 255) / 256, 256>>>(reinterpret_cast<float *>(shared), n);
        cudaDeviceSynchronize();
        unmap(shared, size, memory);
        return cudaGetLastError() == cudaSuccess ? 0 : 1;
    }

    int vmm = 0, descriptors = 0;
    cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, device);
    cuDeviceGetAttribute(&descriptors, CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, device);
    if (!vmm || !descriptors) {
        std::printf("ipc-vmm: this device has no virtual memory management or no POSIX descriptor export\n");
        return 3;
    }
    const size_t bytes = n * sizeof(float);
    size_t granularity = 0;
    cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
    const size_t size = (bytes + granularity - 1) / granularity * granularity;
    CUmemGenericAllocationHandle memory;
    cuMemCreate(&memory, size, &prop, 0);
    const CUdeviceptr address = map(memory, size);
    float *buf = reinterpret_cast<float *>(address), host = 21;
    cudaMemcpy(buf, &host, sizeof host, cudaMemcpyHostToDevice);
    cudaDeviceSynchronize(); // the value is in place before the other process reads it
    int fd = -1;
    cuMemExportToShareableHandle(&fd, memory, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0);
    int ends[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, ends);
    std::string theirs = std::to_string(ends[1]);
    char *child[] = {argv[0], theirs.data(), nullptr};
    pid_t pid;
    posix_spawn(&pid, argv[0], nullptr, nullptr, child, environ);
    close(ends[1]);
    sendDescriptor(ends[0], fd, size);
    close(fd); // the other process has its own descriptor
    int status = 0;
    waitpid(pid, &status, 0);
    cudaMemcpy(&host, buf, sizeof host, cudaMemcpyDeviceToHost);
    std::printf("ipc-vmm: process %d doubled it: %g (expected 42); %zu bytes mapped as %zu (granularity %zu)\n",
                int(pid), host, bytes, size, granularity);
    unmap(address, size, memory);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 && host == 42.0f ? 0 : 1;
}
