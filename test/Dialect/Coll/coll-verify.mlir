// Every synthesized algorithm, of every non-combining collective and network
// family here, passes both verifiers.
// RUN: tacos-opt %s --coll-synthesize="algorithm=tacos trials=2" --coll-verify --coll-verify-smt | FileCheck %s
// RUN: tacos-opt %s --coll-synthesize=algorithm=ring --coll-verify --coll-verify-smt | FileCheck %s
// RUN: tacos-opt %s --coll-synthesize=algorithm=direct --coll-verify | FileCheck %s --check-prefix=DIRECT
// Rewriting the transfers drops the verdict:
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos --coll-verify --coll-simulate | FileCheck %s --check-prefix=STALE
// REQUIRES: z3

topo.network @mesh { topo.dims [line(3) link(50 GiBps, 0.5 us), line(3) link(50 GiBps, 0.5 us)] }
topo.network @torus { topo.dims [ring(3) link(80 GBps, 1 us), ring(2) link(35 GBps, 1 us)] }
topo.network @cube { topo.dims [line(2) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us)] }
topo.network @degraded {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(2) link(50 GBps, 1 us)]
  topo.drop 1 <-> 2
}
topo.network @oneway { topo.dims [ring(5, uni) link(50 GBps, 1 us)] }

coll.all_gather @ag_mesh on @mesh size(9 MB) chunks(2)
coll.all_gather @ag_torus on @torus size(6 MB)
coll.broadcast @bc_cube on @cube root(3) size(4 MB) chunks(3)
coll.scatter @sc_degraded on @degraded root(0) size(8 MB)
coll.gather @ga_degraded on @degraded root(5) size(8 MB)
coll.all_to_all @a2a_cube on @cube size(8 MB)
coll.all_gather @ag_group on @degraded group [0, 2, 5] size(3 MB)
coll.all_gather @ag_oneway on @oneway size(5 MB)

// CHECK-COUNT-8: coll.algorithm {{.*}} attributes {coll.verified, coll.verified_smt} {
// STALE-NOT: coll.verified
// DIRECT-COUNT-8: coll.algorithm {{.*}} attributes {coll.verified} {
