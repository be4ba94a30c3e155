// An unknown link model.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:67: expected string or keyword containing one of the following enum values for attribute 'link_model' [blocking, pipelined]
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(1 us) latency(eager) {
}
