// A blob cut short: 12 bytes are not whole transfers.
// RUN: %check-bad-input %s tacos-opt {}
// RUN: %check-bad-input %s tacos-translate {} --export-chrome-trace
// EXPECT: 6:1: packed transfers have 12 bytes, not a multiple of 31
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) packed(dense_resource<blob> : tensor<12xi8>)
{-#
  dialect_resources: {
    builtin: {
      blob: "0x08000000000000000000000000000000"
    }
  }
#-}
