// SCCL's Pareto frontier (algorithm=exact frontier=true): one verified
// algorithm per (steps, rounds, chunks) point, named after it, in place of
// the request.
// The points verify and simulate to the times written.
// RUN: tacos-opt %s --coll-synthesize="algorithm=exact frontier=true max-chunks=6" --coll-simulate --coll-verify | FileCheck %s
// Issue 25: a search ends at Z3's resource budget (rlimit=), counted the
// same on every machine however busy, never at the wall clock's safety net
// (none here). 10^6 units settle 2 steps of the DGX-1 but not the (3, 7, 6)
// point: the frontier is incomplete, a warning says which limit, the option
// and what is undecided, and every point carries it.
// RUN: tacos-opt %s --coll-synthesize="algorithm=exact frontier=true max-chunks=6 rlimit=1000000 time-limit-ms=0" -o %t.budget.mlir 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --check-prefix=BUDGET < %t.budget.mlir
// The same budget again: the same result, whatever the machine's load.
// RUN: tacos-opt %s --coll-synthesize="algorithm=exact frontier=true max-chunks=6 rlimit=1000000 time-limit-ms=0" -o %t.again.mlir 2>/dev/null
// RUN: diff %t.budget.mlir %t.again.mlir
// REQUIRES: z3

// NVIDIA DGX-1 as in examples/networks.mlir: NVLink bundles are parallel links.
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
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
topo.network @uni4 { topo.dims [ring(4, uni) link(50 GBps, 1 us)] }

// WARN: frontier.mlir:[[@LINE+1]]:1: warning: frontier: incomplete after 1 point: the resource budget rlimit=1000000 ran out; raise rlimit= (0: no limit); undecided (steps, rounds, chunks): s3_r7_c6, s3_r6_c5, s3_r5_c4, s3_r4_c3, s3_r8_c6, s3_r7_c5; steps 4 to 16 not searched (Z3 used 1000000 resource units, searched {{[0-9.]+}} ms)
coll.all_gather @ag on @dgx1 size(48 MB)
// WARN: frontier.mlir:[[@LINE+1]]:1: remark: frontier: 1 point, complete (stopped at the bandwidth bound; Z3 used {{[0-9]+}} resource units
coll.all_gather @ring on @ring4 size(4 MB) chunks(3)
// WARN: frontier.mlir:[[@LINE+1]]:1: remark: frontier: 6 points, complete (stopped at max-chunks; Z3 used {{[0-9]+}} resource units
coll.broadcast @bc on @uni4 root(0) size(4 MB)
// WARN-NOT: warning

// BUDGET-LABEL: coll.algorithm @ag_s2_r3_c2 all_gather on @dgx1 size(48 MB) chunks(2) time(360.9 us)
// BUDGET-SAME: coll.frontier_incomplete = {stopped_by = "rlimit", undecided = ["s3_r7_c6", "s3_r6_c5", "s3_r5_c4", "s3_r4_c3", "s3_r8_c6", "s3_r7_c5"], unsearched_steps = array<i64: 4, 16>}
// BUDGET-SAME: proved = true
// BUDGET-NOT: coll.algorithm @ag_
// BUDGET-LABEL: coll.algorithm @ring_s2_r3_c2
// BUDGET-NOT: frontier_incomplete

// SCCL's published DGX-1 All-Gather frontier (msccl-tools SYNTHESIS.md):
// least steps 2; Pareto points (2 steps, 3 rounds, 2 chunks) and
// (3, 7, 6), the latter bandwidth-optimal (7/6 rounds per chunk). Its cost
// S * 0.3 us + R * 1 MB / 25 GBps = 280.9 us; simulated: 7 rounds of
// 0.3 + 40 us = 282.1 us, the link model's lower bound.
// CHECK-NOT: coll.all_gather @ag
// CHECK-LABEL: coll.algorithm @ag_s2_r3_c2 all_gather on @dgx1 size(48 MB) chunks(2) time(360.9 us)
// CHECK-SAME: coll.exact_chunks = 2 : i64, coll.exact_rounds = 3 : i64, coll.exact_steps = 2 : i64
// CHECK-SAME: coll.sccl_cost = {alpha_ps = 600000 : i64, beta_ps = 360000000 : i64, proved = true}
// CHECK-SAME: coll.verified
// CHECK-NOT: coll.algorithm @ag_s2
// CHECK-LABEL: coll.algorithm @ag_s3_r7_c6 all_gather on @dgx1 size(48 MB) chunks(6) time(282.1 us)
// CHECK-SAME: coll.exact_chunks = 6 : i64, coll.exact_rounds = 7 : i64, coll.exact_steps = 3 : i64
// CHECK-SAME: coll.sccl_cost = {alpha_ps = 900000 : i64, beta_ps = 280000000 : i64, proved = true}
// CHECK-SAME: coll.verified
// CHECK-NOT: coll.algorithm @ag_

// A bidirectional ring of 4 reaches both bounds (2 steps, 3/2 rounds per
// chunk) at once: one point, whatever the request's own chunks.
// CHECK-LABEL: coll.algorithm @ring_s2_r3_c2 all_gather on @ring4 size(4 MB) chunks(2)
// CHECK-SAME: coll.sccl_cost = {alpha_ps = 2000000 : i64, beta_ps = 30000000 : i64, proved = true}
// CHECK-SAME: coll.verified
// CHECK-NOT: coll.algorithm @ring_

// A Broadcast on a one-way ring of 4 pipelines C chunks in C + 2 steps and
// rounds: each extra step buys a smaller R/C, towards the bound 1 that no
// C <= 6 reaches (R >= S), so the search stops after C = 6.
// CHECK-LABEL: coll.algorithm @bc_s3_r3_c1 broadcast on @uni4 root(0) size(4 MB) time(243 us)
// CHECK-LABEL: coll.algorithm @bc_s4_r4_c2
// CHECK-LABEL: coll.algorithm @bc_s5_r5_c3
// CHECK-LABEL: coll.algorithm @bc_s6_r6_c4
// CHECK-LABEL: coll.algorithm @bc_s7_r7_c5
// CHECK-LABEL: coll.algorithm @bc_s8_r8_c6 broadcast on @uni4 root(0) size(4 MB) chunks(6) time(114.6 us + 66.68 ns)
// CHECK-SAME: coll.verified
// CHECK-NOT: coll.algorithm
