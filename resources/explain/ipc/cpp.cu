// SPDX-License-Identifier: GPL-3.0-or-later
// Build: nvcc -o ipc cpp.cu (the CUDA toolkit); runs on an NVIDIA GPU.
// Last run: CUDA 13.0 on an NVIDIA H200, 2026-11-29 (ok).
// ipc: cudaMalloc memory exported with cudaIpcGetMemHandle. The handle is 64
// bytes; another process passes it to cudaIpcOpenMemHandle. Here the program
// re-runs itself as that other process (posix_spawn, never fork after CUDA
// is initialised), giving it the handle as hex on the command line.
#include <cstdio>
#include <cstring>
#include <spawn.h>
#include <string>
#include <sys/wait.h>

extern char **environ;

__global__ void scale(float *buf, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        buf[i] *= 2;
}

int main(int argc, char **argv)
{
    const int n = 1 << 20;
    cudaIpcMemHandle_t handle;
    if (argc == 2) { // the other process
        for (size_t i = 0; i < sizeof handle; ++i)
            std::sscanf(argv[1] + 2 * i, "%2hhx", reinterpret_cast<unsigned char *>(&handle) + i);
        float *shared;
        cudaIpcOpenMemHandle(reinterpret_cast<void **>(&shared), handle, cudaIpcMemLazyEnablePeerAccess);
        scale<<<(n + 255) / 256, 256>>>(shared, n);
        cudaDeviceSynchronize();
        cudaIpcCloseMemHandle(shared);
        return 0;
    }
    float *buf, host = 21;
    cudaMalloc(&buf, n * sizeof(float));
    cudaMemcpy(buf, &host, sizeof host, cudaMemcpyHostToDevice);
    cudaIpcGetMemHandle(&handle, buf);
    std::string hex;
    for (size_t i = 0; i < sizeof handle; ++i) {
        char byte[3];
        std::snprintf(byte, sizeof byte, "%02x", reinterpret_cast<unsigned char *>(&handle)[i]);
        hex += byte;
    }
    char *child[] = {argv[0], hex.data(), nullptr};
    pid_t pid;
    posix_spawn(&pid, argv[0], nullptr, nullptr, child, environ);
    waitpid(pid, nullptr, 0);
    cudaMemcpy(&host, buf, sizeof host, cudaMemcpyDeviceToHost);
    std::printf("ipc: process %d doubled it: %g (expected 42)\n", int(pid), host);
    cudaFree(buf);
    return host == 42.0f ? 0 : 1;
}
