// tacos-opt registers the tacos passes (and not all of upstream MLIR).
// RUN: tacos-opt --help | FileCheck %s
// RUN: tacos-opt --help | FileCheck %s --check-prefix=LEAN

// CHECK-DAG: --topo-expand
// CHECK-DAG: --topo-summary
// CHECK-DAG: --coll-materialize
// LEAN-NOT: --convert-scf-to-cf
