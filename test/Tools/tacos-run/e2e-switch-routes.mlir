// Algorithms whose transfers are routed through a switch (`via`, switches
// as nodes, not unwound) run under mpirun like any other: the switch is
// transparent, each transfer is a message between two ranks, and the
// results are checked on real data.
// REQUIRES: mpi
// RUN: tacos-run %s -np 3 --iters 1 --baseline=false | FileCheck %s
// CHECK: @ring all_gather 3 {{.*}} ok
// CHECK: @ar all_reduce 3 {{.*}} ok

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
