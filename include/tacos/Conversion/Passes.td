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
    upstream's patterns for func, arith, cf (`cf.assert` aborts), memref,
    ub, index and for the
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

def ConvertCollToMPI : Pass<"convert-coll-to-mpi", "mlir::ModuleOp"> {
  let summary = "Lower algorithms to functions that run them with MPI";
  let description = [{
    Replaces every `coll.algorithm` by a function that executes the calling
    rank's part of the schedule, written in upstream dialects only (`func`,
    `mpi`, `memref`, `scf`, `arith`, `ub`), so any MLIR pipeline that
    lowers those takes it as it is (tacos' own: `tacos-lower-to-llvm`):

    ```
    func.func @name(%in: memref<?xT>, %out: memref<?xT>, %elements: index)
        -> i32 attributes {llvm.emit_c_interface}      // T: the element type
    ```

    `%elements` is the element count E of the request's `size` buffer; it
    splits into whole-element pieces, piece j covering
    [floor(j*E/P), floor((j+1)*E/P)), so any E works. Rank r of
    `MPI_COMM_WORLD` is NPU r. The function returns 0 on success (at once on
    ranks outside the group), 1 if the communicator's size is not the
    network's NPU count, 2 if a buffer is shorter than the collective needs
    (lengths per collective in docs/CollToMPI.md), 3 if E cannot be split
    (All-to-All: E must be a multiple of the participant count). Scratch
    space is allocated inside and freed before returning; `in` and `out` may
    alias exactly where the collective's in-place form does (All-Gather:
    `in` is `out`'s own slice; All-Reduce, Broadcast, Reduce: `in` is `out`).

    Nothing is decided here: the steps (post a send or a receive, wait,
    combine, copy) and their order come from the core's `ExecutionPlan`,
    which orders every rank's events by time so that the program cannot
    deadlock and messages match by MPI's non-overtaking rule (docs/CollToMPI.md
    has the argument). Every message of the i-th lowered algorithm carries
    tag `tag + i`.

    An algorithm is lowered only if the native verifier (`coll-verify`)
    accepts it: a violation is an error naming the property, and nothing is
    lowered. Unmaterialized algorithms (`materialize=none`) are rejected.
    Lowered algorithms and the networks nothing refers to any more are
    erased; the module's DLTI entry "MPI:Implementation" is set from `mpi=`
    when it has none.

    Small programs are unrolled (`scf.index_switch` on the rank, one op per
    step); large ones become one constant `i64` table of all ranks' steps
    (`memref.global`) walked by one `scf.for`, with the outstanding requests
    carried as loop values.

    ```mlir
    topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
    coll.algorithm @ag all_gather on @pair size(8 B) time(1.00008 us) {
      coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
      coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
    }
    ```
    becomes `func.func @ag(...)` whose case for rank 0 copies its piece from
    `in` to `out` (unless they are the same memory), posts `mpi.irecv` of
    piece 1 from rank 1 and `mpi.isend` of piece 0 to rank 1 (each on a
    `memref.subview` of `out`), and waits for both. docs/CollToMPI.md has the
    buffer lengths, the table form's row encoding and the options in full.
  }];
  let options = [
    Option<"elementType", "element-type", "::tacos::MPIElementType",
           /*default=*/"::tacos::MPIElementType::F32",
           "Element type of the buffers",
           [{::llvm::cl::values(
               clEnumValN(::tacos::MPIElementType::F32, "f32", "32-bit float"),
               clEnumValN(::tacos::MPIElementType::F64, "f64", "64-bit float"),
               clEnumValN(::tacos::MPIElementType::I32, "i32", "32-bit integer"),
               clEnumValN(::tacos::MPIElementType::I64, "i64", "64-bit integer"),
               clEnumValN(::tacos::MPIElementType::F16, "f16",
                          "16-bit float (sum only)"),
               clEnumValN(::tacos::MPIElementType::BF16, "bf16",
                          "bfloat16 (sum only)")),
             ::tacos::optionNoun("convert-coll-to-mpi", "element type",
                                 /*quoted=*/true)}]>,
    Option<"reduction", "reduction", "::tacos::exec::ReduceOp",
           /*default=*/"::tacos::exec::ReduceOp::Sum",
           "Element-wise reduction of combining collectives",
           [{::llvm::cl::values(
               clEnumValN(::tacos::exec::ReduceOp::Sum, "sum", "sum"),
               clEnumValN(::tacos::exec::ReduceOp::Max, "max", "maximum"),
               clEnumValN(::tacos::exec::ReduceOp::Min, "min", "minimum")),
             ::tacos::optionNoun("convert-coll-to-mpi", "reduction",
                                 /*quoted=*/true)}]>,
    Option<"symbol", "symbol", "std::string", /*default=*/"\"\"",
           "Name of the function (default: the algorithm's name); only for "
           "a module with one algorithm">,
    Option<"tag", "tag", "int64_t", /*default=*/"0",
           "Tag of the first algorithm's messages; the i-th algorithm uses "
           "tag + i, which must stay below 32768">,
    Option<"form", "form", "::tacos::MPILoweringForm",
           /*default=*/"::tacos::MPILoweringForm::Auto",
           "How the steps are written",
           [{::llvm::cl::values(
               clEnumValN(::tacos::MPILoweringForm::Auto, "auto",
                          "unrolled up to 4096 steps over all ranks, else table"),
               clEnumValN(::tacos::MPILoweringForm::Unrolled, "unrolled",
                          "one op per step under a switch on the rank"),
               clEnumValN(::tacos::MPILoweringForm::Table, "table",
                          "a constant table of steps walked by one loop")),
             ::tacos::optionNoun("convert-coll-to-mpi", "form",
                                 /*quoted=*/true)}]>,
    Option<"mpi", "mpi", "::tacos::MPILibrary",
           /*default=*/"::tacos::MPILibrary::OpenMPI",
           "MPI library written to the module's DLTI \"MPI:Implementation\" "
           "entry when it has none",
           [{::llvm::cl::values(
               clEnumValN(::tacos::MPILibrary::OpenMPI, "openmpi",
                          "Open MPI (Debian's default)"),
               clEnumValN(::tacos::MPILibrary::MPICH, "mpich",
                          "MPICH and its ABI")),
             ::tacos::optionNoun("convert-coll-to-mpi", "MPI implementation",
                                 /*quoted=*/true)}]>,
    Option<"maxMemory", "max-memory", "::tacos::MemoryLimitOption",
           /*default=*/"::tacos::MemoryLimitOption()",
           "Refuse, before lowering, an algorithm whose rank programs are "
           "estimated to need more memory (a size such as 8GB, or "
           "'default': 50% of the machine's memory)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::DLTIDialect",
    "::mlir::func::FuncDialect", "::mlir::memref::MemRefDialect",
    "::mlir::mpi::MPIDialect", "::mlir::scf::SCFDialect",
    "::mlir::ub::UBDialect"
  ];
}

def LowerShardCollectives
    : Pass<"tacos-lower-shard-collectives", "mlir::ModuleOp"> {
  let summary = "Lower shard collectives to calls of verified tacos algorithms";
  let description = [{
    The bridge from MLIR's `shard` dialect (docs/Shard.md): every
    `shard.all_reduce`, `all_gather`, `reduce_scatter`, `all_to_all`,
    `broadcast`, `reduce`, `gather` and `scatter` on a `shard.grid` of
    static shape becomes a call of a function that runs, on the calling
    process, a verified algorithm synthesized for the collective on the
    network, instead of an MPI collective that knows nothing of it.

    The network is the `topo.network` named by the grid's `tacos.network`
    attribute, or else by `network=`. Grid device d (MPI rank d, as
    upstream's `convert-shard-to-mpi` has it) sits on NPU `placement[d]`:
    the grid's `tacos.placement` array, or else `placement=`, or else the
    identity. The grid must have as many devices as the network has NPUs.

    For each distinct request (collective, grid, axes, element type,
    element count, reduction, root) the pass synthesizes one algorithm per
    device group (devices sharing their coordinates outside `grid_axes`,
    ordered by the listed axes) with the `coll-synthesize` options given,
    lowers each as `convert-coll-to-mpi` does (one function per group) and
    writes one dispatch function that runs the calling rank's group. The op
    becomes a call of the dispatch function on flat buffers; a tensor
    operand goes through `bufferization.to_buffer` and the result comes
    back with `bufferization.to_tensor`, so One-Shot Bufferize runs after.
    A call that fails (wrong communicator size) stops the program with
    `cf.assert`.

    ```mlir
    topo.network @net { topo.dims [ring(4) link(50 GBps, 1 us), line(2) link(25 GBps, 2 us)] }
    shard.grid @grid(shape = 2x4) {tacos.network = @net}
    func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
      %y = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8xf32> -> tensor<8xf32>
      return %y : tensor<8xf32>
    }
    ```
    becomes a call `@tacos_all_reduce_0(%in, %out, %c8)` whose body picks,
    by the rank, `@tacos_all_reduce_0_g0` (devices 0-3) or
    `@tacos_all_reduce_0_g1` (devices 4-7).

    Errors name the op: a dynamic shape or root, a reduction other than
    sum, max or min (f16 and bf16: sum), an element type other than f32,
    f64, i32, i64, f16, bf16, a conversion between element types, a
    gather, scatter, split or concat axis with a non-unit dimension before
    it, an element count the collective cannot split, an input or result
    over 1 PiB, a missing network, a grid that does not match the network
    or has more than 2^32 - 1 devices, an invalid placement, and a
    synthesis that fails. A grid's `tacos.network` that is not a symbol, a
    `tacos.placement` that is not `array<i64: ...>` and any other `tacos.*`
    attribute are errors at the grid.
  }];
  let options = [
    Option<"network", "network", "std::string", /*default=*/"\"\"",
           "The topo.network of grids without a tacos.network attribute">,
    ListOption<"placement", "placement", "int64_t",
               "NPU of each grid device, by linear index (default: the "
               "identity), for grids without a tacos.placement attribute">,
    Option<"algorithm", "algorithm", "::tacos::coll::AlgorithmName",
           /*default=*/"::tacos::algorithmName(::tacos::kDefaultAlgorithm)",
           "best | tacos | exact | ring | direct | rhd | dbt | hierarchical",
           [{::tacos::optionNoun("tacos-lower-shard-collectives", "algorithm")}]>,
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "Seed of the tie-breaking RNG">,
    Option<"trials", "trials", "unsigned", /*default=*/"1",
           "Synthesize with seeds seed..seed+trials-1 and keep the fastest">,
    Option<"threads", "threads", "unsigned", /*default=*/"0",
           "Threads the trials run on (0: every core); the result is the "
           "same whatever the count">,
    Option<"chunks", "chunks", "unsigned", /*default=*/"1",
           "Chunks per participant's buffer (chunks(k) of the requests)">,
    Option<"tag", "tag", "int64_t", /*default=*/"0",
           "Tag of the first group function's messages; the i-th uses "
           "tag + i, which must stay below 32768">,
    Option<"form", "form", "::tacos::MPILoweringForm",
           /*default=*/"::tacos::MPILoweringForm::Auto",
           "How the steps are written",
           [{::llvm::cl::values(
               clEnumValN(::tacos::MPILoweringForm::Auto, "auto",
                          "unrolled up to 4096 steps over all ranks, else table"),
               clEnumValN(::tacos::MPILoweringForm::Unrolled, "unrolled",
                          "one op per step under a switch on the rank"),
               clEnumValN(::tacos::MPILoweringForm::Table, "table",
                          "a constant table of steps walked by one loop")),
             ::tacos::optionNoun("tacos-lower-shard-collectives", "form",
                                 /*quoted=*/true)}]>,
    Option<"mpi", "mpi", "::tacos::MPILibrary",
           /*default=*/"::tacos::MPILibrary::OpenMPI",
           "MPI library written to the module's DLTI \"MPI:Implementation\" "
           "entry when it has none",
           [{::llvm::cl::values(
               clEnumValN(::tacos::MPILibrary::OpenMPI, "openmpi",
                          "Open MPI (Debian's default)"),
               clEnumValN(::tacos::MPILibrary::MPICH, "mpich",
                          "MPICH and its ABI")),
             ::tacos::optionNoun("tacos-lower-shard-collectives",
                                 "MPI implementation", /*quoted=*/true)}]>,
    Option<"maxMemory", "max-memory", "::tacos::MemoryLimitOption",
           /*default=*/"::tacos::MemoryLimitOption()",
           "Refuse a synthesis or lowering estimated to need more memory (a size such as 8GB, or 'default': 50% of the "
           "machine's memory)">,
    Option<"timeout", "timeout", "::tacos::TimeoutOption",
           /*default=*/"::tacos::TimeoutOption()",
           "Stop a synthesis still running after this many seconds, with an error (0: no limit)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect", "::mlir::DLTIDialect",
    "::mlir::func::FuncDialect", "::mlir::memref::MemRefDialect",
    "::mlir::mpi::MPIDialect", "::mlir::scf::SCFDialect",
    "::mlir::ub::UBDialect"
  ];
}

#endif // TACOS_CONVERSION_PASSES
