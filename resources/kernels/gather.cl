// SPDX-License-Identifier: GPL-3.0-or-later
// out[i] = x[perm[i]]: a random permutation makes every read land elsewhere.
__kernel void gather(__global const uint *x, __global const uint *perm, __global uint *out, ulong first, ulong n)
{
    for (size_t i = first + get_global_id(0); i < n; i += get_global_size(0))
        out[i] = x[perm[i]];
}

// perm read and out written 16 bytes at a time, as in vector_add_vec4; the
// reads of x stay one element each, at random places.
__kernel void gather_vec4(__global const uint *x, __global const uint *perm, __global uint *out, ulong n)
{
    __global const uint4 *perm4 = (__global const uint4 *)perm;
    __global uint4 *out4 = (__global uint4 *)out;
    const ulong vectors = n / 4;
    for (size_t i = get_global_id(0); i < vectors; i += get_global_size(0)) {
        const uint4 p = perm4[i];
        out4[i] = (uint4)(x[p.x], x[p.y], x[p.z], x[p.w]);
    }
    const ulong tail = vectors * 4 + get_global_id(0);
    if (tail < n)
        out[tail] = x[perm[tail]];
}
