// End to end: synthesized algorithms on a 4-ring, lowered by
// convert-coll-to-mpi in both forms, then by tacos-lower-to-llvm, compiled
// with clang, linked against Open MPI with a C main (Inputs/run-main.c) and
// run on 4 ranks on data every element of which is checked. Element counts
// are not multiples of the 4 pieces (pieces differ by one element).
// REQUIRES: mpi
// RUN: tacos-opt %S/Inputs/ring4.mlir --coll-synthesize --convert-coll-to-mpi=form=unrolled --tacos-lower-to-llvm | tacos-translate --mlir-to-llvmir > %t.unrolled.ll
// RUN: tacos-opt %S/Inputs/ring4.mlir --coll-synthesize --convert-coll-to-mpi=form=table --tacos-lower-to-llvm | tacos-translate --mlir-to-llvmir > %t.table.ll
// RUN: %clang -Wno-override-module -O2 -c -x ir %t.unrolled.ll -o %t.unrolled.o
// RUN: %clang -Wno-override-module -O2 -c -x ir %t.table.ll -o %t.table.o
// RUN: %clang %mpi_cflags %S/Inputs/run-main.c %t.unrolled.o %mpi_libs -o %t.unrolled
// RUN: %clang %mpi_cflags %S/Inputs/run-main.c %t.table.o %mpi_libs -o %t.table
// RUN: %mpirun -np 4 %t.unrolled all_reduce 10 | FileCheck %s --check-prefix=AR
// RUN: %mpirun -np 4 %t.table all_reduce 10 | FileCheck %s --check-prefix=AR
// RUN: %mpirun -np 4 %t.unrolled all_reduce 10 inplace | FileCheck %s --check-prefix=AR
// RUN: %mpirun -np 4 %t.table all_reduce 10 inplace | FileCheck %s --check-prefix=AR
// RUN: %mpirun -np 4 %t.unrolled all_gather 10 | FileCheck %s --check-prefix=AG
// RUN: %mpirun -np 4 %t.table all_gather 10 inplace | FileCheck %s --check-prefix=AG
// RUN: %mpirun -np 4 %t.table reduce_scatter 10 | FileCheck %s --check-prefix=RS
// RUN: %mpirun -np 4 %t.unrolled all_to_all 12 | FileCheck %s --check-prefix=A2A
// RUN: %mpirun -np 4 %t.table all_to_all 10 | FileCheck %s --check-prefix=UNEVEN
// RUN: %mpirun -np 4 %t.unrolled broadcast 7 | FileCheck %s --check-prefix=BC
// RUN: %mpirun -np 3 %t.table all_reduce 10 | FileCheck %s --check-prefix=SIZE

// AR-COUNT-4: all_reduce rc 0 wrong 0 of 10
// AG-COUNT-4: all_gather rc 0 wrong 0 of 10
// Rank r's slice: pieces of 2 or 3 elements.
// RS-DAG: rank 0 reduce_scatter rc 0 wrong 0 of 2
// RS-DAG: rank 1 reduce_scatter rc 0 wrong 0 of 3
// RS-DAG: rank 2 reduce_scatter rc 0 wrong 0 of 2
// RS-DAG: rank 3 reduce_scatter rc 0 wrong 0 of 3
// A2A-COUNT-4: all_to_all rc 0 wrong 0 of 12
// All-to-All needs E to be a multiple of the 4 ranks.
// UNEVEN-COUNT-4: all_to_all rc 3
// BC-COUNT-4: broadcast rc 0 wrong 0 of 7
// Three ranks for a 4-NPU network.
// SIZE-COUNT-3: all_reduce rc 1
