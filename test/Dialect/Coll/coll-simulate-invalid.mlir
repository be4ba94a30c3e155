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
