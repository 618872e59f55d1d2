// SPDX-License-Identifier: GPL-3.0-or-later
// buf[k * stride] += 1 for every k with k * stride < n: touches one element
// per stride, so a page-granular bus moves far more bytes than it touches.
__kernel void stride_add(__global uint *buf, ulong first, ulong n, ulong strideElements)
{
    const ulong touched = (n + strideElements - 1) / strideElements;
    for (size_t k = first + get_global_id(0); k < touched; k += get_global_size(0))
        buf[k * strideElements] += 1u;
}
