// tacos-lower-to-llvm takes a module of func/mpi/memref/scf/arith/ub ops,
// the shape convert-coll-to-mpi gives an algorithm, to the LLVM dialect
// only: the networks and algorithms left in it are erased, subviews
// expanded, scf lowered, and the requests carried by the loop become
// Open MPI's MPI_Request pointers.
// RUN: tacos-opt --tacos-lower-to-llvm %s | FileCheck %s \
// RUN:   --implicit-check-not=topo. --implicit-check-not=coll. \
// RUN:   --implicit-check-not=func. --implicit-check-not=mpi. \
// RUN:   --implicit-check-not=memref. --implicit-check-not=scf. \
// RUN:   --implicit-check-not=arith. --implicit-check-not=ub. \
// RUN:   --implicit-check-not=cf. --implicit-check-not=affine. \
// RUN:   --implicit-check-not=unrealized_conversion_cast
// The result translates to LLVM IR.
// RUN: tacos-opt --tacos-lower-to-llvm %s | tacos-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=IR

// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// CHECK-DAG: llvm.func @MPI_Wait(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Irecv(
// CHECK-DAG: llvm.func @MPI_Isend(
// CHECK-DAG: llvm.func @MPI_Comm_rank(
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_int32_t()
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_comm_world()

// IR-DAG: declare i32 @MPI_Isend(ptr, i32, ptr, i32, i32, ptr, ptr)
// IR-DAG: @ompi_mpi_comm_world = external global %ompi_communicator_t
// IR-LABEL: define i32 @exchange(
// IR: call i32 @MPI_Irecv(
// IR: call i32 @MPI_Isend(
// IR: call i32 @MPI_Wait(
// IR-LABEL: define i32 @_mlir_ciface_exchange(

// Each of %n rounds: receive piece i of %buf from the peer and send it
// piece i of %buf's other half, waiting for the previous round's send
// first (its request is the loop's iter_arg, ub.poison to start with).
// CHECK-LABEL: llvm.func @exchange(
// CHECK: %[[NONE:.*]] = llvm.mlir.poison : !llvm.ptr
// CHECK: llvm.br ^[[HEAD:[^(]*]](%{{.*}}, %[[NONE]] : i64, !llvm.ptr)
// CHECK: ^[[HEAD]](%{{.*}}: i64, %[[PENDING:.*]]: !llvm.ptr):
// CHECK: llvm.call @MPI_Wait(
// CHECK: llvm.call @MPI_Irecv(
// CHECK: %[[SENT:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call @MPI_Isend(
// CHECK: %[[REQ:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.br ^[[HEAD]](%{{.*}}, %[[REQ]] : i64, !llvm.ptr)
// CHECK: llvm.store %[[PENDING]]
// CHECK: llvm.call @MPI_Wait(
// CHECK-LABEL: llvm.func @_mlir_ciface_exchange(
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
  coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) {
    coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
    coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
  }

  func.func @exchange(%buf: memref<?xi32>, %n: index) -> i32
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tag = arith.constant 0 : i32
    %comm = mpi.comm_world : !mpi.comm
    %rank = mpi.comm_rank(%comm) : i32
    %one = arith.constant 1 : i32
    %peer = arith.xori %rank, %one : i32
    %none = ub.poison : !mpi.request
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%pending = %none)
        -> (!mpi.request) {
      %started = arith.cmpi ugt, %i, %c0 : index
      scf.if %started {
        mpi.wait(%pending) : !mpi.request
      }
      %other = arith.addi %i, %n : index
      %in = memref.subview %buf[%i] [1] [1]
          : memref<?xi32> to memref<1xi32, strided<[1], offset: ?>>
      %out = memref.subview %buf[%other] [1] [1]
          : memref<?xi32> to memref<1xi32, strided<[1], offset: ?>>
      %received = mpi.irecv(%in, %tag, %peer, %comm)
          : memref<1xi32, strided<[1], offset: ?>>, i32, i32 -> !mpi.request
      %sent = mpi.isend(%out, %tag, %peer, %comm)
          : memref<1xi32, strided<[1], offset: ?>>, i32, i32 -> !mpi.request
      mpi.wait(%received) : !mpi.request
      scf.yield %sent : !mpi.request
    }
    %any = arith.cmpi ugt, %n, %c0 : index
    scf.if %any {
      mpi.wait(%last) : !mpi.request
    }
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}
