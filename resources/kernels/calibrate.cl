// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration (sharescope calibrate): reads a buffer as fast as the device
// can, and each work-item writes one value so that no read is dropped.
// On a GPU each work-group reads its own contiguous part, its work-items
// interleaved 16 bytes apart (coalesced).
__kernel void calibrate_read(__global const uint4 *in, ulong perItem, __global uint *sums)
{
    const ulong first = get_group_id(0) * perItem * get_local_size(0);
    uint4 sum = (uint4)(0);
    for (ulong i = get_local_id(0); i < perItem * get_local_size(0); i += get_local_size(0))
        sum ^= in[first + i];
    sums[get_global_id(0)] = sum.x ^ sum.y ^ sum.z ^ sum.w;
}

// On a CPU, where a runtime runs a group's work-items one after another on
// one thread, each work-item reads its own contiguous part: one stream per
// thread, as the prefetchers like it.
__kernel void calibrate_read_blocks(__global const uint4 *in, ulong perItem, __global uint *sums)
{
    const ulong first = get_global_id(0) * perItem;
    uint4 sum = (uint4)(0);
    for (ulong i = 0; i < perItem; ++i)
        sum ^= in[first + i];
    sums[get_global_id(0)] = sum.x ^ sum.y ^ sum.z ^ sum.w;
}
