// An algorithm of a collective tacos does not know.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:20: expected string or keyword containing one of the following enum values for attribute 'collective' [all_gather, reduce_scatter, all_reduce, all_to_all, broadcast, reduce, gather, scatter]
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_sum on @n size(4 MB) time(1 us) {
}
