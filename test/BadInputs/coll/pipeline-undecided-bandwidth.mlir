// A request on a network whose bandwidths are still '?': refused before the
// memory estimate, whose in-flight count once overflowed on the saturated
// link cost (UBSan, found by tacos-pipeline-fuzzer).
// RUN: %check-bad-input %s tacos-opt --tacos-pipeline=threads=1 {}
// EXPECT: 7:1: coll-synthesize: the network has undecided ('?') bandwidths; run topo-allocate-bandwidth first
topo.network @undecided { topo.dims [ring(4) link(?, 1 us)] }
coll.all_gather @ag on @undecided size(4 MB)
