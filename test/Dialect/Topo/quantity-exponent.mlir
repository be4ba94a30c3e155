// RUN: tacos-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// MLIR lexes `1e3` as the integer 1 and the keyword `e3`; quantities read it
// as the number 1000, not as the unit `e3`.
// CHECK: topo.dims [ring(4) link(1.5 TBps, 2 us)]
topo.network @n { topo.dims [ring(4) link(15e2 GBps, 2E3 ns)] }
// CHECK: coll.all_gather @ag on @n size(4 MB)
coll.all_gather @ag on @n size(4e6 B)

// -----

// expected-error @+1 {{bandwidth 1e+300 GBps exceeds the limit of 1 EBps}}
topo.network @n { topo.dims [ring(4) link(1e300 GBps, 1 us)] }
