//===- Passes.td - Conversions out of the coll dialect -----*- tablegen -*-===//

#ifndef TACOS_CONVERSION_PASSES
#define TACOS_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertCollToSMT : Pass<"convert-coll-to-smt", "mlir::ModuleOp"> {
  let summary = "Lower algorithms and their correctness conditions to SMT";
  let description = [{
    Replaces every `coll.algorithm` by an `smt.solver` whose assertions are
    satisfiable exactly when the algorithm violates a property of
    docs/Verification.md (link and duration, no overlap on a link, causality, delivery,
    contributions reduced exactly once, reported time). Each possible
    violation is a named boolean (`bad_link_t3`, `bad_delivery_c2_n5`, ...),
    so a model is a counterexample. Networks and requests are removed: the
    result is a pure SMT module for `tacos-translate --export-smtlib`.
    `coll-verify-smt` runs the same encoding through Z3 in process.

    ```mlir
    topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
    coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) {
      coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
      coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
    }
    ```
    becomes one `smt.solver` asserting `s_0 = 0`, `e_0 = 21000000`, ...,
    `bad_link_t0 = (e_0 - s_0 != 21000000)`, ... and `(or bad_...)`.
  }];
  let dependentDialects = ["::mlir::smt::SMTDialect"];
}

def ConvertMPIProgramToLLVM
    : Pass<"convert-mpi-program-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower func, mpi, memref, arith, cf, ub and index to LLVM";
  let description = [{
    One dialect conversion, with one LLVMTypeConverter, of everything a
    program of MPI calls is made of once `scf` is lowered to `cf` and
    `memref.subview` is expanded (as `tacos-lower-to-llvm` does first):
    upstream's patterns for func, arith, cf, memref, ub, index and for the
    mpi ops MLIR 22 lowers (init, finalize, comm_world, comm_rank,
    comm_split, send, recv, allreduce), and the project's for the rest
    (comm_size, isend, irecv, wait, barrier; see
    tacos/Conversion/MPIToLLVM.h). One conversion, because `!mpi.request`
    values cross blocks (an `scf.for` iter_arg becomes a block argument) and
    start as `ub.poison`: the type converter that turns them into the ABI's
    MPI_Request must be the one every pattern uses.

    The ABI is the module's DLTI entry, MPICH unless it says otherwise:
    ```mlir
    module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
      func.func @f(%buf: memref<?xf32>, %peer: i32) {
        %comm = mpi.comm_world : !mpi.comm
        %c0 = arith.constant 0 : i32
        %req = mpi.isend(%buf, %c0, %peer, %comm)
            : memref<?xf32>, i32, i32 -> !mpi.request
        mpi.wait(%req) : !mpi.request
        return
      }
    }
    ```
    becomes `llvm.call @MPI_Isend(ptr, count, @ompi_mpi_float, peer, 0,
    @ompi_mpi_comm_world, slot)`, a load of the request from its slot, then
    a store to the wait's slot and `llvm.call @MPI_Wait(slot, null)`.

    Fails, on the op, for: an unknown "MPI:Implementation"; an element type
    without an MPI datatype (isend/irecv take i8 to i64, f32, f64, and f16
    and bf16 as bit copies; upstream's send, recv and allreduce take no
    2-byte floats); a buffer that is not contiguous; any op left that is not
    in the LLVM dialect.
  }];
  let dependentDialects = ["::mlir::DLTIDialect", "::mlir::LLVM::LLVMDialect"];
}

def StripTopoColl : Pass<"strip-topo-coll", "mlir::ModuleOp"> {
  let summary = "Erase the topo and coll ops of a module";
  let description = [{
    Networks, requests, workloads and algorithms that were not lowered
    describe a program but are no part of it. `tacos-lower-to-llvm` erases
    them before lowering, so that what reaches LLVM is code only.
  }];
}

#endif // TACOS_CONVERSION_PASSES
