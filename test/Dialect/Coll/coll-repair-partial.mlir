// One algorithm that cannot be repaired does not stop coll-repair from
// repairing the others: each failure is an error at its algorithm, the
// others are repaired (their remarks), and the pass fails (exit code 1)
// with an error naming every algorithm it left as it was.
// RUN: not tacos-opt %s --coll-synthesize --coll-repair=drop=0-1,2-3 2>&1 | FileCheck %s

// @all needs npu 3, which only 2 <-> 3 joined; @tri (npus 0, 1 and 2)
// reroutes 0 <-> 1 through 2.
// CHECK: error: coll-repair: @all: npu {{[0-9]}} cannot reach npu {{[0-9]}} after dropping
// CHECK: remark: coll-repair: @tri: kept
// CHECK-SAME: after dropping 0 <-> 1
// CHECK: error: coll-repair: left 1 of 2 algorithms as they were: @all
topo.network @net {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 1 <-> 2 link(50 GBps, 1 us)
  topo.link 2 <-> 0 link(50 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
}
coll.all_gather @all on @net size(4 MB)
coll.all_reduce @tri on @net group [0, 1, 2] size(3 MB)
