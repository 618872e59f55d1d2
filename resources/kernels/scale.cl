// buf[i] *= 2, in place: one buffer, read and written.
__kernel void scale(__global float *buf, ulong n)
{
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        buf[i] *= 2.0f;
}
