// RUN: tacos-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// MLIR lexes `1e3` as the integer 1 and the keyword `e3`; quantities read it
// as the number 1000, not as the unit `e3`.
// CHECK: topo.dims [ring(4) link(1.5 TBps, 2 us)]
topo.network @n { topo.dims [ring(4) link(15e2 GBps, 2E3 ns)] }
// CHECK: coll.all_gather @ag on @n size(4 MB)
coll.all_gather @ag on @n size(4e6 B)

// -----

// Signed exponents lex as `1`, `e`, `-6`: still one number.
// CHECK: topo.dims [ring(4) link(50 GBps, 1 us), ring(2) link(2 GBps, 1 us)]
topo.network @m { topo.dims [ring(4) link(50 GBps, 1e-6 s), ring(2) link(2e+0 GBps, 1e+3 ns)] }

// -----

// expected-error @+1 {{bandwidth 1e+300 GBps exceeds the limit of 1 EBps}}
topo.network @n { topo.dims [ring(4) link(1e300 GBps, 1 us)] }

// -----

// A large integer keeps its value (2^63 - 1 is not read as -1).
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(1 Bps, 1 us) }
// expected-error @+1 {{time 9.223372036854776e+18 ps exceeds the limit of 2^62 ps (about 53 days)}}
coll.algorithm @big all_gather on @pair size(2 B) time(9223372036854775807 ps) {
  coll.transfer copy 0 over 0 -> 1 at [0, 1000001000000]
  coll.transfer copy 1 over 1 -> 0 at [0, 1000001000000]
}
