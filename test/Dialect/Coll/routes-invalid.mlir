// RUN: tacos-opt %s -split-input-file -verify-diagnostics

topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
coll.algorithm @ag all_gather on @sw3 size(3 MB) time(11 us) {
  // expected-error @+1 {{@nope is not a switch of @sw3}}
  coll.transfer copy 0 over 0 -> 1 via @nope at [0, 11000000]
}

// -----

topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
coll.algorithm @ag all_gather on @sw3 size(3 MB) time(11 us) {
  // expected-error @+1 {{has both a lane and via: a routed transfer takes the first link of each hop}}
  coll.transfer copy 0 over 0 -> 1 lane 1 via @nvs at [0, 11000000]
}

// -----

topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
// A switch is not an NPU: transfers go between NPUs.
coll.algorithm @ag all_gather on @sw3 size(3 MB) time(11 us) {
  // expected-error @+1 {{link 0 -> 3 names an NPU out of range: @sw3 has 3 NPUs}}
  coll.transfer copy 0 over 0 -> 3 at [0, 11000000]
}

// -----

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// expected-error @+1 {{lists routes but has no packed transfers}}
coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) routes [[@x]] {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
}
