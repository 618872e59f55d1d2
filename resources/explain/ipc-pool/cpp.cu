// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o ipc-pool cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-12-01 (ok), this version.
// ipc-pool: stream-ordered allocation from a memory pool that can be
// exported (its handleTypes: a POSIX file descriptor). The pool is exported
// once (cudaMemPoolExportToShareableHandle: a file descriptor, sent over a Unix
// socket as SCM_RIGHTS ancillary data), each buffer with
// cudaMemPoolExportPointer (64 bytes, sent in the same message). Here the
// program re-runs itself as the other process (posix_spawn, never fork after
// CUDA is initialised), giving it its end of a socket pair. The order is the
// rule: the allocation has completed before the other process touches it,
// and the other process frees it first. Exit 3 where the device cannot.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

// The pointer's export data as the message, the pool's descriptor as
// SCM_RIGHTS data: the kernel gives the receiving process a descriptor of its own.
void sendPool(int channel, int fd, cudaMemPoolPtrExportData &pointer)
{
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    iovec data{&pointer, sizeof pointer};
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

int receivePool(int channel, cudaMemPoolPtrExportData &pointer)
{
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    iovec data{&pointer, sizeof pointer};
    msghdr message{};
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    if (recvmsg(channel, &message, MSG_WAITALL) != sizeof pointer)
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
    if (argc == 2) { // the other process: argv[1] is its end of the socket pair
        cudaMemPoolPtrExportData pointer;
        const int fd = receivePool(std::atoi(argv[1]), pointer);
        cudaMemPool_t pool;
        float *shared = nullptr;
        if (fd < 0
            || cudaMemPoolImportFromShareableHandle(&pool, reinterpret_cast<void *>(static_cast<uintptr_t>(fd)),
                                                    cudaMemHandleTypePosixFileDescriptor, 0)
                != cudaSuccess
            || cudaMemPoolImportPointer(reinterpret_cast<void **>(&shared), pool, &pointer) != cudaSuccess)
            return 1;
        close(fd);
        scale<<<(n + 255) / 256, 256>>>(shared, n);
        cudaDeviceSynchronize();
        cudaFree(shared); // the importer frees first, then the exporter
        return cudaGetLastError() == cudaSuccess ? 0 : 1;
    }

    int pools = 0, handleTypes = 0;
    cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, 0);
    cudaDeviceGetAttribute(&handleTypes, cudaDevAttrMemoryPoolSupportedHandleTypes, 0);
    if (!pools || !(handleTypes & cudaMemHandleTypePosixFileDescriptor)) {
        std::printf("ipc-pool: this device has no memory pools that export POSIX file descriptors\n");
        return 3;
    }
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypePosixFileDescriptor; // what lets the pool be exported
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    cudaMemPool_t pool;
    cudaMemPoolCreate(&pool, &props);
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    float *buf, host = 21;
    cudaMallocFromPoolAsync(reinterpret_cast<void **>(&buf), n * sizeof(float), pool, stream);
    cudaMemcpyAsync(buf, &host, sizeof host, cudaMemcpyHostToDevice, stream);
    cudaStreamSynchronize(stream); // the allocation has completed before another process touches it
    int fd = -1;
    cudaMemPoolExportToShareableHandle(&fd, pool, cudaMemHandleTypePosixFileDescriptor, 0);
    cudaMemPoolPtrExportData pointer;
    cudaMemPoolExportPointer(&pointer, buf);
    int ends[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, ends);
    std::string theirs = std::to_string(ends[1]);
    char *child[] = {argv[0], theirs.data(), nullptr};
    pid_t pid;
    posix_spawn(&pid, argv[0], nullptr, nullptr, child, environ);
    close(ends[1]);
    sendPool(ends[0], fd, pointer);
    close(fd); // the other process has its own descriptor
    int status = 0;
    waitpid(pid, &status, 0); // it has freed its import by now
    cudaMemcpy(&host, buf, sizeof host, cudaMemcpyDeviceToHost);
    std::printf("ipc-pool: process %d doubled it: %g (expected 42)\n", int(pid), host);
    cudaFreeAsync(buf, stream);
    cudaStreamSynchronize(stream);
    cudaMemPoolDestroy(pool);
    cudaStreamDestroy(stream);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 && host == 42.0f ? 0 : 1;
}
