// RUN: not tacos-translate --export-dot %S/Inputs/empty.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not tacos-translate --export-dot --algorithm=@missing %s 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tacos-translate --export-dot --algorithm=@ag %s 2>&1 | FileCheck %s --check-prefix=UNMAT
// RUN: not tacos-translate --export-dot --algorithm=@ring4 %s 2>&1 | FileCheck %s --check-prefix=NETWORK

// EMPTY: empty.mlir:1:1: error: no topo.network to export
// MISSING: invalid.mlir:{{[0-9]+}}:{{[0-9]+}}: error: export-dot: --algorithm: no coll.algorithm @missing; the input has @ag
// UNMAT: invalid.mlir:[[# @LINE + 6]]:1: error: 'coll.algorithm' op has no transfers to export: @ag was synthesized with materialize=none
// NETWORK: invalid.mlir:[[# @LINE + 2]]:1: error: export-dot: --algorithm: @ring4 is a 'topo.network', not a coll.algorithm{{$}}

topo.network @ring4 {
  topo.dims [ring(4) link(50 GBps, 1 us)]
}
coll.algorithm @ag all_gather on @ring4 size(4 MB) time(42 us) unmaterialized(12) {
}
