// The simulator reproduces every baseline's times, combining collectives
// included (each baseline builds them itself, folding relayed reductions
// into trees), on networks where each baseline applies: a torus (a ring
// cycle both ways; nodes and rails for hierarchical), a group on it, a
// one-way ring of nodes, and a mesh whose rings relay.
// RUN: tacos-opt %s --coll-synthesize=algorithm=ring > %t.ring
// RUN: tacos-opt %t.ring --coll-simulate | diff %t.ring -
// RUN: tacos-opt %s --coll-synthesize=algorithm=direct > %t.direct
// RUN: tacos-opt %t.direct --coll-simulate | diff %t.direct -
// RUN: tacos-opt %s --coll-synthesize=algorithm=rhd > %t.rhd
// RUN: tacos-opt %t.rhd --coll-simulate | diff %t.rhd -
// RUN: tacos-opt %s --coll-synthesize="algorithm=dbt latency=pipelined" > %t.dbt
// RUN: tacos-opt %t.dbt --coll-simulate | diff %t.dbt -
// RUN: tacos-opt %s --coll-synthesize=algorithm=hierarchical > %t.hier
// RUN: tacos-opt %t.hier --coll-simulate | diff %t.hier -
// RUN: tacos-opt %t.hier --coll-verify | FileCheck %s

// CHECK: coll.algorithm @rs reduce_scatter {{.*}} attributes {coll.verified}
// CHECK: coll.algorithm @ar all_reduce {{.*}} coll.verified}
// CHECK: coll.algorithm @r reduce {{.*}} attributes {coll.verified}
// CHECK: coll.algorithm @ar_group all_reduce {{.*}} coll.verified}
// CHECK: coll.algorithm @ar_oneway all_reduce {{.*}} coll.verified}
// CHECK: coll.algorithm @r_oneway reduce {{.*}} attributes {coll.verified}
// CHECK: coll.algorithm @ar_mesh all_reduce {{.*}} coll.verified}
// CHECK: coll.algorithm @rs_mesh reduce_scatter {{.*}} attributes {coll.verified}

topo.network @torus { topo.dims [ring(4) link(50 GiBps, 0.5 us), ring(4) link(25 GiBps, 1 us)] }
coll.reduce_scatter @rs on @torus size(64 MiB) chunks(2)
coll.all_reduce @ar on @torus size(64 MiB) chunks(2)
coll.reduce @r on @torus root(9) size(64 MiB) chunks(4)
coll.all_reduce @ar_group on @torus group [0, 5, 1, 4] size(4 MB)

topo.network @oneway { topo.dims [ring(4, uni) link(50 GBps, 1 us), line(2) link(20 GBps, 2 us)] }
coll.all_reduce @ar_oneway on @oneway size(4 MB) chunks(3)
coll.reduce @r_oneway on @oneway root(3) size(4 MB) chunks(3)

topo.network @mesh { topo.dims [line(4) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us)] }
coll.all_reduce @ar_mesh on @mesh size(8 MB) chunks(2)
coll.reduce_scatter @rs_mesh on @mesh size(8 MB)
