// RUN: tacos-opt %s -split-input-file --coll-invert -verify-diagnostics

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// Two arrivals of chunk 0 at npu 1: not a tree, so not invertible.
// expected-error @+1 {{coll-invert: npu 1 receives chunk 0 twice; only a tree (each chunk received once) inverts}}
coll.algorithm @bc broadcast on @line3 root(0) size(1 MB) time(42 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
}


// -----

// Chunk 0 comes back to its source npu 0, which sends it on: a second
// receipt of what it starts with, so not a tree either.
topo.network @ring3 { topo.dims [ring(3) link(1 GBps, 1 us)] }
// expected-error @+1 {{coll-invert: npu 0 receives chunk 0, which it starts with; only a tree (each chunk received once) inverts}}
coll.algorithm @bc broadcast on @ring3 root(0) size(1 KB) time(6 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 2000000]
  coll.transfer copy 0 over 1 -> 0 at [2000000, 4000000]
  coll.transfer copy 0 over 0 -> 2 at [4000000, 6000000]
}
