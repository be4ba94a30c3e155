// Every coll pass reads networks through one cached analysis
// (topo::NetworkModels): built once by the first pass that needs it, kept by
// the passes that do not change networks, rebuilt after one that does.
// The timing report lists an analysis under the pass that computed it.
// RUN: tacos-opt %s --topo-unwind-switches --coll-synthesize --coll-verify --coll-report --topo-unwind-switches --coll-simulate --mlir-timing -o /dev/null 2>&1 | FileCheck %s

// The first unwinding changes @node, so synthesis builds the models again;
// the second changes nothing and keeps them.
// CHECK:      TopoUnwindSwitches
// CHECK-NEXT:   (A) tacos::topo::NetworkModels
// CHECK-NEXT:   CollSynthesize
// CHECK:        (A) tacos::topo::NetworkModels
// CHECK-NEXT:   CollVerify
// CHECK-NEXT:     (A) tacos::coll::NativeVerdicts
// CHECK-NEXT:   CollReport
// CHECK-NEXT:   TopoUnwindSwitches
// CHECK-NEXT:   CollSimulate
// CHECK-NEXT:   Output

// The cached model is the one after unwinding: the switch's All-Gather is
// synthesized and verified on the unwound links.
// RUN: tacos-opt %s --topo-unwind-switches --coll-synthesize --coll-simulate --coll-verify | FileCheck %s --check-prefix=VERIFIED
// VERIFIED: coll.algorithm @ag all_gather on @ring4 {{.*}} attributes {coll.verified}
// VERIFIED: coll.algorithm @sw all_gather on @node {{.*}} attributes {coll.verified}

topo.network @node { topo.dims [switch(4) link(90 GBps, 0.5 us)] }
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 MB)
coll.broadcast @bc on @ring4 root(1) size(4 MB)
coll.all_gather @sw on @node size(4 MB)
