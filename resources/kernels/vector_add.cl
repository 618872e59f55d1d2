// out[i] = x[i] + y[i]. Grid-stride: any global size covers any n.
__kernel void vector_add(__global const float *x, __global const float *y, __global float *out, ulong n)
{
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        out[i] = x[i] + y[i];
}
