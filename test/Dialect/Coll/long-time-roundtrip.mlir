// What tacos writes, it reads back: an algorithm's time may exceed the 1000 s
// a link latency may have, up to the clock's limit (requests beyond it are
// refused up front: coll-synthesize-invalid.mlir).
// RUN: tacos-opt %s --coll-synthesize | tacos-opt --coll-verify --coll-simulate | FileCheck %s

topo.network @slow { topo.dims [ring(4) link(1 KBps, 1 us)] }
// 250 MB a chunk at 1 KBps is 250000 s a hop; 2 rounds.
// CHECK: coll.algorithm @ag all_gather on @slow size(1 GB) time(500000 s + 2 us)
coll.all_gather @ag on @slow size(1 GB)
