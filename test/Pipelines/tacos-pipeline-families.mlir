// Every network family of the suite, with every collective, through the
// whole pipeline (unwind, decompose, synthesize, verify natively and with
// Z3, report): nothing fails and everything is verified.
// RUN: tacos-opt %s --tacos-pipeline="smt=true trials=2" -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: z3

topo.network @mesh { topo.dims [line(3) link(50 GiBps, 0.5 us), line(2) link(25 GiBps, 0.5 us)] }
topo.network @torus { topo.dims [ring(3) link(50 GBps, 1 us), ring(2) link(50 GBps, 1 us)] }
topo.network @cube { topo.dims [line(2) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us)] }
topo.network @oneway { topo.dims [ring(5, uni) link(50 GBps, 1 us)] }
topo.network @pod { topo.dims [switch(4) link(450 GBps, 0.7 us), switch(2) link(50 GBps, 2 us)] }
topo.network @ringsw { topo.dims [ring(3) link(100 GBps, 1 us), switch(2) link(50 GBps, 2 us)] }
topo.network @explicit {
  topo.npus 5
  topo.link 0 <-> 1 link(25 GBps, 1 us)
  topo.link 1 -> 2 link(25 GBps, 1 us)
  topo.link 2 -> 0 link(25 GBps, 1 us)
  topo.switch @nvs [2, 3, 4] link(100 GBps, 0.5 us)
}
topo.network @degraded {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(2) link(50 GBps, 1 us)]
  topo.drop 1 <-> 2
}

coll.all_reduce @ar_mesh on @mesh size(6 MB)
coll.reduce_scatter @rs_torus on @torus size(6 MB) chunks(2)
coll.all_gather @ag_cube on @cube size(8 MB)
coll.all_reduce @ar_oneway on @oneway size(5 MB)
coll.all_reduce @ar_pod on @pod size(8 MB)
coll.all_to_all @a2a_ringsw on @ringsw size(6 MB)
coll.reduce @rd_explicit on @explicit root(3) size(4 MB) chunks(2)
coll.broadcast @bc_degraded on @degraded root(6) size(4 MB) chunks(2)
coll.all_reduce @tp_degraded on @degraded group [0, 3, 5] size(3 MB)

// CHECK-COUNT-9: (verified, verified by z3)
// CHECK-NOT: error
