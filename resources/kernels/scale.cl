// SPDX-License-Identifier: GPL-3.0-or-later
// buf[i] *= 2, in place: one buffer, read and written.
__kernel void scale(__global float *buf, ulong first, ulong n)
{
    for (size_t i = first + get_global_id(0); i < n; i += get_global_size(0))
        buf[i] *= 2.0f;
}

// With 16-byte accesses and a scalar tail, as vector_add_vec4.
__kernel void scale_vec4(__global float *buf, ulong n)
{
    __global float4 *buf4 = (__global float4 *)buf;
    const ulong vectors = n / 4;
    for (size_t i = get_global_id(0); i < vectors; i += get_global_size(0))
        buf4[i] *= 2.0f;
    const ulong tail = vectors * 4 + get_global_id(0);
    if (tail < n)
        buf[tail] *= 2.0f;
}
