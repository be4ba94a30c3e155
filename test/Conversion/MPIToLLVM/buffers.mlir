// Buffers: a contiguous memref of any rank is one (pointer, count) pair,
// and memref.copy between contiguous 1-D memrefs (the subviews of a
// schedule) is an llvm.memcpy rather than a call of the `memrefCopy`
// runtime function, which a program linked only against MPI lacks.
// RUN: tacos-opt --convert-mpi-program-to-llvm %s | FileCheck %s

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  // Rank 2: count = size0 * size1; rank 0: count 1.
  // CHECK-LABEL: llvm.func @ranks(
  // CHECK: %[[D0:.*]] = llvm.extractvalue %{{.*}}[3, 0]
  // CHECK: %[[D1:.*]] = llvm.extractvalue %{{.*}}[3, 1]
  // CHECK: %[[N:.*]] = llvm.mul %[[D0]], %[[D1]] : i64
  // CHECK: %[[LOW:.*]] = llvm.trunc %[[N]] : i64 to i32
  // CHECK: %[[COUNT:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[LOW]] : i1, i32
  // CHECK: llvm.call @MPI_Isend(%{{.*}}, %[[COUNT]],
  // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK: %[[LOW0:.*]] = llvm.trunc %[[ONE]] : i64 to i32
  // CHECK: %[[COUNT0:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[LOW0]] : i1, i32
  // CHECK: llvm.call @MPI_Irecv(%{{.*}}, %[[COUNT0]],
  func.func @ranks(%matrix: memref<?x?xi32>, %scalar: memref<f64, strided<[], offset: ?>>) {
    %comm = mpi.comm_world : !mpi.comm
    %c0 = arith.constant 0 : i32
    %r0 = mpi.isend(%matrix, %c0, %c0, %comm) : memref<?x?xi32>, i32, i32 -> !mpi.request
    %r1 = mpi.irecv(%scalar, %c0, %c0, %comm) : memref<f64, strided<[], offset: ?>>, i32, i32 -> !mpi.request
    return
  }

  // CHECK-LABEL: llvm.func @copy(
  // CHECK: %[[SIZE:.*]] = llvm.extractvalue %[[SRC:.*]][3, 0]
  // CHECK: %[[BYTES:.*]] = llvm.mul %[[SIZE]], %{{.*}} : i64
  // CHECK: %[[DBASE:.*]] = llvm.extractvalue %[[DST:.*]][1]
  // CHECK: %[[DOFF:.*]] = llvm.extractvalue %[[DST]][2]
  // CHECK: %[[TO:.*]] = llvm.getelementptr %[[DBASE]][%[[DOFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
  // CHECK: %[[SBASE:.*]] = llvm.extractvalue %[[SRC]][1]
  // CHECK: %[[SOFF:.*]] = llvm.extractvalue %[[SRC]][2]
  // CHECK: %[[FROM:.*]] = llvm.getelementptr %[[SBASE]][%[[SOFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
  // CHECK: "llvm.intr.memcpy"(%[[TO]], %[[FROM]], %[[BYTES]]) <{isVolatile = false}>
  // CHECK-NOT: memrefCopy
  func.func @copy(%from: memref<?xbf16, strided<[1], offset: ?>>,
                  %to: memref<?xbf16, strided<[1], offset: ?>>) {
    memref.copy %from, %to : memref<?xbf16, strided<[1], offset: ?>> to memref<?xbf16, strided<[1], offset: ?>>
    return
  }

  // Not contiguous: upstream's lowering (the runtime call) stays.
  // CHECK-LABEL: llvm.func @strided_copy(
  // CHECK: llvm.call @memrefCopy(
  func.func @strided_copy(%from: memref<?xf32, strided<[2], offset: ?>>,
                          %to: memref<?xf32>) {
    memref.copy %from, %to : memref<?xf32, strided<[2], offset: ?>> to memref<?xf32>
    return
  }
}
