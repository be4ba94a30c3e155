// coll-verify-smt estimates the SMT problem of each algorithm (about 40
// smt ops a transfer, each some 1 KB through Z3) and refuses, on the
// algorithm, what does not fit in max-memory=; timeout= bounds Z3
// (docs/ResourceLimits.md).
// RUN: not tacos-opt %s --coll-verify-smt="max-memory=1MB" 2>&1 | FileCheck %s
// RUN: not tacos-opt %s --coll-verify-smt="timeout=0.000001" 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// RUN: tacos-opt %s --coll-verify-smt="max-memory=1GB timeout=600" | FileCheck %s --check-prefix=OK
// REQUIRES: z3

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// CHECK: limits.mlir:[[@LINE+3]]:1: error: coll-verify-smt: the SMT encoding needs about {{[0-9.]+}} MB of memory, more than max-memory=1 MB; verify it with coll-verify instead, or raise max-memory=
// TIMEOUT: limits.mlir:[[@LINE+2]]:1: error: coll-verify-smt: verification with z3 did not finish within timeout=1e-06 s; raise timeout= (0: no limit)
// OK: coll.algorithm @ag {{.*}} attributes {coll.verified_smt}
coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
}
