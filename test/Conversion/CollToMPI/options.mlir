// Every option of convert-coll-to-mpi, on the 2-rank All-Reduce.
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=element-type=f64 | FileCheck %s --check-prefix=F64
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=element-type=i32 | FileCheck %s --check-prefix=I32
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=element-type=i64 | FileCheck %s --check-prefix=I64
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=element-type=f16 | FileCheck %s --check-prefix=F16
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=element-type=bf16 | FileCheck %s --check-prefix=BF16
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=reduction=max | FileCheck %s --check-prefix=MAXF
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=reduction=min | FileCheck %s --check-prefix=MINF
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi="element-type=i32 reduction=max" | FileCheck %s --check-prefix=MAXI
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi="element-type=i64 reduction=min" | FileCheck %s --check-prefix=MINI
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=symbol=tacos_allreduce | FileCheck %s --check-prefix=SYMBOL
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=tag=32767 | FileCheck %s --check-prefix=TAG
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=mpi=mpich | FileCheck %s --check-prefix=MPICH
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=form=unrolled | FileCheck %s --check-prefix=UNROLLED
// RUN: tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=form=table | FileCheck %s --check-prefix=TABLE
// RUN: tacos-opt %s --split-input-file --convert-coll-to-mpi | FileCheck %s
// RUN: tacos-opt %s --split-input-file --convert-coll-to-mpi=tag=100 | FileCheck %s --check-prefix=TAG100

// F64: func.func @ar(%{{.*}}: memref<?xf64>, %{{.*}}: memref<?xf64>, %{{.*}}: index) -> i32
// F64: arith.addf %{{.*}}, %{{.*}} : f64
// I32: func.func @ar(%{{.*}}: memref<?xi32>, %{{.*}}: memref<?xi32>, %{{.*}}: index) -> i32
// I32: arith.addi %{{.*}}, %{{.*}} : i32
// The in-place check compares byte addresses: 8 bytes per i64.
// I64: func.func @ar(%{{.*}}: memref<?xi64>, %{{.*}}: memref<?xi64>, %{{.*}}: index) -> i32
// I64-DAG: %[[C8:.*]] = arith.constant 8 : index
// I64: %{{.*}}, %[[OFFSET:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata
// I64-NEXT: memref.extract_aligned_pointer_as_index
// I64-NEXT: arith.muli %[[OFFSET]], %[[C8]] : index
// I64: arith.addi %{{.*}}, %{{.*}} : i64
// F16: func.func @ar(%{{.*}}: memref<?xf16>, %{{.*}}: memref<?xf16>, %{{.*}}: index) -> i32
// F16: arith.addf %{{.*}}, %{{.*}} : f16
// BF16: func.func @ar(%{{.*}}: memref<?xbf16>, %{{.*}}: memref<?xbf16>, %{{.*}}: index) -> i32
// BF16: arith.addf %{{.*}}, %{{.*}} : bf16
// MAXF: arith.maximumf %{{.*}}, %{{.*}} : f32
// MINF: arith.minimumf %{{.*}}, %{{.*}} : f32
// MAXI: arith.maxsi %{{.*}}, %{{.*}} : i32
// MINI: arith.minsi %{{.*}}, %{{.*}} : i64

// SYMBOL-NOT: func.func @ar(
// SYMBOL: func.func @tacos_allreduce(
// SYMBOL-NOT: func.func @ar(

// TAG: %[[TAG:.*]] = arith.constant 32767 : i32
// TAG: mpi.isend(%{{.*}}, %[[TAG]], %{{.*}}, %{{.*}})
// TAG: mpi.irecv(%{{.*}}, %[[TAG]], %{{.*}}, %{{.*}})

// MPICH: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}

// UNROLLED-NOT: memref.global
// UNROLLED: scf.index_switch
// UNROLLED: case 0
// UNROLLED: case 1
// TABLE: memref.global "private" constant @ar_steps

// Two algorithms: the i-th carries tag + i (default tag 0). The network a
// request still uses stays; the one only the algorithms used goes.
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
topo.network @other { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @first all_gather on @pair size(8 B) time(1.00008 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
}
coll.algorithm @second all_gather on @pair size(8 B) time(1.00008 us) {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
}
coll.all_gather @later on @other size(8 B)

// CHECK-NOT: topo.network @pair
// CHECK: topo.network @other
// CHECK-LABEL: func.func @first(
// CHECK: %[[T0:.*]] = arith.constant 0 : i32
// CHECK: mpi.isend(%{{.*}}, %[[T0]],
// CHECK-LABEL: func.func @second(
// CHECK: %[[T1:.*]] = arith.constant 1 : i32
// CHECK: mpi.isend(%{{.*}}, %[[T1]],
// CHECK: coll.all_gather @later on @other
// TAG100-LABEL: func.func @first(
// TAG100: %[[T0:.*]] = arith.constant 100 : i32
// TAG100: mpi.isend(%{{.*}}, %[[T0]],
// TAG100-LABEL: func.func @second(
// TAG100: %[[T1:.*]] = arith.constant 101 : i32
// TAG100: mpi.isend(%{{.*}}, %[[T1]],

// -----

// A module that names its MPI already keeps it.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH", "other" = 1 : i32>} {
  topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
  coll.algorithm @ag all_gather on @pair size(8 B) time(1.00008 us) {
    coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
    coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
  }
}
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH", "other" = 1 : i32>}

// -----

// Other DLTI entries are kept, and Open MPI added.
module attributes {dlti.map = #dlti.map<"other" = 1 : i32>} {
  topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
  coll.algorithm @ag all_gather on @pair size(8 B) time(1.00008 us) {
    coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
    coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
  }
}
// CHECK: module attributes {dlti.map = #dlti.map<"other" = 1 : i32, "MPI:Implementation" = "OpenMPI">}

// -----

// All-to-All: return code 3 when E is not a multiple of the 2 participants.
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @a2a all_to_all on @pair size(8 B) time(1.00008 us) {
  coll.transfer copy 2 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 1 over 0 -> 1 at [0, 1000080]
}
// CHECK-LABEL: func.func @a2a(
// CHECK-SAME: %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[E:.*]]: index)
// CHECK-DAG: %[[C3I:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[REST:.*]] = arith.remui %[[E]], %[[C2]] : index
// CHECK: %[[UNEVEN:.*]] = arith.cmpi ne, %[[REST]], %{{.*}} : index
// CHECK: scf.if %[[UNEVEN]] -> (i32) {
// CHECK-NEXT: scf.yield %[[C3I]] : i32

// -----

// Broadcast from rank 1: rank 0 needs no `in` (length 0), rank 1 needs E.
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
coll.algorithm @bc broadcast on @pair root(1) size(8 B) time(1.00016 us) {
  coll.transfer copy 0 over 1 -> 0 at [0, 1000160]
}
// CHECK-LABEL: func.func @bc(
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<?xf32>, %[[OUT:[a-z0-9]+]]: memref<?xf32>, %[[E:[a-z0-9]+]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: case 0 {
// CHECK: %[[LEN:.*]] = memref.dim %[[IN]], %[[C0]]
// CHECK: arith.cmpi ult, %[[LEN]], %[[C0]] : index
// CHECK: mpi.irecv
// CHECK-NOT: mpi.isend
// CHECK: case 1 {
// CHECK: %[[LEN1:.*]] = memref.dim %[[IN]], %[[C0]]
// CHECK: arith.cmpi ult, %[[LEN1]], %[[E]] : index
// CHECK: mpi.isend
