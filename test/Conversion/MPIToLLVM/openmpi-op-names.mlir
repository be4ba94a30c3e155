// Open MPI's predefined reduction ops are ompi_mpi_op_sum, ...; upstream's
// lowering (LLVM 22) writes ompi_mpi_sum, which no library defines. The
// symbols are renamed, so mpi.allreduce (as convert-shard-to-mpi makes it)
// links against Open MPI. MPICH's ops are integer handles: nothing to do.
// RUN: tacos-opt --convert-mpi-program-to-llvm %s | FileCheck %s
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_op_sum()
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_op_max()
// CHECK-NOT: @ompi_mpi_sum
// CHECK-NOT: @ompi_mpi_max{{[^_]}}
// CHECK: llvm.mlir.addressof @ompi_mpi_op_sum
// CHECK: llvm.mlir.addressof @ompi_mpi_op_max

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  func.func @reduce(%buf: memref<8xf32>) {
    %comm = mpi.comm_world : !mpi.comm
    mpi.allreduce(%buf, %buf, MPI_SUM, %comm) : memref<8xf32>, memref<8xf32>
    mpi.allreduce(%buf, %buf, MPI_MAX, %comm) : memref<8xf32>, memref<8xf32>
    return
  }
}
