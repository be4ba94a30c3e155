// coll-repair on combining collectives (repaired through their duals) and
// on packed algorithms; drop= adds the failed link to the network.
// RUN: tacos-opt %s --coll-synthesize="algorithm=tacos materialize=packed" --coll-repair=drop=4-5 --coll-verify --coll-simulate --coll-verify 2>&1 | FileCheck %s --check-prefix=PACKED
// RUN: tacos-opt %s --coll-synthesize=algorithm=tacos --coll-repair="drop=4-5 compact=true" --coll-verify 2>&1 | FileCheck %s --check-prefix=COMPACT

// PACKED: remark: coll-repair: @ar: kept
// PACKED-SAME: after dropping 4 <-> 5
// Small repairs are compacted: the reduction's slack is gone and the
// Reduce-Scatter is as fast as before the failure.
// PACKED: remark: coll-repair: @rs: kept 66 of 72 transfers, added 6 for 6 lost deliveries; time 60093750 ps -> 60093750 ps
// PACKED: topo.network @torus {
// PACKED: topo.drop 4 <-> 5
// PACKED: coll.algorithm @ar all_reduce on @torus {{.*}} packed({{.*}}) attributes {coll.verified}
// PACKED: coll.algorithm @rs reduce_scatter on @torus {{.*}} packed({{.*}}) attributes {coll.verified}
// COMPACT: coll.algorithm @ar all_reduce on @torus {{.*}} attributes {coll.verified} {
// COMPACT: coll.algorithm @rs reduce_scatter on @torus {{.*}} attributes {coll.verified} {
topo.network @torus { topo.dims [ring(3) link(50 GiBps, 0.5 us), ring(3) link(50 GiBps, 0.5 us)] }
coll.all_reduce @ar on @torus size(9 MiB) chunks(2)
coll.reduce_scatter @rs on @torus size(9 MiB)
