// The simulator reproduces synthesized times of combining collectives
// exactly: a partial leaves an NPU once every contribution sent to it has
// arrived, and an All-Reduce's copies leave a chunk's owner once its
// reduction is complete (pipelined phases).
// RUN: tacos-opt %s --coll-synthesize=trials=4 > %t.synth
// RUN: tacos-opt %t.synth --coll-simulate > %t.sim
// RUN: diff %t.synth %t.sim
// RUN: tacos-opt %s --coll-synthesize=latency=pipelined > %t.pipe
// RUN: tacos-opt %t.pipe --coll-simulate | diff %t.pipe -
// RUN: FileCheck %s < %t.sim

// CHECK: coll.algorithm @rs reduce_scatter
// CHECK: coll.algorithm @ar all_reduce
// CHECK: coll.algorithm @ar_group all_reduce
// CHECK: coll.algorithm @r reduce
// CHECK: coll.algorithm @ar_oneway all_reduce
// CHECK: coll.algorithm @r_oneway reduce
// CHECK: coll.algorithm @rs_oneway reduce_scatter

topo.network @torus { topo.dims [ring(4) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us)] }
coll.reduce_scatter @rs on @torus size(64 MiB) chunks(2)
coll.all_reduce @ar on @torus size(64 MiB) chunks(2)
coll.all_reduce @ar_group on @torus group [0, 5, 10, 15] size(4 MB)
coll.reduce @r on @torus root(9) size(64 MiB) chunks(4)

topo.network @oneway {
  topo.npus 4
  topo.link 0 -> 1 link(50 GBps, 1 us)
  topo.link 1 -> 2 link(50 GBps, 1 us)
  topo.link 2 -> 3 link(30 GBps, 1 us)
  topo.link 3 -> 0 link(50 GBps, 1 us)
  topo.link 0 <-> 2 link(10 GBps, 3 us)
}
coll.all_reduce @ar_oneway on @oneway size(4 MB) chunks(3)
coll.reduce @r_oneway on @oneway root(3) size(4 MB) chunks(3)
coll.reduce_scatter @rs_oneway on @oneway size(4 MB)
