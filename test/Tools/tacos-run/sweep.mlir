// --sweep: every algorithm at every size of MIN, MIN*F, ... MAX, compiled
// once and run in one launch (the functions take the element count at run
// time), each size checked element by element, in the table's rows.
// REQUIRES: mpi
// RUN: tacos-run %s -np 4 --sweep 1KiB:16KiB:x4 --iters 1 --baseline=false | FileCheck %s
// CHECK: @ag all_gather 4 256 f32 {{.*}} ok
// CHECK-NEXT: @ag all_gather 4 1024 f32 {{.*}} ok
// CHECK-NEXT: @ag all_gather 4 4096 f32 {{.*}} ok
// CHECK-NEXT: @ar all_reduce 4 256 f32 {{.*}} ok
// CHECK-NEXT: @ar all_reduce 4 1024 f32 {{.*}} ok
// CHECK-NEXT: @ar all_reduce 4 4096 f32 {{.*}} ok
// CHECK-NOT: FAIL

// A MAX between two steps ends the sweep at the last step below it.
// RUN: tacos-run %s -np 4 --sweep 4KB:20KB:x2 --iters 1 --baseline=false --algorithm @ag | FileCheck %s --check-prefix=STEPS
// STEPS: @ag all_gather 4 1000 f32
// STEPS-NEXT: @ag all_gather 4 2000 f32
// STEPS-NEXT: @ag all_gather 4 4000 f32
// STEPS-NOT: @ag

// Errors, before anything is compiled.
// RUN: not tacos-run %s -np 4 --mpirun true --sweep 1KiB:1MiB 2>&1 | FileCheck %s --check-prefix=FORM
// FORM: tacos-run: error: --sweep 1KiB:1MiB: expected MIN:MAX:xF with sizes such as 1KiB and a whole factor F of at least 2
// RUN: not tacos-run %s -np 4 --mpirun true --sweep 1KiB:1MiB:x1 2>&1 | FileCheck %s --check-prefix=FORM1
// FORM1: tacos-run: error: --sweep 1KiB:1MiB:x1: expected MIN:MAX:xF
// RUN: not tacos-run %s -np 4 --mpirun true --sweep 1MiB:1KiB:x4 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: tacos-run: error: --sweep 1MiB:1KiB:x4: MIN must be positive and at most MAX
// RUN: not tacos-run %s -np 4 --mpirun true --sweep 1parsec:1MiB:x4 2>&1 | FileCheck %s --check-prefix=UNIT
// UNIT: tacos-run: error: --sweep 1parsec:1MiB:x4: {{.+}}
// RUN: not tacos-run %s -np 4 --mpirun true --sweep 1KiB:1MiB:x4 --elements 8 2>&1 | FileCheck %s --check-prefix=ELEMENTS
// ELEMENTS: tacos-run: error: --sweep 1KiB:1MiB:x4: --elements fixes one count; pass one of them

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 KB) chunks(1)
coll.all_reduce @ar on @ring4 size(4 KB) chunks(1)
