// tacos-opt registers the tacos passes (and not all of upstream MLIR).
// RUN: tacos-opt --help | FileCheck %s
// RUN: tacos-opt --help | FileCheck %s --check-prefix=LEAN

// CHECK-DAG: --topo-expand
// CHECK-DAG: --topo-summary
// CHECK-DAG: --coll-materialize
// LEAN-NOT: --convert-scf-to-cf

// A pass option that does not parse is reported once, without an empty
// `<unknown>:0: error:` line after the option parser's message.
// RUN: not tacos-opt %s --coll-synthesize=trials=abc 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: for the --trials option: 'abc' value invalid for uint argument!
// OPTION-NOT: error
