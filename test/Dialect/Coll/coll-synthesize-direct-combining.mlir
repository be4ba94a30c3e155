// Direct builds combining collectives on a fully connected network (its
// All-Gather is a tree there: every chunk goes straight to each NPU).
// RUN: tacos-opt %s --coll-synthesize=algorithm=direct --coll-verify | FileCheck %s

topo.network @full { topo.dims [fully_connected(4) link(50 GBps, 1 us)] }

coll.reduce @rd on @full root(2) size(4 MB)
coll.all_reduce @ar on @full size(4 MB)
coll.reduce_scatter @rs on @full size(4 MB)

// CHECK-LABEL: coll.algorithm @rd reduce on @full root(2) size(4 MB) {{.*}} attributes {coll.verified} {
// CHECK: coll.transfer reduce
// One step of 1 us + 1 MB / 50 GB/s per phase.
// CHECK-LABEL: coll.algorithm @ar all_reduce on @full size(4 MB) time(42 us) attributes {{{.*}}coll.verified} {
// CHECK-LABEL: coll.algorithm @rs reduce_scatter on @full size(4 MB) time(21 us) attributes {coll.verified} {
