// What convert-mpi-program-to-llvm refuses, each with an error on the op.
// RUN: tacos-opt --convert-mpi-program-to-llvm --split-input-file --verify-diagnostics %s

// expected-error @+1 {{unknown "MPI:Implementation" "LAM" in the DLTI map (expected "MPICH" or "OpenMPI")}}
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "LAM">} {
  func.func @f() {
    return
  }
}

// -----

// expected-error @+1 {{unknown "MPI:Implementation" 3 : i64 in the DLTI map}}
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = 3>} {
}

// -----

func.func @strided(%buf: memref<?xf32, strided<[2], offset: ?>>) {
  %comm = mpi.comm_world : !mpi.comm
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{mpi.isend needs a contiguous buffer, not 'memref<?xf32, strided<[2], offset: ?>>'}}
  %req = mpi.isend(%buf, %c0, %c0, %comm) : memref<?xf32, strided<[2], offset: ?>>, i32, i32 -> !mpi.request
  return
}

// -----

func.func @bool(%buf: memref<?xi1>) {
  %comm = mpi.comm_world : !mpi.comm
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{mpi.irecv cannot transfer elements of type 'i1': no MPI datatype (supported: i8, i16, i32, i64, f16, bf16, f32, f64)}}
  %req = mpi.irecv(%buf, %c0, %c0, %comm) : memref<?xi1>, i32, i32 -> !mpi.request
  return
}

// -----

// Every refused buffer is reported, not only the first.
func.func @two(%a: memref<4x4xf32, strided<[8, 1]>>, %b: memref<?xf8E4M3FN>) {
  %comm = mpi.comm_world : !mpi.comm
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{mpi.isend needs a contiguous buffer, not 'memref<4x4xf32, strided<[8, 1]>>'}}
  %r0 = mpi.isend(%a, %c0, %c0, %comm) : memref<4x4xf32, strided<[8, 1]>>, i32, i32 -> !mpi.request
  // expected-error @+1 {{mpi.isend cannot transfer elements of type 'f8E4M3FN'}}
  %r1 = mpi.isend(%b, %c0, %c0, %comm) : memref<?xf8E4M3FN>, i32, i32 -> !mpi.request
  return
}

// -----

// Upstream's blocking send has no datatype for 2-byte floats.
func.func @send_f16(%buf: memref<?xf16>) {
  %comm = mpi.comm_world : !mpi.comm
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{mpi.send of 'f16' elements has no MPI datatype in MLIR 22's lowering (supported: i8, i16, i32, i64, f32, f64)}}
  mpi.send(%buf, %c0, %c0, %comm) : memref<?xf16>, i32, i32
  return
}

// -----

// No MPI reduces bf16 (Open MPI 4.1 has no bf16 datatype at all).
func.func @allreduce_bf16(%in: memref<?xbf16>, %out: memref<?xbf16>) {
  %comm = mpi.comm_world : !mpi.comm
  // expected-error @+1 {{mpi.allreduce of 'bf16' elements has no MPI datatype}}
  mpi.allreduce(%in, %out, MPI_SUM, %comm) : memref<?xbf16>, memref<?xbf16>
  return
}

// -----

llvm.func @MPI_Wait(i32) -> i32

func.func @clash(%req: !mpi.request) {
  // expected-error @+2 {{failed to legalize operation 'mpi.wait'}}
  // expected-error @+1 {{cannot declare MPI_Wait as '!llvm.func<i32 (ptr, ptr)>': the module already has a symbol of that name with another type}}
  mpi.wait(%req) : !mpi.request
  return
}

// -----

// scf is lowered before (tacos-lower-to-llvm runs scf-to-cf): an op no
// pattern converts is an error, not IR left for the translation to trip on.
func.func @scf(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{failed to legalize operation 'scf.for'}}
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}

// -----

// Upstream's patterns read the ABI from the op's closest module; the
// conversion has one type converter: a nested module may not differ.
module {
  module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
    func.func @nested() {
      // expected-error @+1 {{this op's module names "MPI:Implementation" OpenMPI but the converted module's is MPICH: one conversion lowers one MPI ABI}}
      %comm = mpi.comm_world : !mpi.comm
      return
    }
  }
}

// -----

// An MPI call outside a function has no frame for the handles it returns.
// expected-error @+1 {{mpi.comm_world is not inside a function}}
%comm = mpi.comm_world : !mpi.comm
// expected-error @+1 {{mpi.comm_size is not inside a function}}
%size = mpi.comm_size(%comm) : i32
