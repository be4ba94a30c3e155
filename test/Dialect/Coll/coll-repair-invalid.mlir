// RUN: tacos-opt %s -split-input-file --coll-repair -verify-diagnostics
// An unreachable pair after the failures: a clear error, exit code 1.
// RUN: not tacos-opt %s -split-input-file --coll-repair=drop=2-3 2>&1 | FileCheck %s --check-prefix=CUT
// RUN: not tacos-opt %s -split-input-file --coll-repair=drop=0-x 2>&1 | FileCheck %s --check-prefix=BADDROP
// RUN: not tacos-opt %s -split-input-file --coll-repair=drop=0-2 2>&1 | FileCheck %s --check-prefix=NOLINK

// CUT: error: coll-repair: @ag: npu 0 cannot reach npu 1 after dropping 0 <-> 1, 2 <-> 3
// BADDROP: error: coll-repair: drop '0-x' is not a link a-b of two NPU ids
// NOLINK: error: topo.drop 0 <-> 2 removes no link

// The ring is cut in two halves once 2 <-> 3 fails too (CUT).
topo.network @ring4 {
  topo.dims [ring(4) link(1 GBps, 1 us)]
  topo.drop 0 <-> 1
}
// expected-remark @+1 {{coll-repair: @ag: kept 6 of 12 transfers}}
coll.algorithm @ag all_gather on @ring4 size(4 KB) time(4 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 2000000]
  coll.transfer copy 3 over 3 -> 0 at [0, 2000000]
  coll.transfer copy 0 over 0 -> 1 at [0, 2000000]
  coll.transfer copy 2 over 2 -> 1 at [0, 2000000]
  coll.transfer copy 1 over 1 -> 2 at [0, 2000000]
  coll.transfer copy 3 over 3 -> 2 at [0, 2000000]
  coll.transfer copy 0 over 0 -> 3 at [0, 2000000]
  coll.transfer copy 2 over 2 -> 3 at [0, 2000000]
  coll.transfer copy 2 over 1 -> 0 at [2000000, 4000000]
  coll.transfer copy 3 over 0 -> 1 at [2000000, 4000000]
  coll.transfer copy 0 over 1 -> 2 at [2000000, 4000000]
  coll.transfer copy 1 over 0 -> 3 at [2000000, 4000000]
}

// -----

// A one-way link that failed leaves npu 1 unreachable from npu 0.
topo.network @oneway {
  topo.npus 2
  topo.link 1 -> 0 link(50 GBps, 1 us)
}
// expected-error @+1 {{coll-repair: @ag: npu 0 cannot reach npu 1 after dropping 0 -> 1}}
coll.algorithm @ag all_gather on @oneway size(2 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
}

// -----

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// expected-error @+1 {{coll-repair: the transfers of @ag were not materialized (materialize=none)}}
coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) unmaterialized(2)
