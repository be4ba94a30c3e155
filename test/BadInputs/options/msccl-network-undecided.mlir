// A network for MSCCL import whose bandwidth is still '?' (its times were NaN).
// RUN: %check-bad-input %s tacos-translate -import-msccl-xml %S/../Inputs/ag_ring3.xml --msccl-network={}
// EXPECT: 4:1: @n has undecided ('?') bandwidths, so the program's transfers cannot be timed; run topo-allocate-bandwidth first
topo.network @n {
  topo.dims [ring(3) link(?, 1 us)]
}
