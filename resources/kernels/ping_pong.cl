// The GPU's half of a ping-pong round: every element + 1. The CPU adds its 1
// between launches.
__kernel void ping_pong(__global uint *buf, ulong n)
{
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        buf[i] += 1u;
}
