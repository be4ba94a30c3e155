// Synthesize, invert, verify; inverting twice gives the original back.
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos --coll-invert --coll-verify | FileCheck %s
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos --coll-materialize=form=ops > %t.synth
// (The transposed network the first inversion adds stays, unused.)
// RUN: tacos-opt %t.synth --coll-invert --coll-invert | sed '/_transposed {/,/^  }/d' | diff %t.synth -
// An algorithm with no inverse is left as it is, with a remark, and does not
// stop the others:
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos --coll-invert -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

topo.network @torus { topo.dims [ring(3) link(50 GBps, 1 us), ring(2) link(20 GBps, 2 us)] }
topo.network @oneway { topo.dims [ring(4, uni) link(50 GBps, 1 us)] }

coll.all_gather @ag on @torus size(6 MB)
coll.broadcast @bc on @torus root(2) size(6 MB) chunks(2)
coll.scatter @sc on @torus root(1) size(6 MB)
coll.all_gather @ag_oneway on @oneway size(4 MB)
coll.all_to_all @a2a on @torus size(6 MB)

// CHECK: topo.network @oneway {
// The inverse of an algorithm on a one-way ring runs on the reversed ring.
// CHECK: topo.network @oneway_transposed {
// CHECK-NEXT: topo.npus 4
// CHECK-NEXT: topo.link 0 -> 3 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 1 -> 0 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 2 -> 1 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 3 -> 2 link(50 GBps, 1 us)
// CHECK: coll.algorithm @ag reduce_scatter on @torus {{.*}} attributes {coll.verified} {
// CHECK-NOT: copy
// CHECK: coll.algorithm @bc reduce on @torus root(2) {{.*}} attributes {coll.verified} {
// CHECK: coll.algorithm @sc gather on @torus root(1) {{.*}} attributes {coll.verified} {
// CHECK-NOT: reduce
// CHECK: coll.algorithm @ag_oneway reduce_scatter on @oneway_transposed {{.*}} attributes {coll.verified} {
// CHECK: coll.algorithm @a2a all_to_all on @torus {{.*}} attributes {coll.verified} {
// REMARK: remark: coll-invert: all_to_all has no inverse; left as it is
