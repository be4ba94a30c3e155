// RUN: tacos-opt %s --convert-coll-to-smt | FileCheck %s
// RUN: tacos-opt %s --convert-coll-to-smt | tacos-translate --export-smtlib | FileCheck %s --check-prefix=SMTLIB
// The exported problem is unsatisfiable (the algorithm is correct) for the
// z3 command-line tool too:
// RUN: tacos-opt %s --convert-coll-to-smt | tacos-translate --export-smtlib | z3 -in | FileCheck %s --check-prefix=Z3
// REQUIRES: z3

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @ar all_reduce on @pair size(2 MB) time(42 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [21000000, 42000000]
  coll.transfer copy 0 over 0 -> 1 at [21000000, 42000000]
}

// Networks and algorithms are gone; one solver per algorithm.
// CHECK-NOT: topo.network
// CHECK-NOT: coll.algorithm
// CHECK: smt.solver() {tacos.algorithm = "ar"}
// CHECK-DAG: smt.declare_fun "s_0" : !smt.int
// CHECK-DAG: smt.declare_fun "bad_link_t0" : !smt.bool
// CHECK-DAG: smt.declare_fun "bad_overlap_t3" : !smt.bool
// CHECK-DAG: smt.declare_fun "bad_causality_t2" : !smt.bool
// CHECK-DAG: smt.declare_fun "bad_reduction_t0" : !smt.bool
// CHECK-DAG: smt.declare_fun "bad_delivery_c0_n1" : !smt.bool
// CHECK-DAG: smt.declare_fun "bad_reduction_c1_n0" : !smt.bool
// CHECK-DAG: smt.declare_fun "bad_time_time" : !smt.bool
// CHECK: smt.check

// SMTLIB: (declare-const s_0 Int)
// SMTLIB: (declare-const bad_link_t0 Bool)
// SMTLIB: (check-sat)

// Z3: unsat
