// chunks(k) past int64.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:46: integer constant out of range for attribute
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(1 GiB) chunks(99999999999999999999)
