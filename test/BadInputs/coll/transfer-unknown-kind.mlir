// A transfer kind that is neither copy nor reduce.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:17: expected string or keyword containing one of the following enum values for attribute 'kind' [copy, reduce]
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  coll.transfer move 0 over 0 -> 1 at [0, 21000000]
}
