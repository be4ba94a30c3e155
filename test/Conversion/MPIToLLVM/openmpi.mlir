// The project's mpi patterns (tacos/Conversion/MPIToLLVM.h) for the Open MPI
// ABI, next to upstream's in one conversion: MPI_Request is a pointer,
// datatypes and communicators are addresses of ompi_mpi_* globals (upstream's
// `!mpi.comm` is their i64), MPI_STATUS_IGNORE is null.
// RUN: tacos-opt --convert-mpi-program-to-llvm --split-input-file %s | FileCheck %s

// Declarations, once per module, at its top.
// CHECK-DAG: llvm.func @MPI_Isend(!llvm.ptr, i32, !llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_float() {{.*}} : !llvm.struct<"ompi_predefined_datatype_t", opaque>
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_comm_world()
// CHECK-DAG: llvm.func @MPI_Irecv(!llvm.ptr, i32, !llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Wait(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Comm_size(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Barrier(!llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Comm_split(!llvm.ptr, i32, i32, !llvm.ptr) -> i32

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  // A subview's buffer starts at aligned pointer + offset; its count is its
  // size. The request comes back through an entry-block slot.
  // CHECK-LABEL: llvm.func @isend(
  // CHECK-SAME: %[[ALLOC:[^:]*]]: !llvm.ptr, %[[ALIGNED:[^:]*]]: !llvm.ptr, %[[OFFSET:[^:]*]]: i64, %[[SIZE:[^:]*]]: i64, %{{[^:]*}}: i64, %[[TAG:[^:]*]]: i32, %[[PEER:[^:]*]]: i32) -> !llvm.ptr
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK-NEXT: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x !llvm.ptr
  // CHECK: %[[WORLD:.*]] = llvm.mlir.addressof @ompi_mpi_comm_world
  // CHECK: %[[COMM:.*]] = llvm.ptrtoint %[[WORLD]] : !llvm.ptr to i64
  // CHECK: %[[BASE:.*]] = llvm.extractvalue %{{.*}}[1]
  // CHECK: %[[OFF:.*]] = llvm.extractvalue %{{.*}}[2]
  // CHECK: %[[PTR:.*]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  // CHECK: %[[N:.*]] = llvm.extractvalue %{{.*}}[3, 0]
  // A count above INT_MAX is passed as -1, which MPI refuses, rather than
  // cut to its low 32 bits.
  // CHECK: %[[MAX:.*]] = llvm.mlir.constant(2147483647 : i64) : i64
  // CHECK: %[[BIG:.*]] = llvm.icmp "ugt" %[[N]], %[[MAX]] : i64
  // CHECK: %[[BAD:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // CHECK: %[[LOW:.*]] = llvm.trunc %[[N]] : i64 to i32
  // CHECK: %[[COUNT:.*]] = llvm.select %[[BIG]], %[[BAD]], %[[LOW]] : i1, i32
  // CHECK: %[[TYPE:.*]] = llvm.mlir.addressof @ompi_mpi_float : !llvm.ptr
  // CHECK: %[[C:.*]] = llvm.inttoptr %[[COMM]] : i64 to !llvm.ptr
  // CHECK: llvm.call @MPI_Isend(%[[PTR]], %[[COUNT]], %[[TYPE]], %[[PEER]], %[[TAG]], %[[C]], %[[SLOT]])
  // CHECK-NEXT: %[[REQ:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
  // CHECK-NEXT: llvm.return %[[REQ]] : !llvm.ptr
  func.func @isend(%buf: memref<?xf32, strided<[1], offset: ?>>, %tag: i32,
                   %peer: i32) -> !mpi.request {
    %comm = mpi.comm_world : !mpi.comm
    %req = mpi.isend(%buf, %tag, %peer, %comm)
        : memref<?xf32, strided<[1], offset: ?>>, i32, i32 -> !mpi.request
    return %req : !mpi.request
  }

  // CHECK-LABEL: llvm.func @irecv(
  // CHECK-SAME: %[[TAG:[^:]*]]: i32, %[[PEER:[^:]*]]: i32) -> !llvm.ptr
  // CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
  // CHECK: llvm.call @MPI_Irecv(%{{.*}}, %{{.*}}, %{{.*}}, %[[PEER]], %[[TAG]], %{{.*}}, %[[SLOT]])
  // CHECK-NEXT: llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
  func.func @irecv(%buf: memref<?xf32>, %tag: i32, %peer: i32) -> !mpi.request {
    %comm = mpi.comm_world : !mpi.comm
    %req = mpi.irecv(%buf, %tag, %peer, %comm)
        : memref<?xf32>, i32, i32 -> !mpi.request
    return %req : !mpi.request
  }

  // MPI_Wait takes the request by address, and MPI_STATUS_IGNORE is null.
  // CHECK-LABEL: llvm.func @wait(
  // CHECK-SAME: %[[REQ:.*]]: !llvm.ptr)
  // CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
  // CHECK-NEXT: llvm.store %[[REQ]], %[[SLOT]] : !llvm.ptr, !llvm.ptr
  // CHECK-NEXT: %[[IGNORE:.*]] = llvm.mlir.zero : !llvm.ptr
  // CHECK-NEXT: llvm.call @MPI_Wait(%[[SLOT]], %[[IGNORE]])
  func.func @wait(%req: !mpi.request) {
    mpi.wait(%req) : !mpi.request
    return
  }

  // A requested !mpi.retval is the call's result.
  // CHECK-LABEL: llvm.func @retval(
  // CHECK: %[[RC:.*]] = llvm.call @MPI_Wait(
  // CHECK-NEXT: llvm.return %[[RC]] : i32
  func.func @retval(%req: !mpi.request) -> !mpi.retval {
    %rc = mpi.wait(%req) : !mpi.request -> !mpi.retval
    return %rc : !mpi.retval
  }

  // CHECK-LABEL: llvm.func @size_and_barrier(
  // CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i32
  // CHECK: llvm.call @MPI_Comm_size(%{{.*}}, %[[SLOT]])
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i32
  // CHECK: llvm.call @MPI_Barrier(%{{.*}}) : (!llvm.ptr) -> i32
  // CHECK: llvm.return %[[SIZE]] : i32
  func.func @size_and_barrier() -> i32 {
    %comm = mpi.comm_world : !mpi.comm
    %size = mpi.comm_size(%comm) : i32
    mpi.barrier(%comm)
    return %size : i32
  }

  // The new communicator is a pointer, kept whole (upstream's pattern loads
  // an i32 from the slot) and carried as upstream's i64.
  // CHECK-LABEL: llvm.func @split(
  // CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
  // CHECK: llvm.call @MPI_Comm_split(%{{.*}}, %{{.*}}, %{{.*}}, %[[SLOT]])
  // CHECK-NEXT: %[[NEW:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
  // CHECK-NEXT: %[[AS_I64:.*]] = llvm.ptrtoint %[[NEW]] : !llvm.ptr to i64
  // CHECK-NEXT: llvm.return %[[AS_I64]] : i64
  func.func @split(%color: i32, %key: i32) -> !mpi.comm {
    %world = mpi.comm_world : !mpi.comm
    %comm = mpi.comm_split(%world, %color, %key) : !mpi.comm
    return %comm : !mpi.comm
  }
}

// -----

// Requests cross blocks (a lowered scf.for's iter_arg) and start as
// ub.poison: one type converter gives all of them !llvm.ptr. The slots stay
// in the entry block, so the loop does not grow the stack.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  // CHECK-LABEL: llvm.func @carried(
  // CHECK-NEXT: llvm.mlir.constant(1 : i64)
  // CHECK-NEXT: llvm.alloca {{.*}} x !llvm.ptr
  // CHECK-NEXT: llvm.mlir.constant(1 : i64)
  // CHECK-NEXT: llvm.alloca {{.*}} x !llvm.ptr
  // CHECK-NOT: llvm.alloca
  // CHECK: %[[NONE:.*]] = llvm.mlir.poison : !llvm.ptr
  // CHECK: llvm.br ^[[LOOP:.*]](%{{.*}}, %[[NONE]] : i32, !llvm.ptr)
  // CHECK: ^[[LOOP]](%{{.*}}: i32, %[[PENDING:.*]]: !llvm.ptr):
  // CHECK: ^{{.*}}:
  // CHECK: llvm.call @MPI_Isend(
  // CHECK: %[[REQ:.*]] = llvm.load
  // CHECK: llvm.br ^[[LOOP]](%{{.*}}, %[[REQ]] : i32, !llvm.ptr)
  // CHECK: llvm.store %[[PENDING]]
  // CHECK: llvm.call @MPI_Wait(
  func.func @carried(%buf: memref<?xi64>, %n: i32) {
    %comm = mpi.comm_world : !mpi.comm
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %none = ub.poison : !mpi.request
    cf.br ^loop(%c0, %none : i32, !mpi.request)
  ^loop(%i: i32, %pending: !mpi.request):
    %more = arith.cmpi slt, %i, %n : i32
    cf.cond_br %more, ^body, ^done
  ^body:
    %req = mpi.isend(%buf, %c0, %c1, %comm) : memref<?xi64>, i32, i32 -> !mpi.request
    %next = arith.addi %i, %c1 : i32
    cf.br ^loop(%next, %req : i32, !mpi.request)
  ^done:
    mpi.wait(%pending) : !mpi.request
    return
  }
}

// -----

// Every element type: the datatype global each one names. f16 and bf16
// travel as uint16 (bit copies); unsigned integers as uintN_t.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  // CHECK-LABEL: llvm.func @types(
  // CHECK: llvm.mlir.addressof @ompi_mpi_double
  // CHECK: llvm.mlir.addressof @ompi_mpi_int32_t
  // CHECK: llvm.mlir.addressof @ompi_mpi_int64_t
  // CHECK: llvm.mlir.addressof @ompi_mpi_uint16_t
  // CHECK: llvm.mlir.addressof @ompi_mpi_uint16_t
  // CHECK: llvm.mlir.addressof @ompi_mpi_int8_t
  // CHECK: llvm.mlir.addressof @ompi_mpi_int16_t
  // CHECK: llvm.mlir.addressof @ompi_mpi_uint32_t
  func.func @types(%f64: memref<4xf64>, %i32: memref<?xi32>,
                   %i64: memref<?xi64>, %f16: memref<?xf16>,
                   %bf16: memref<?xbf16>, %i8: memref<?xi8>,
                   %i16: memref<?xsi16>, %u32: memref<?xui32>) {
    %comm = mpi.comm_world : !mpi.comm
    %c0 = arith.constant 0 : i32
    %r0 = mpi.isend(%f64, %c0, %c0, %comm) : memref<4xf64>, i32, i32 -> !mpi.request
    %r1 = mpi.isend(%i32, %c0, %c0, %comm) : memref<?xi32>, i32, i32 -> !mpi.request
    %r2 = mpi.isend(%i64, %c0, %c0, %comm) : memref<?xi64>, i32, i32 -> !mpi.request
    %r3 = mpi.isend(%f16, %c0, %c0, %comm) : memref<?xf16>, i32, i32 -> !mpi.request
    %r4 = mpi.irecv(%bf16, %c0, %c0, %comm) : memref<?xbf16>, i32, i32 -> !mpi.request
    %r5 = mpi.irecv(%i8, %c0, %c0, %comm) : memref<?xi8>, i32, i32 -> !mpi.request
    %r6 = mpi.irecv(%i16, %c0, %c0, %comm) : memref<?xsi16>, i32, i32 -> !mpi.request
    %r7 = mpi.irecv(%u32, %c0, %c0, %comm) : memref<?xui32>, i32, i32 -> !mpi.request
    return
  }

  // Upstream's send declares the same datatype global: one declaration.
  // CHECK-LABEL: llvm.func @shared_global(
  // CHECK: llvm.call @MPI_Send(
  // CHECK: llvm.call @MPI_Isend(
  func.func @shared_global(%buf: memref<?xf64>) {
    %comm = mpi.comm_world : !mpi.comm
    %c0 = arith.constant 0 : i32
    mpi.send(%buf, %c0, %c0, %comm) : memref<?xf64>, i32, i32
    %r = mpi.isend(%buf, %c0, %c0, %comm) : memref<?xf64>, i32, i32 -> !mpi.request
    return
  }
}
