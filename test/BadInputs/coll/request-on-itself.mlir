// A request whose network is itself.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 4:1: '@ag' does not name a topo.network
coll.all_gather @ag on @ag size(1 MiB)
