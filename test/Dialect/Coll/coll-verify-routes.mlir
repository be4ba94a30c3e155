// Transfers routed through switches (`via`): both verifiers accept correct
// ones and reject each mutant, naming the same property and transfer line.
// RUN: not tacos-opt %s -split-input-file --coll-verify 2>&1 | FileCheck %s
// RUN: not tacos-opt %s -split-input-file --coll-verify-smt 2>&1 | FileCheck %s
// REQUIRES: z3

// A ring through one switch: each hop 0.5 + 0.5 us plus 1 MB at the full
// port speed of 100 GBps, 11 us (the unwound model's share, 50 GBps, would
// take 21 us).
topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
coll.algorithm @ring all_gather on @sw3 size(3 MB) time(22 us) {
  coll.transfer copy 0 over 0 -> 1 via @nvs at [0, 11000000]
  coll.transfer copy 1 over 1 -> 2 via @nvs at [0, 11000000]
  coll.transfer copy 2 over 2 -> 0 via @nvs at [0, 11000000]
  coll.transfer copy 0 over 1 -> 2 via [@nvs] at [11000000, 22000000]
  coll.transfer copy 1 over 2 -> 0 via @nvs at [11000000, 22000000]
  coll.transfer copy 2 over 0 -> 1 via @nvs at [11000000, 22000000]
}
// A reduction through the switch, then the sum sent back the same way.
coll.algorithm @ar all_reduce on @sw3 size(3 MB) chunks(1) time(44 us) {
  coll.transfer reduce 0 over 1 -> 0 via @nvs at [0, 11000000]
  coll.transfer reduce 1 over 2 -> 1 via @nvs at [0, 11000000]
  coll.transfer reduce 2 over 0 -> 2 via @nvs at [0, 11000000]
  coll.transfer reduce 0 over 2 -> 0 via @nvs at [11000000, 22000000]
  coll.transfer reduce 1 over 0 -> 1 via @nvs at [11000000, 22000000]
  coll.transfer reduce 2 over 1 -> 2 via @nvs at [11000000, 22000000]
  coll.transfer copy 0 over 0 -> 1 via @nvs at [22000000, 33000000]
  coll.transfer copy 1 over 1 -> 2 via @nvs at [22000000, 33000000]
  coll.transfer copy 2 over 2 -> 0 via @nvs at [22000000, 33000000]
  coll.transfer copy 0 over 1 -> 2 via @nvs at [33000000, 44000000]
  coll.transfer copy 1 over 2 -> 0 via @nvs at [33000000, 44000000]
  coll.transfer copy 2 over 0 -> 1 via @nvs at [33000000, 44000000]
}
// CHECK-NOT: error

// -----

topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
// Two transfers out of NPU 0 at once share its port to the switch.
coll.algorithm @uplink broadcast on @sw3 root(0) size(1 MB) time(11 us) {
  coll.transfer copy 0 over 0 -> 1 via @nvs at [0, 11000000]
  coll.transfer copy 0 over 0 -> 2 via @nvs at [0, 11000000]
}
// CHECK: :[[@LINE-2]]:{{.*}}: error: {{coll-verify(-smt)?}}: overlap: chunk 0 over 0 -> 2 via @nvs at [0, 11000000] overlaps chunk 0 {{.*}}on link 0 -> @nvs of its path

// -----

topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
// Two sources into NPU 2 at once share the switch's port to it.
coll.algorithm @downlink all_gather on @sw3 size(3 MB) time(33 us) {
  coll.transfer copy 0 over 0 -> 2 via @nvs at [0, 11000000]
  coll.transfer copy 1 over 1 -> 2 via @nvs at [0, 11000000]
  coll.transfer copy 2 over 2 -> 0 via @nvs at [0, 11000000]
  coll.transfer copy 0 over 0 -> 1 via @nvs at [11000000, 22000000]
  coll.transfer copy 1 over 1 -> 0 via @nvs at [11000000, 22000000]
  coll.transfer copy 2 over 2 -> 1 via @nvs at [22000000, 33000000]
}
// CHECK: :[[@LINE-6]]:{{.*}}: error: {{coll-verify(-smt)?}}: overlap: chunk 1 over 1 -> 2 via @nvs at [0, 11000000] overlaps chunk 0 {{.*}}on link @nvs -> 2 of its path

// -----

topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
// Timed as the unwound model's share of the port (50 GBps): the hardware
// is faster, and a wrong duration is a link violation.
coll.algorithm @unwoundTime broadcast on @sw3 root(0) size(1 MB) time(42 us) {
  coll.transfer copy 0 over 0 -> 1 via @nvs at [0, 21000000]
  coll.transfer copy 0 over 1 -> 2 via @nvs at [21000000, 42000000]
}
// CHECK: :[[@LINE-3]]:{{.*}}: error: {{coll-verify(-smt)?}}: link: chunk 0 over 0 -> 1 via @nvs at [0, 21000000]

// -----

topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
// NPUs joined only through a switch have no direct link.
coll.algorithm @direct broadcast on @sw3 root(0) size(1 MB) time(22 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 11000000]
  coll.transfer copy 0 over 1 -> 2 via @nvs at [11000000, 22000000]
}
// CHECK: :[[@LINE-3]]:{{.*}}: error: {{coll-verify(-smt)?}}: link: chunk 0 over 0 -> 1 at [0, 11000000]
