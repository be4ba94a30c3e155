// RUN: tacos-opt %s | tacos-opt | FileCheck %s

// Prices and workload weights print very small and very large numbers with
// an exponent (`1e-05`), which MLIR's lexer splits into an integer and a
// keyword; they read back as one number (found by tacos-libra-network-fuzzer).

// CHECK-LABEL: topo.network @p
// CHECK: topo.price tier(a) link(1e-05) switch(2.5e+20) nic(3e-07)
// CHECK: topo.price tier(b) link(1e+16)
topo.network @p {
  topo.dims [ring(4) link(?, 1 us) tier(a), ring(2) link(?, 1 us) tier(b)]
  topo.price tier(a) link(1e-05) switch(25e19) nic(3E-7)
  topo.price tier(b) link(1e16)
}

// CHECK-LABEL: coll.workload @w
// CHECK-SAME: weight(1e-05)
coll.workload @w on @p compute(1 us) weight(1e-5) {
  coll.all_reduce size(1 MiB) dims [0] count(1)
}
