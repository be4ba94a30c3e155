// topo-unwind-switches builds every network's model to look for switches;
// where it unwinds nothing, those models (the cached topo::NetworkModels)
// are the ones the next passes use instead of building them again (at
// fully_connected(3000), 9 M links). The timing report lists an analysis
// under the pass that computed it.
// RUN: tacos-opt %s --topo-unwind-switches --coll-synthesize --mlir-timing -o /dev/null 2>&1 | FileCheck %s

// CHECK:      TopoUnwindSwitches
// CHECK-NEXT:   (A) tacos::topo::NetworkModels
// CHECK-NEXT:   CollSynthesize
// CHECK-NOT:    NetworkModels
// CHECK:        Output

topo.network @fc { topo.dims [fully_connected(8) link(50 GBps, 1 us)] }
coll.all_gather @ag on @fc size(1 MiB)
