// Calibration (sharescope calibrate): reads a buffer as fast as the device
// can. Each work-group reads its own contiguous part, its work-items
// interleaved 16 bytes apart (coalesced on a GPU, one stream per thread on a
// CPU), and each work-item writes one value so that no read is dropped.
__kernel void calibrate_read(__global const uint4 *in, ulong perGroup, __global uint *sums)
{
    const ulong first = get_group_id(0) * perGroup;
    uint4 sum = (uint4)(0);
    for (ulong i = get_local_id(0); i < perGroup; i += get_local_size(0))
        sum ^= in[first + i];
    sums[get_global_id(0)] = sum.x ^ sum.y ^ sum.z ^ sum.w;
}
