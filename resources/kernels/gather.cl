// out[i] = x[perm[i]]: a random permutation makes every read land elsewhere.
__kernel void gather(__global const uint *x, __global const uint *perm, __global uint *out, ulong n)
{
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        out[i] = x[perm[i]];
}
