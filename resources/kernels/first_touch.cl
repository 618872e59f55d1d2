// SPDX-License-Identifier: GPL-3.0-or-later
// The four first touches: the host wrote cpu_then_gpu, the kernel reads it
// and writes gpu_then_cpu (which the host reads next) and gpu_only (which
// the host never touches). cpu_only is not an argument: no kernel sees it.
__kernel void first_touch(__global const uint *cpu_then_gpu, __global uint *gpu_then_cpu, __global uint *gpu_only,
                          ulong first, ulong n)
{
    for (size_t i = first + get_global_id(0); i < n; i += get_global_size(0)) {
        const uint v = cpu_then_gpu[i];
        gpu_then_cpu[i] = v + 1u;
        gpu_only[i] = v + 2u;
    }
}

// With 16-byte accesses and a scalar tail, as vector_add_vec4.
__kernel void first_touch_vec4(__global const uint *cpu_then_gpu, __global uint *gpu_then_cpu,
                               __global uint *gpu_only, ulong n)
{
    __global const uint4 *in4 = (__global const uint4 *)cpu_then_gpu;
    __global uint4 *out4 = (__global uint4 *)gpu_then_cpu;
    __global uint4 *only4 = (__global uint4 *)gpu_only;
    const ulong vectors = n / 4;
    for (size_t i = get_global_id(0); i < vectors; i += get_global_size(0)) {
        const uint4 v = in4[i];
        out4[i] = v + 1u;
        only4[i] = v + 2u;
    }
    const ulong tail = vectors * 4 + get_global_id(0);
    if (tail < n) {
        const uint v = cpu_then_gpu[tail];
        gpu_then_cpu[tail] = v + 1u;
        gpu_only[tail] = v + 2u;
    }
}
