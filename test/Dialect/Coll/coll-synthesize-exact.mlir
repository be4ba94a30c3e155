// Exact (Z3) synthesis: the fastest schedule under the link model, between
// TACOS's schedule and the lower bounds (docs/Algorithms.md, exact), on small
// networks; the results verify, carry what was proved, and the report gives
// the greedy's optimality gap and what is proved of the exact time.
// Every search here ends at Z3's resource budget (rlimit=, the default
// 5 x 10^7 or 10^6), counted the same on every machine however busy, never at
// the wall clock's safety net (none: time-limit-ms=0).
// RUN: tacos-opt %s --coll-synthesize="algorithm=exact time-limit-ms=0" --coll-verify | FileCheck %s
// RUN: tacos-opt %s --coll-synthesize="algorithm=exact time-limit-ms=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: tacos-opt %s --coll-synthesize="algorithm=exact rlimit=1000000 time-limit-ms=0" --coll-verify -o %t.budget.mlir 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --check-prefix=LIMIT < %t.budget.mlir
// The same budget again, with TACOS's incumbent trials on one thread and
// on two: the same result.
// RUN: tacos-opt %s --coll-synthesize="algorithm=exact rlimit=1000000 time-limit-ms=0 threads=1" --coll-verify -o %t.one.mlir 2>/dev/null
// RUN: tacos-opt %s --coll-synthesize="algorithm=exact rlimit=1000000 time-limit-ms=0 threads=2" --coll-verify -o %t.two.mlir 2>/dev/null
// RUN: diff %t.budget.mlir %t.one.mlir
// RUN: diff %t.budget.mlir %t.two.mlir
// RUN: tacos-opt %s --coll-synthesize=trials=8 --coll-report=exact=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=GAP
// REQUIRES: z3

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }
topo.network @mesh2x3 { topo.dims [line(2) link(50 GBps, 1 us), line(3) link(50 GBps, 1 us)] }
topo.network @uni4 { topo.dims [ring(4, uni) link(50 GBps, 1 us)] }
// NVIDIA DGX-1: NVLink multiplicities as parallel links (TOPOLOGIES.md).
topo.network @dgx1 {
  topo.npus 8
  topo.link 0 <-> 1 link(25 GBps, 0.3 us)
  topo.link 0 <-> 1 link(25 GBps, 0.3 us) parallel
  topo.link 0 <-> 2 link(25 GBps, 0.3 us)
  topo.link 0 <-> 3 link(25 GBps, 0.3 us)
  topo.link 0 <-> 4 link(25 GBps, 0.3 us)
  topo.link 0 <-> 4 link(25 GBps, 0.3 us) parallel
  topo.link 1 <-> 2 link(25 GBps, 0.3 us)
  topo.link 1 <-> 3 link(25 GBps, 0.3 us)
  topo.link 1 <-> 3 link(25 GBps, 0.3 us) parallel
  topo.link 1 <-> 5 link(25 GBps, 0.3 us)
  topo.link 2 <-> 3 link(25 GBps, 0.3 us)
  topo.link 2 <-> 3 link(25 GBps, 0.3 us) parallel
  topo.link 2 <-> 6 link(25 GBps, 0.3 us)
  topo.link 2 <-> 6 link(25 GBps, 0.3 us) parallel
  topo.link 3 <-> 7 link(25 GBps, 0.3 us)
  topo.link 4 <-> 5 link(25 GBps, 0.3 us)
  topo.link 4 <-> 5 link(25 GBps, 0.3 us) parallel
  topo.link 4 <-> 6 link(25 GBps, 0.3 us)
  topo.link 4 <-> 7 link(25 GBps, 0.3 us)
  topo.link 5 <-> 6 link(25 GBps, 0.3 us)
  topo.link 5 <-> 7 link(25 GBps, 0.3 us)
  topo.link 5 <-> 7 link(25 GBps, 0.3 us) parallel
  topo.link 6 <-> 7 link(25 GBps, 0.3 us)
  topo.link 6 <-> 7 link(25 GBps, 0.3 us) parallel
}

coll.all_gather @ag_ring4 on @ring4 size(4 MB)
coll.all_gather @ag_ring8 on @ring8 size(8 MB)
coll.all_gather @ag_mesh on @mesh2x3 size(6 MB)
coll.all_gather @ag_uni on @uni4 size(4 MB)
coll.broadcast @bc_ring8 on @ring8 root(0) size(4 MB) chunks(2)
coll.all_gather @ag_dgx1 on @dgx1 size(8 MB)
// The issue's case: the steps/rounds search ran into its 60 s limit at
// 604.5 us; TACOS's 282.1 us equals the discrete bound, so it is optimal.
coll.all_gather @ag_dgx1_6 on @dgx1 size(48 MB) chunks(6)
// Links of 25, 50 and 100 GBps: the bounds say 83 us, TACOS takes 103 us,
// and Z3 proves 102 us infeasible (every schedule takes whole microseconds
// here).
topo.network @het {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 1 <-> 2 link(25 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
  topo.link 3 <-> 0 link(100 GBps, 1 us)
  topo.link 0 <-> 2 link(50 GBps, 1 us)
}
coll.broadcast @bc_het on @het root(1) size(4 MB) chunks(2)
// Z3 finds the 168 us All-to-All (the load bound) that TACOS misses (189 us).
coll.all_to_all @a2a_ring8 on @ring8 size(8 MB)

// CHECK-DAG: coll.algorithm @ag_ring4 {{.*}} time(42 us) attributes {coll.exact_optimal = true, coll.exact_proof = "equals the discrete lower bound", coll.verified}
// CHECK-DAG: coll.algorithm @ag_ring8 {{.*}} time(84 us) attributes {coll.exact_optimal = true, {{.*}}coll.verified}
// CHECK-DAG: coll.algorithm @ag_uni {{.*}} time(63 us) attributes {coll.exact_optimal = true, {{.*}}coll.verified}
// CHECK-DAG: coll.algorithm @ag_dgx1 {{.*}} time(80.6 us) attributes {coll.exact_optimal = true, {{.*}}coll.verified}
// CHECK-DAG: coll.algorithm @ag_dgx1_6 {{.*}} time(282.1 us) attributes {coll.exact_optimal = true, coll.exact_proof = "equals the discrete lower bound", coll.verified}
// CHECK-DAG: coll.algorithm @bc_het {{.*}} time(103 us) attributes {coll.exact_infeasible_time = 102000000 : i64, coll.exact_optimal = true, coll.exact_proof = "no schedule finishes by 102 us (Z3), and schedules take multiples of 1 us", coll.verified}
// CHECK-DAG: coll.algorithm @a2a_ring8 {{.*}} time(168 us) attributes {coll.exact_optimal = true, coll.exact_proof = "equals the load lower bound", coll.verified}

// REMARK-DAG: remark: exact: optimal, equals the discrete lower bound (first found after {{[0-9.]+}} ms, searched {{[0-9.]+}} ms, Z3 used 0 resource units)
// REMARK-DAG: remark: exact: optimal, no schedule finishes by 102 us (Z3), and schedules take multiples of 1 us (first found after {{[0-9.]+}} ms, searched {{[0-9.]+}} ms, Z3 used {{[0-9]+}} resource units)
// REMARK-NOT: warning

// Stopped by the resource budget: TACOS's schedule and the gap, no error;
// the proof, an attribute and a warning say which limit stopped it (the
// same on every machine) and how to raise it.
// WARN: warning: exact: not proved optimal, gap: the optimum lies in [168 us (load lower bound), 189 us]; the resource budget rlimit=1000000 ran out; raise rlimit= (0: no limit) (first found after {{[0-9.]+}} ms, searched {{[0-9.]+}} ms, Z3 used 1000000 resource units)
// WARN-NEXT: coll.all_to_all @a2a_ring8
// LIMIT: coll.algorithm @bc_het {{.*}} time(103 us) attributes {coll.exact_infeasible_time = 101000000 : i64, coll.exact_optimal = false, coll.exact_proof = "gap: the optimum lies in (101 us (no schedule finishes by it, Z3), 103 us]; the resource budget rlimit=1000000 ran out; raise rlimit= (0: no limit)", coll.exact_stopped_by = "rlimit", coll.verified}
// LIMIT: coll.algorithm @a2a_ring8 {{.*}} time(189 us) attributes {coll.exact_optimal = false, coll.exact_proof = "gap: the optimum lies in [168 us (load lower bound), 189 us]; the resource budget rlimit=1000000 ran out; raise rlimit= (0: no limit)", coll.exact_stopped_by = "rlimit", coll.verified}

// The exact schedule's time is certified by the discrete bound where it
// equals it; `time / exact` compares the greedy's time with it.
// GAP-LABEL: algorithm @ag_ring4
// GAP: certificate optimal: equals the discrete lower bound (42.000 us)
// GAP: exact 42.000 us (optimal: equals the discrete lower bound; time / exact 1.0000)
// GAP-LABEL: algorithm @ag_dgx1
// GAP: exact 80.600 us (optimal: equals the discrete lower bound; time / exact 1.0000)
// GAP-LABEL: algorithm @bc_het
// GAP: exact 103.000 us (optimal: no schedule finishes by 102 us (Z3), and schedules take multiples of 1 us; time / exact 1.0000)
// GAP-LABEL: algorithm @a2a_ring8
// GAP: exact 168.000 us (optimal: equals the load lower bound; time / exact 1.1250)
