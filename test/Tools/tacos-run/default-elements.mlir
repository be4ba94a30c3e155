// Without --elements, the count is the request's size over the element
// size; where the collective does not accept that count (All-to-All needs a
// multiple of its participants), the run takes the nearest count it
// accepts and says so, located on the algorithm, rather than refusing its
// own default. An explicit --elements is taken as given, or refused.
// REQUIRES: mpi
// RUN: tacos-run %s -np 8 --iters 1 --baseline=false > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: FileCheck %s --check-prefix=TABLE < %t.out
// RUN: not tacos-run %s -np 8 --elements 750001 --mpirun true 2>&1 | FileCheck %s --check-prefix=EXPLICIT

topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }
// REMARK: default-elements.mlir:[[# @LINE+3]]:1: remark: @a2a: size(3000004 B) holds 750001 f32 elements, rounded to 750000, the nearest count the collective accepts (all_to_all needs an element count that is a multiple of its 8 participants, got 750001; --elements sets the count)
// TABLE: @a2a all_to_all 8 750000 f32 {{.*}} ok
// EXPLICIT: default-elements.mlir:[[# @LINE+1]]:1: error: @a2a: all_to_all needs an element count that is a multiple of its 8 participants, got 750001 (--elements)
coll.all_to_all @a2a on @ring8 size(3000004 B)
