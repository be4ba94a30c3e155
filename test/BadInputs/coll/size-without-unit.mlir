// A size without its unit.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:36: expected a unit (B KB MB GB TB KiB MiB GiB TiB)
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(1024)
