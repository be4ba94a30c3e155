// tacos-lower-to-llvm stops with an error on the op when something cannot
// reach the LLVM dialect, rather than leaving it for the translation.
// RUN: tacos-opt --tacos-lower-to-llvm --split-input-file --verify-diagnostics %s

// No lowering of mpi.retval_check exists (upstream's or ours).
func.func @check(%req: !mpi.request) -> i1 {
  %rc = mpi.wait(%req) : !mpi.request -> !mpi.retval
  // expected-error @+1 {{failed to legalize operation 'mpi.retval_check'}}
  %ok = mpi.retval_check %rc = <MPI_SUCCESS> : i1
  return %ok : i1
}

// -----

// expected-error @+1 {{unknown "MPI:Implementation" "mpich" in the DLTI map (expected "MPICH" or "OpenMPI")}}
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "mpich">} {
}

// -----

// bf16 cannot be reduced by MPI.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  func.func @sum(%in: memref<?xbf16>, %out: memref<?xbf16>) {
    %comm = mpi.comm_world : !mpi.comm
    // expected-error @+1 {{mpi.allreduce of 'bf16' elements has no MPI datatype in MLIR 22's lowering}}
    mpi.allreduce(%in, %out, MPI_SUM, %comm) : memref<?xbf16>, memref<?xbf16>
    return
  }
}
