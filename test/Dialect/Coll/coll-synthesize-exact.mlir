// Exact (Z3) synthesis: fewest steps, then fewest rounds, on small networks;
// the results verify, and the report gives the greedy's optimality gap and
// what is proved of the exact time.
// RUN: tacos-opt %s --coll-synthesize="algorithm=exact time-limit-ms=120000" --coll-verify | FileCheck %s
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

// CHECK-DAG: coll.algorithm @ag_ring4 {{.*}} time(42 us) attributes {coll.exact_rounds = 2 : i64, coll.exact_steps = 2 : i64, coll.verified}
// CHECK-DAG: coll.algorithm @ag_ring8 {{.*}} attributes {coll.exact_rounds = 4 : i64, coll.exact_steps = 4 : i64, coll.verified}
// CHECK-DAG: coll.algorithm @ag_uni {{.*}} time(63 us) attributes {coll.exact_rounds = 3 : i64, coll.exact_steps = 3 : i64, coll.verified}
// SCCL: a DGX-1 All-Gather needs at least 2 steps.
// CHECK-DAG: coll.algorithm @ag_dgx1 {{.*}} attributes {coll.exact_rounds = {{[0-9]+}} : i64, coll.exact_steps = 2 : i64, coll.verified}

// The exact schedule's time is certified by the discrete bound where it
// equals it; `time / exact` compares the greedy's time with it.
// GAP-LABEL: algorithm @ag_ring4
// GAP: certificate optimal: equals the discrete lower bound (42.000 us)
// GAP: exact 42.000 us (optimal: equals the discrete lower bound (42.000 us); 2 steps, 2 rounds; time / exact 1.0000)
// GAP-LABEL: algorithm @ag_dgx1
// GAP: exact {{.*}} ({{.*}}; 2 steps, {{[0-9]+}} rounds; time / exact {{[0-9.]+}})
