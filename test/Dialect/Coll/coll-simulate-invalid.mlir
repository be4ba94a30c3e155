// RUN: tacos-opt %s -split-input-file --coll-simulate -verify-diagnostics

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
coll.algorithm @bc broadcast on @line3 root(0) size(2 MB) time(42 us) {
  // expected-error @+1 {{coll-simulate: chunk 0 leaves NPU 1 before it is there}}
  coll.transfer copy 0 over 1 -> 2 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 1 at [21000000, 42000000]
}

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
coll.algorithm @bc broadcast on @line3 root(0) size(2 MB) time(42 us) {
  // expected-error @+1 {{coll-simulate: link 0 -> 2 is not in the network}}
  coll.transfer copy 0 over 0 -> 2 at [0, 21000000]
}

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// expected-error @+1 {{coll-simulate: the transfers of @bc were not materialized (materialize=none)}}
coll.algorithm @bc broadcast on @line3 root(0) size(2 MB) time(42 us) unmaterialized(2)

// -----

// NPU 1's partial of chunk 0 cannot leave before NPU 2's share reaches it.
topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
coll.algorithm @rs reduce_scatter on @line3 size(3 MB) time(42 us) {
  // expected-error @+1 {{coll-simulate: chunk 0 leaves NPU 1 before 1 contribution(s) to it arrive}}
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
  coll.transfer reduce 0 over 2 -> 1 at [21000000, 42000000]
}

// -----

// NPU 1 holds no share of chunk 0 of a group it is not in, and receives none.
topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
coll.algorithm @r reduce on @line3 root(0) group [0, 2] size(1 MB) time(21 us) {
  // expected-error @+1 {{coll-simulate: chunk 0 leaves NPU 1 before it is there}}
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
}
