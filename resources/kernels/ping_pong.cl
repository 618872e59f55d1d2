// SPDX-License-Identifier: GPL-3.0-or-later
// The GPU's half of a ping-pong round: every element + 1. The CPU adds its 1
// between launches.
__kernel void ping_pong(__global uint *buf, ulong first, ulong n)
{
    for (size_t i = first + get_global_id(0); i < n; i += get_global_size(0))
        buf[i] += 1u;
}

// With 16-byte accesses and a scalar tail, as vector_add_vec4.
__kernel void ping_pong_vec4(__global uint *buf, ulong n)
{
    __global uint4 *buf4 = (__global uint4 *)buf;
    const ulong vectors = n / 4;
    for (size_t i = get_global_id(0); i < vectors; i += get_global_size(0))
        buf4[i] += 1u;
    const ulong tail = vectors * 4 + get_global_id(0);
    if (tail < n)
        buf[tail] += 1u;
}
