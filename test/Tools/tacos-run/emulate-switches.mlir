// An emulated network of two switches with two hosts each, joined by a
// slower switch-to-switch link: every switch a Linux bridge in a namespace
// of its own, its ports shaped. All-Gather and All-Reduce, synthesized by
// tacos on the switches as nodes (the emulation keeps them), run on real
// data, every element checked, and the byte counters of every port
// direction and of the inter-switch link match the schedules' routes. A
// hand-written All-Gather routed through both switches (`via [@s0, @s1]`)
// puts its bytes on the inter-switch link as its routes say. Correctness
// only: no time is checked.
// REQUIRES: mpi, netns
// RUN: tacos-run %s -np 4 --emulate --emulate-prefix tcbt-sw- --baseline=false --iters 1 --elements 262144 --algorithm @ag --algorithm @ar | FileCheck %s
// CHECK: @ag all_gather 4 262144 f32 {{.*}} ok
// CHECK: @ar all_reduce 4 262144 f32 {{.*}} ok
// CHECK: # emulated @two: 4 hosts, 2 switches, 5 wires, fastest 100 Mbit/s
// CHECK-COUNT-8: {{^(npu[0-3] -> @s[01]|@s[01] -> npu[0-3]) +100.000 +[1-9][0-9]+ +[1-9][0-9]+  ok$}}
// CHECK-NEXT: {{^@s0 -> @s1 +50.000 +[1-9][0-9]+ +[1-9][0-9]+  ok$}}
// CHECK-NEXT: {{^@s1 -> @s0 +50.000 +[1-9][0-9]+ +[1-9][0-9]+  ok$}}
// CHECK-NOT: FAIL
// RUN: ip netns list | not grep tcbt-sw-

// Two pieces of a quarter of 1 MiB cross the inter-switch link each way,
// in each of the two calls (the checked one and one timed): 1 MiB each way.
// RUN: tacos-run %s -np 4 --emulate --emulate-prefix tcbt-via- --baseline=false --iters 1 --elements 262144 --algorithm @routed | FileCheck %s --check-prefix=ROUTED
// ROUTED: @routed all_gather 4 262144 f32 {{.*}} ok
// ROUTED: {{^@s0 -> @s1 +50.000 +1048576 +[0-9]+  ok$}}
// ROUTED: {{^@s1 -> @s0 +50.000 +1048576 +[0-9]+  ok$}}
// RUN: ip netns list | not grep tcbt-via-

topo.network @two {
  topo.npus 4
  topo.switch @s0 [0, 1] link(50 GBps, 0.5 us)
  topo.switch @s1 [2, 3] link(50 GBps, 0.5 us)
  topo.link @s0 <-> @s1 link(25 GBps, 2 us)
}
coll.all_gather @ag on @two size(4 MB) chunks(1)
coll.all_reduce @ar on @two size(4 MB) chunks(1)

// Within each switch, then across both (one chunk at a time each way:
// the inter-switch link is one pipe each way), then within again.
coll.algorithm @routed all_gather on @two size(4 MB) chunks(1) time(128 us) {
  coll.transfer copy 0 over 0 -> 1 via @s0 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 via @s0 at [0, 21000000]
  coll.transfer copy 2 over 2 -> 3 via @s1 at [0, 21000000]
  coll.transfer copy 3 over 3 -> 2 via @s1 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 2 via [@s0, @s1] at [21000000, 64000000]
  coll.transfer copy 2 over 2 -> 0 via [@s1, @s0] at [21000000, 64000000]
  coll.transfer copy 1 over 1 -> 3 via [@s0, @s1] at [64000000, 107000000]
  coll.transfer copy 3 over 3 -> 1 via [@s1, @s0] at [64000000, 107000000]
  coll.transfer copy 0 over 2 -> 3 via @s1 at [107000000, 128000000]
  coll.transfer copy 1 over 3 -> 2 via @s1 at [107000000, 128000000]
  coll.transfer copy 2 over 0 -> 1 via @s0 at [107000000, 128000000]
  coll.transfer copy 3 over 1 -> 0 via @s0 at [107000000, 128000000]
}
