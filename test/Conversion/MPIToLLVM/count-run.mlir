// An element count above INT_MAX reaches MPI as -1, which it refuses, not as
// its low 32 bits. The C main (Inputs/count-main.c) passes a 3-element
// buffer whose descriptor claims 2^32 + 3 elements: cut to 32 bits that is
// a valid count of 3, and the send would "succeed" with part of the buffer.
// REQUIRES: mpi
// RUN: tacos-opt --tacos-lower-to-llvm %s | tacos-translate --mlir-to-llvmir > %t.ll
// RUN: %clang -Wno-override-module -O2 -c -x ir %t.ll -o %t.o
// RUN: %clang %mpi_cflags %S/Inputs/count-main.c %t.o %mpi_libs -o %t.exe
// The honest descriptor works:
// RUN: %mpirun -np 1 %t.exe 3 | FileCheck %s --check-prefix=OK
// OK: rc 0 received 3 elements
// RUN: not %mpirun -np 1 %t.exe 4294967299 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: MPI_ERR_COUNT
// HUGE-NOT: received

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  // Sends %buf to this rank itself and receives it into %into.
  func.func @to_self(%buf: memref<?xf32>, %into: memref<?xf32>) -> i32
      attributes {llvm.emit_c_interface} {
    %comm = mpi.comm_world : !mpi.comm
    %rank = mpi.comm_rank(%comm) : i32
    %tag = arith.constant 1 : i32
    %recv = mpi.irecv(%into, %tag, %rank, %comm) : memref<?xf32>, i32, i32 -> !mpi.request
    %send = mpi.isend(%buf, %tag, %rank, %comm) : memref<?xf32>, i32, i32 -> !mpi.request
    mpi.wait(%send) : !mpi.request
    mpi.wait(%recv) : !mpi.request
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}
