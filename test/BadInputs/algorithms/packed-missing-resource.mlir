// Packed transfers naming a resource the file does not define.
// RUN: %check-bad-input %s tacos-opt {}
// RUN: %check-bad-input %s tacos-translate {} --export-chrome-trace
// EXPECT: 6:1: packed transfers: no resource 'nope' in the file's dialect_resources
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) packed(dense_resource<nope> : tensor<62xi8>)
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0800000000000000000000000000000000000000406F400100000000406F400100000000000000000100000000000000010000000100000000000000000000000000"
    }
  }
#-}
