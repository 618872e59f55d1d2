// SPDX-License-Identifier: GPL-3.0-or-later
// out[i] = x[i] + y[i] for first <= i < n. Grid-stride: any global size
// covers any n. first is where a host thread's slice starts (--host-threads;
// 0 for the whole buffer), an argument rather than a global offset: PoCL
// keeps a kernel binary per "global offset zero or not" and per grid width,
// and releases the wrong one when commands of both are in flight at once
// (an assertion in pocl_release_dlhandle_cache ends the program), so every
// slice launches the same grid at offset 0.
__kernel void vector_add(__global const float *x, __global const float *y, __global float *out, ulong first, ulong n)
{
    for (size_t i = first + get_global_id(0); i < n; i += get_global_size(0))
        out[i] = x[i] + y[i];
}

// The same with 16-byte accesses, for 16-byte aligned buffers (see
// ClSession::launch): vector i is elements 4i to 4i + 3, and the first n % 4
// work-items also take the elements after the last whole vector. Through
// float4 pointers, not vload4: vload4 promises only element alignment, and a
// GPU compiler that cannot prove more splits it into four 4-byte loads.
__kernel void vector_add_vec4(__global const float *x, __global const float *y, __global float *out, ulong n)
{
    __global const float4 *x4 = (__global const float4 *)x;
    __global const float4 *y4 = (__global const float4 *)y;
    __global float4 *out4 = (__global float4 *)out;
    const ulong vectors = n / 4;
    for (size_t i = get_global_id(0); i < vectors; i += get_global_size(0))
        out4[i] = x4[i] + y4[i];
    const ulong tail = vectors * 4 + get_global_id(0);
    if (tail < n)
        out[tail] = x[tail] + y[tail];
}
