// The project's mpi patterns for the MPICH ABI, the default when the module
// names no "MPI:Implementation": handles are ints (MPI_Request i32, the
// communicator upstream's i64 truncated, datatypes mpi.h's constants) and
// MPI_STATUS_IGNORE is (MPI_Status *)1.
// Upstream's patterns report every failed DLTI query as an error: the pass
// writes the default into the module first, so there are none.
// RUN: tacos-opt --convert-mpi-program-to-llvm --split-input-file %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error

// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}

// CHECK-DAG: llvm.func @MPI_Isend(!llvm.ptr, i32, i32, i32, i32, i32, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Irecv(!llvm.ptr, i32, i32, i32, i32, i32, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Wait(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Comm_size(i32, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Barrier(i32) -> i32

// CHECK-LABEL: llvm.func @isend(
// CHECK-SAME: %[[TAG:[^:]*]]: i32, %[[PEER:[^:]*]]: i32) -> i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x i32
// MPI_COMM_WORLD = 0x44000000
// CHECK: %[[WORLD:.*]] = llvm.mlir.constant(1140850688 : i64) : i64
// CHECK: %[[PTR:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[COUNT:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
// MPI_FLOAT = 0x4c00040a
// CHECK: %[[TYPE:.*]] = llvm.mlir.constant(1275069450 : i32) : i32
// CHECK: %[[COMM:.*]] = llvm.trunc %[[WORLD]] : i64 to i32
// CHECK: llvm.call @MPI_Isend(%[[PTR]], %[[COUNT]], %[[TYPE]], %[[PEER]], %[[TAG]], %[[COMM]], %[[SLOT]])
// CHECK-NEXT: %[[REQ:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i32
// CHECK-NEXT: llvm.return %[[REQ]] : i32
func.func @isend(%buf: memref<?xf32, strided<[1], offset: ?>>, %tag: i32,
                 %peer: i32) -> !mpi.request {
  %comm = mpi.comm_world : !mpi.comm
  %req = mpi.isend(%buf, %tag, %peer, %comm)
      : memref<?xf32, strided<[1], offset: ?>>, i32, i32 -> !mpi.request
  return %req : !mpi.request
}

// CHECK-LABEL: llvm.func @irecv(
// CHECK-SAME: %[[TAG:[^:]*]]: i32, %[[PEER:[^:]*]]: i32) -> i32
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: llvm.call @MPI_Irecv(%{{.*}}, %{{.*}}, %{{.*}}, %[[PEER]], %[[TAG]], %{{.*}}, %[[SLOT]])
// CHECK-NEXT: llvm.load %[[SLOT]] : !llvm.ptr -> i32
func.func @irecv(%buf: memref<?xf32>, %tag: i32, %peer: i32) -> !mpi.request {
  %comm = mpi.comm_world : !mpi.comm
  %req = mpi.irecv(%buf, %tag, %peer, %comm)
      : memref<?xf32>, i32, i32 -> !mpi.request
  return %req : !mpi.request
}

// CHECK-LABEL: llvm.func @wait(
// CHECK-SAME: %[[REQ:.*]]: i32)
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i32
// CHECK-NEXT: llvm.store %[[REQ]], %[[SLOT]] : i32, !llvm.ptr
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[IGNORE:.*]] = llvm.inttoptr %[[ONE]] : i64 to !llvm.ptr
// CHECK-NEXT: llvm.call @MPI_Wait(%[[SLOT]], %[[IGNORE]])
func.func @wait(%req: !mpi.request) {
  mpi.wait(%req) : !mpi.request
  return
}

// CHECK-LABEL: llvm.func @size_and_barrier(
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: %[[COMM:.*]] = llvm.trunc %{{.*}} : i64 to i32
// CHECK: llvm.call @MPI_Comm_size(%[[COMM]], %[[SLOT]])
// CHECK: llvm.call @MPI_Barrier(%{{.*}}) : (i32) -> i32
func.func @size_and_barrier() -> i32 {
  %comm = mpi.comm_world : !mpi.comm
  %size = mpi.comm_size(%comm) : i32
  mpi.barrier(%comm)
  return %size : i32
}

// MPICH's communicator is an int, carried as upstream's i64.
// CHECK-LABEL: llvm.func @split(
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i32
// CHECK: llvm.call @MPI_Comm_split(%{{.*}}, %{{.*}}, %{{.*}}, %[[SLOT]])
// CHECK-NEXT: %[[NEW:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[AS_I64:.*]] = llvm.sext %[[NEW]] : i32 to i64
// CHECK-NEXT: llvm.return %[[AS_I64]] : i64
func.func @split(%color: i32, %key: i32) -> !mpi.comm {
  %world = mpi.comm_world : !mpi.comm
  %comm = mpi.comm_split(%world, %color, %key) : !mpi.comm
  return %comm : !mpi.comm
}

// A request carried through a block argument and started as ub.poison is
// an i32 everywhere.
// CHECK-LABEL: llvm.func @carried(
// CHECK: %[[NONE:.*]] = llvm.mlir.poison : i32
// CHECK: llvm.cond_br %{{.*}}, ^[[NEXT:.*]](%[[NONE]] : i32)
// CHECK: ^[[NEXT]](%[[PENDING:.*]]: i32):
// CHECK: llvm.store %[[PENDING]]
func.func @carried(%buf: memref<?xf32>, %first: i1) {
  %comm = mpi.comm_world : !mpi.comm
  %c0 = arith.constant 0 : i32
  %none = ub.poison : !mpi.request
  cf.cond_br %first, ^wait(%none : !mpi.request), ^send
^send:
  %req = mpi.isend(%buf, %c0, %c0, %comm) : memref<?xf32>, i32, i32 -> !mpi.request
  cf.br ^wait(%req : !mpi.request)
^wait(%pending: !mpi.request):
  mpi.wait(%pending) : !mpi.request
  return
}

// -----

// Every element type's MPICH constant (mpi.h: MPI_DOUBLE 0x4c00080b,
// MPI_INT32_T 0x4c000439, MPI_INT64_T 0x4c00083a, MPI_UINT16_T 0x4c00023c
// for f16 and bf16, MPI_INT8_T 0x4c000137, MPI_UINT64_T 0x4c00083e).
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  // CHECK-LABEL: llvm.func @types(
  // CHECK: llvm.mlir.constant(1275070475 : i32)
  // CHECK: llvm.mlir.constant(1275069497 : i32)
  // CHECK: llvm.mlir.constant(1275070522 : i32)
  // CHECK: llvm.mlir.constant(1275068988 : i32)
  // CHECK: llvm.mlir.constant(1275068988 : i32)
  // CHECK: llvm.mlir.constant(1275068727 : i32)
  // CHECK: llvm.mlir.constant(1275070526 : i32)
  func.func @types(%f64: memref<?xf64>, %i32: memref<?xi32>,
                   %i64: memref<?xi64>, %f16: memref<?xf16>,
                   %bf16: memref<?xbf16>, %i8: memref<?xi8>,
                   %u64: memref<?xui64>) {
    %comm = mpi.comm_world : !mpi.comm
    %c0 = arith.constant 0 : i32
    %r0 = mpi.isend(%f64, %c0, %c0, %comm) : memref<?xf64>, i32, i32 -> !mpi.request
    %r1 = mpi.isend(%i32, %c0, %c0, %comm) : memref<?xi32>, i32, i32 -> !mpi.request
    %r2 = mpi.isend(%i64, %c0, %c0, %comm) : memref<?xi64>, i32, i32 -> !mpi.request
    %r3 = mpi.irecv(%f16, %c0, %c0, %comm) : memref<?xf16>, i32, i32 -> !mpi.request
    %r4 = mpi.irecv(%bf16, %c0, %c0, %comm) : memref<?xbf16>, i32, i32 -> !mpi.request
    %r5 = mpi.irecv(%i8, %c0, %c0, %comm) : memref<?xi8>, i32, i32 -> !mpi.request
    %r6 = mpi.irecv(%u64, %c0, %c0, %comm) : memref<?xui64>, i32, i32 -> !mpi.request
    return
  }
}
