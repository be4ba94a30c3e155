// An algorithm on a network whose bandwidth is still '?': no consumer can time it.
// RUN: %check-bad-input %s tacos-opt {} --coll-verify
// RUN: %check-bad-input %s tacos-opt {} --coll-simulate
// RUN: %check-bad-input %s tacos-opt {} --coll-invert
// RUN: %check-bad-input %s tacos-opt {} --coll-report
// RUN: %check-bad-input %s tacos-opt {} --coll-repair=drop=0-1
// RUN: %check-bad-input %s tacos-opt {} --convert-coll-to-mpi
// RUN: %check-bad-input %s tacos-translate {} --export-msccl-xml
// RUN: %check-bad-input %s tacos-translate {} --export-mscclpp-plan
// RUN: %check-bad-input %s tacos-translate {} --export-chrome-trace
// EXPECT: 13:1: runs on @n, which has undecided ('?') bandwidths: its transfers cannot be timed (run topo-allocate-bandwidth first)
topo.network @n { topo.dims [ring(4) link(?, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(42 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
  coll.transfer copy 3 over 3 -> 0 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 2 over 2 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 2 at [0, 21000000]
  coll.transfer copy 3 over 3 -> 2 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 3 at [0, 21000000]
  coll.transfer copy 2 over 2 -> 3 at [0, 21000000]
  coll.transfer copy 2 over 1 -> 0 at [21000000, 42000000]
  coll.transfer copy 3 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 1 over 0 -> 3 at [21000000, 42000000]
}
