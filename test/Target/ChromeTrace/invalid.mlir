// RUN: tacos-translate --export-chrome-trace %s --split-input-file --verify-diagnostics
// RUN: not tacos-translate --export-chrome-trace %S/Inputs/no-algorithm.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not tacos-translate --export-chrome-trace --algorithm=@missing %S/Inputs/no-algorithm.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tacos-translate --export-chrome-trace --algorithm=@ag %S/Inputs/no-algorithm.mlir 2>&1 | FileCheck %s --check-prefix=REQUEST

// NONE: no-algorithm.mlir:{{[0-9]+}}:{{[0-9]+}}: error: no coll.algorithm to export (synthesize a request first)
// MISSING: no-algorithm.mlir:{{[0-9]+}}:{{[0-9]+}}: error: export-chrome-trace: --algorithm: no coll.algorithm @missing; the input has none
// REQUEST: no-algorithm.mlir:4:1: error: export-chrome-trace: --algorithm: @ag is a 'coll.all_gather', not a coll.algorithm (synthesize it first)

topo.network @ring4 {
  topo.dims [ring(4) link(50 GBps, 1 us)]
}
// expected-error @below {{'coll.algorithm' op has no transfers to export: @ag was synthesized with materialize=none}}
coll.algorithm @ag all_gather on @ring4 size(4 MB) time(42 us) unmaterialized(12) {
}

// -----

topo.network @ring4 {
  topo.dims [ring(4) link(50 GBps, 1 us)]
}
// expected-error @below {{'coll.algorithm' op transfer 1 uses link 0 -> 2, which @ring4 does not have}}
coll.algorithm @ag all_gather on @ring4 size(4 MB) time(42 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 0 over 0 -> 2 at [0, 21000000]
}

// -----

topo.network @ring4 {
  topo.dims [ring(4) link(50 GBps, 1 us)]
}
// expected-error @below {{'coll.algorithm' op transfer 0 uses link 0 -> 1 lane 1, which @ring4 does not have}}
coll.algorithm @ag all_gather on @ring4 size(4 MB) time(42 us) {
  coll.transfer copy 0 over 0 -> 1 lane 1 at [0, 21000000]
}
