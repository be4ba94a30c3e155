// tacos-translate --mlir-to-llvmir prints an LLVM-dialect module (what
// tacos-lower-to-llvm makes) as LLVM IR; the module's DLTI entry naming the
// MPI ABI is accepted and dropped.
// RUN: tacos-translate --mlir-to-llvmir %s | FileCheck %s
// A triple the module names is kept:
// RUN: echo 'module attributes {llvm.target_triple = "aarch64-unknown-linux-gnu"} {}' | tacos-translate --mlir-to-llvmir | FileCheck %s --check-prefix=KEEP
// KEEP: target triple = "aarch64-unknown-linux-gnu"
// RUN: tacos-translate --help | FileCheck %s --check-prefix=HELP
// HELP: --mlir-to-llvmir

// Without llvm.target_triple on the module, the host's triple:
// CHECK: target triple = "{{[a-z0-9_]+-.+}}"
// CHECK: @ompi_mpi_comm_world = external global %ompi_communicator_t
// CHECK: declare i32 @MPI_Barrier(ptr)
// CHECK-LABEL: define i32 @barrier()
// CHECK-NEXT: %[[RC:.*]] = call i32 @MPI_Barrier(ptr @ompi_mpi_comm_world)
// CHECK-NEXT: ret i32 %[[RC]]
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  llvm.mlir.global external @ompi_mpi_comm_world() {addr_space = 0 : i32} : !llvm.struct<"ompi_communicator_t", opaque>
  llvm.func @MPI_Barrier(!llvm.ptr) -> i32
  llvm.func @barrier() -> i32 {
    %comm = llvm.mlir.addressof @ompi_mpi_comm_world : !llvm.ptr
    %rc = llvm.call @MPI_Barrier(%comm) : (!llvm.ptr) -> i32
    llvm.return %rc : i32
  }
}
