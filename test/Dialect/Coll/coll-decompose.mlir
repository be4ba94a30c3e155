// RUN: tacos-opt %s --coll-decompose --coll-verify | FileCheck %s
// RUN: tacos-opt %s --coll-decompose=phases=strict --coll-verify | FileCheck %s --check-prefix=STRICT
// RUN: tacos-opt %s --coll-decompose --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: not tacos-opt %s --coll-decompose=phases=overlapped 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tacos-opt %s --coll-decompose=trials=0 2>&1 | FileCheck %s --check-prefix=TRIALS

topo.network @torus { topo.dims [ring(3) link(50 GBps, 1 us), ring(2) link(20 GBps, 2 us)] }
coll.all_reduce @ar on @torus size(6 MB)
coll.all_gather @ag on @torus size(6 MB)

// One algorithm, reductions first, then copies; other requests untouched.
// CHECK: coll.algorithm @ar all_reduce on @torus size(6 MB) time([[T:.*]]) attributes {coll.strict_phases_time = {{[0-9]+}} : i64, coll.verified} {
// CHECK: coll.transfer reduce
// CHECK: coll.transfer copy
// CHECK-NOT: coll.transfer reduce
// CHECK: }
// CHECK-NEXT: coll.all_gather @ag on @torus size(6 MB)

// STRICT: coll.algorithm @ar all_reduce {{.*}} attributes {coll.strict_phases_time = {{[0-9]+}} : i64, coll.verified} {

// REPORT: algorithm @ar: all_reduce, 6 NPUs
// REPORT: phases pipelined; strict phases would take

// BAD: coll-decompose: unknown phases 'overlapped'; expected pipelined or strict
// TRIALS: coll-decompose: trials must be at least 1, got 0
