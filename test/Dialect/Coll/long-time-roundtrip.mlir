// What tacos writes, it reads back: an algorithm's time may exceed the 1000 s
// a link latency may have, up to the clock's limit (requests beyond it are
// refused up front: coll-synthesize-invalid.mlir).
// RUN: tacos-opt %s --coll-synthesize | tacos-opt --coll-verify --coll-simulate | FileCheck %s

topo.network @slow { topo.dims [ring(4) link(1 KBps, 1 us)] }
// 250 MB a chunk at 1 KBps is 250000 s a hop; 2 rounds.
// CHECK: coll.algorithm @ag all_gather on @slow size(1 GB) time(500000 s + 2 us)
coll.all_gather @ag on @slow size(1 GB)

// A time above 2^53 ps prints as a head and an exact rest; the terms add up
// exactly (a sum in doubles read this one 6 ps short; found by
// tacos-pipeline-fuzzer).
// RUN: tacos-opt %s --coll-synthesize | tacos-opt | tacos-opt | FileCheck %s --check-prefix=EXACT
topo.network @slower { topo.dims [ring(3) link(3 KBps, 1 us)] }
// EXACT: coll.algorithm @ag3 all_gather on @slower size(1 GB) time(111100 s + 11.11 s + 1.334 ms + 333.334 ns)
// EXACT-NEXT: coll.transfer copy 1 over 1 -> 0 at [0, 111111111001000000]
coll.all_gather @ag3 on @slower size(1 GB)
