// Whole-byte chunks differ by up to a byte, and so do their transfer times:
// each transfer must take its own chunk's time.
// RUN: not tacos-opt %s --coll-verify 2>&1 | FileCheck %s

topo.network @ring3 { topo.dims [ring(3) link(1 GBps, 1 ns)] }
// Chunk 2 has 4 bytes: 5 ns a hop, not the 4 ns of chunks 0 and 1.
// CHECK: error: {{.*}}chunk 2{{.*}}takes 4000 ps, the link needs 5000 ps
coll.algorithm @ag all_gather on @ring3 size(10 B) time(5 ns) {
  coll.transfer copy 1 over 1 -> 0 at [0, 4000]
  coll.transfer copy 0 over 0 -> 1 at [0, 4000]
  coll.transfer copy 0 over 0 -> 2 at [0, 4000]
  coll.transfer copy 1 over 1 -> 2 at [0, 4000]
  coll.transfer copy 2 over 2 -> 0 at [0, 4000]
  coll.transfer copy 2 over 2 -> 1 at [0, 5000]
}
