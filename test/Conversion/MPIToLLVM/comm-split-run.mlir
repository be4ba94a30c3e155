// mpi.comm_split under Open MPI, run: each rank splits MPI_COMM_WORLD by
// rank parity and asks the new communicator its size and its rank there.
// Upstream's pattern alone would truncate the new communicator (a pointer)
// to 32 bits before MPI_Comm_size reads it.
// REQUIRES: mpi
// RUN: tacos-opt --tacos-lower-to-llvm %s | tacos-translate --mlir-to-llvmir > %t.ll
// RUN: %clang -Wno-override-module -O2 -c -x ir %t.ll -o %t.o
// RUN: %clang %mpi_cflags %S/Inputs/split-main.c %t.o %mpi_libs -o %t.exe
// RUN: %mpirun -np 3 %t.exe | FileCheck %s

// Ranks 0 and 2 form one group of 2, rank 1 one of 1: size * 10 + rank.
// CHECK-DAG: rank 0 split 20
// CHECK-DAG: rank 1 split 10
// CHECK-DAG: rank 2 split 21

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  func.func @split() -> i32 {
    %world = mpi.comm_world : !mpi.comm
    %rank = mpi.comm_rank(%world) : i32
    %two = arith.constant 2 : i32
    %color = arith.remui %rank, %two : i32
    %comm = mpi.comm_split(%world, %color, %rank) : !mpi.comm
    %size = mpi.comm_size(%comm) : i32
    %newRank = mpi.comm_rank(%comm) : i32
    %ten = arith.constant 10 : i32
    %tens = arith.muli %size, %ten : i32
    %result = arith.addi %tens, %newRank : i32
    return %result : i32
  }
}
