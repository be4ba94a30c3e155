// The resource section is not closed.
// RUN: %check-bad-input %s tacos-opt {}
// RUN: %check-bad-input %s tacos-translate {} --export-chrome-trace
// EXPECT: 12:4: expected ',' or '#-}'
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) packed(dense_resource<blob> : tensor<62xi8>)
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0800000000000000000000000000000000000000406F400100000000406F400100000000000000000100000000000000010000000100000000000000000000000000"
    }
  }
