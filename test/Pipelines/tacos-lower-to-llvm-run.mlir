// End to end: a hand-written ring All-Gather of mpi.isend / mpi.irecv /
// mpi.wait on memref subviews, lowered with tacos-lower-to-llvm, exported
// with tacos-translate, compiled with clang, linked against Open MPI with a
// C main (Inputs/ring-main.c) and run on 2 and 3 ranks. The send request
// crosses loop iterations as an scf.for iter_arg that starts as ub.poison,
// as in the table form of convert-coll-to-mpi. The bf16 copy of the
// function (sed) moves bit patterns, NaN payloads included, as
// MPI_UINT16_T: the main checks every bit.
// REQUIRES: mpi
// RUN: tacos-opt --tacos-lower-to-llvm %s | tacos-translate --mlir-to-llvmir > %t.f32.ll
// RUN: sed -e 's/f32/bf16/g' %s | tacos-opt --tacos-lower-to-llvm \
// RUN:   | tacos-translate --mlir-to-llvmir > %t.bf16.ll
// RUN: %clang -Wno-override-module -O2 -c -x ir %t.f32.ll -o %t.f32.o
// RUN: %clang -Wno-override-module -O2 -c -x ir %t.bf16.ll -o %t.bf16.o
// RUN: %clang %mpi_cflags %S/Inputs/ring-main.c %t.f32.o %t.bf16.o %mpi_libs -o %t.exe
// RUN: %mpirun -np 2 %t.exe | FileCheck %s --check-prefixes=CHECK,NP2
// RUN: %mpirun -np 3 %t.exe | FileCheck %s --check-prefixes=CHECK,NP3

// Every rank gets every piece (P pieces of 3 elements), and a short output
// buffer is refused (2).
// NP2-DAG: rank 0 f32 rc 0 wrong 0 of 6
// NP2-DAG: rank 1 f32 rc 0 wrong 0 of 6
// NP2-DAG: rank 0 bf16 rc 0 wrong 0 of 6
// NP2-DAG: rank 1 bf16 rc 0 wrong 0 of 6
// NP3-DAG: rank 0 f32 rc 0 wrong 0 of 9
// NP3-DAG: rank 1 f32 rc 0 wrong 0 of 9
// NP3-DAG: rank 2 f32 rc 0 wrong 0 of 9
// NP3-DAG: rank 0 bf16 rc 0 wrong 0 of 9
// NP3-DAG: rank 1 bf16 rc 0 wrong 0 of 9
// NP3-DAG: rank 2 bf16 rc 0 wrong 0 of 9
// CHECK-DAG: rank 0 short rc 2
// CHECK-DAG: rank 1 short rc 2
// NP3-DAG: rank 2 short rc 2
// NP2-NOT: rank 2

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  // out[P * n] = the in[n] of every rank, in rank order; returns 2 if out
  // is shorter, else 0.
  func.func @ring_f32(%in: memref<?xf32>, %out: memref<?xf32>) -> i32
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tag = arith.constant 5 : i32
    %comm = mpi.comm_world : !mpi.comm
    %rank32 = mpi.comm_rank(%comm) : i32
    %size32 = mpi.comm_size(%comm) : i32
    %rank = arith.index_cast %rank32 : i32 to index
    %size = arith.index_cast %size32 : i32 to index
    %n = memref.dim %in, %c0 : memref<?xf32>
    %m = memref.dim %out, %c0 : memref<?xf32>
    %need = arith.muli %n, %size : index
    %short = arith.cmpi ult, %m, %need : index
    %rc = scf.if %short -> i32 {
      %two = arith.constant 2 : i32
      scf.yield %two : i32
    } else {
      %own = arith.muli %rank, %n : index
      %dst = memref.subview %out[%own] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      memref.copy %in, %dst : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      %right1 = arith.addi %rank, %c1 : index
      %right = arith.remui %right1, %size : index
      %left1 = arith.addi %rank, %size : index
      %left2 = arith.subi %left1, %c1 : index
      %left = arith.remui %left2, %size : index
      %right32 = arith.index_cast %right : index to i32
      %left32 = arith.index_cast %left : index to i32
      %steps = arith.subi %size, %c1 : index
      %none = ub.poison : !mpi.request
      %last = scf.for %s = %c0 to %steps step %c1 iter_args(%pending = %none) -> (!mpi.request) {
        %first = arith.cmpi eq, %s, %c0 : index
        scf.if %first {
        } else {
          mpi.wait(%pending) : !mpi.request
        }
        // Send piece (rank - s) mod P, receive piece (rank - s - 1) mod P.
        %a1 = arith.addi %rank, %size : index
        %a2 = arith.subi %a1, %s : index
        %sendPiece = arith.remui %a2, %size : index
        %b1 = arith.addi %a2, %size : index
        %b2 = arith.subi %b1, %c1 : index
        %recvPiece = arith.remui %b2, %size : index
        %sendAt = arith.muli %sendPiece, %n : index
        %recvAt = arith.muli %recvPiece, %n : index
        %sendView = memref.subview %out[%sendAt] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
        %recvView = memref.subview %out[%recvAt] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
        %recvReq = mpi.irecv(%recvView, %tag, %left32, %comm) : memref<?xf32, strided<[1], offset: ?>>, i32, i32 -> !mpi.request
        %sendReq = mpi.isend(%sendView, %tag, %right32, %comm) : memref<?xf32, strided<[1], offset: ?>>, i32, i32 -> !mpi.request
        mpi.wait(%recvReq) : !mpi.request
        scf.yield %sendReq : !mpi.request
      }
      %any = arith.cmpi ugt, %steps, %c0 : index
      scf.if %any {
        mpi.wait(%last) : !mpi.request
      }
      %zero = arith.constant 0 : i32
      scf.yield %zero : i32
    }
    return %rc : i32
  }
}
