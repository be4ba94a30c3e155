// convert-coll-to-mpi estimates what lowering an algorithm takes (its
// plan and its steps, in a table or unrolled) and refuses, on the
// algorithm, what does not fit in max-memory= (docs/ResourceLimits.md).
// RUN: not tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi="max-memory=1KB" 2>&1 | FileCheck %s
// CHECK: pair-ar.mlir:2:1: error: convert-coll-to-mpi: @ar: lowering the algorithm to MPI needs about 4 MB of memory, more than max-memory=1 KB; raise max-memory=
// RUN: not tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi="form=unrolled max-memory=1KB" 2>&1 | FileCheck %s --check-prefix=UNROLLED
// UNROLLED: pair-ar.mlir:2:1: error: convert-coll-to-mpi: @ar: lowering the algorithm to MPI needs about {{[0-9.]+}} MB of memory, more than max-memory=1 KB; use form=table, or raise max-memory=
// Within the limit, nothing changes.
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi="max-memory=1GB" | FileCheck %s --check-prefix=OK
// OK: func.func @ar(
