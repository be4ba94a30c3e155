// A positive but tiny bandwidth: times would run past the picosecond clock.
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize
// RUN: %check-bad-input %s tacos-opt {} --coll-synthesize=algorithm=ring
// EXPECT: 6:1: times may exceed the picosecond clock (2^62 ps, about 53 days): one chunk takes up to 2.62e+305 s on the slowest hop and a schedule up to 3.15e+306 s; use a smaller size or faster links
topo.network @n { topo.dims [ring(4) link(1e-300 Bps, 1 us)] }
coll.all_gather @ag on @n size(1 MiB)
