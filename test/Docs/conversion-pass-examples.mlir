// Every example in the generated conversion pass docs parses and verifies,
// and convert-mpi-program-to-llvm's example lowers as its description says.
// RUN: %python %S/extract-mlir-examples.py %tacos_docs/Passes/ConversionPasses.md > %t
// RUN: tacos-opt -split-input-file %t | FileCheck %s
// RUN: %python -c "import sys; print([b for b in sys.stdin.read().split('// -----') if '@f(%%buf: memref<?xf32>, %%peer: i32)' in b][0])" < %t \
// RUN:   | tacos-opt --convert-mpi-program-to-llvm | FileCheck %s --check-prefix=LOWER

// CHECK-DAG: coll.algorithm
// CHECK-DAG: mpi.isend

// LOWER: llvm.call @MPI_Isend(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SEND:.*]]) :
// LOWER: llvm.store %{{.*}}, %[[WAIT:.*]] :
// LOWER: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// LOWER: llvm.call @MPI_Wait(%[[WAIT]], %[[NULL]])
