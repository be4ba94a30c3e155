//===- Passes.td - Passes of the coll dialect --------------*- tablegen -*-===//

#ifndef TACOS_COLL_PASSES
#define TACOS_COLL_PASSES

include "mlir/Pass/PassBase.td"

def CollMaterialize : Pass<"coll-materialize", "mlir::ModuleOp"> {
  let summary = "Store every algorithm's transfers in the readable or packed form";
  let description = [{
    Converts the transfers of every `coll.algorithm` between the readable
    form (one `coll.transfer` op per transfer) and the packed form (columns in
    a `dense_resource` blob, 31 bytes per transfer). The transfers themselves
    do not change, so `form=packed` followed by `form=ops` gives back the
    input. Use it to read a large schedule, or to shrink one before writing
    bytecode (`tacos-opt --emit-bytecode`).

    Before (`form=packed`):
    ```mlir
    coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) {
      coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
      coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
    }
    ```
    After:
    ```mlir
    coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us)
        packed(dense_resource<ag_transfers> : tensor<62xi8>)
    ```
  }];
  let options = [
    Option<"form", "form", "::tacos::coll::TransferForm",
           /*default=*/"::tacos::coll::TransferForm::Ops",
           "Storage form of the transfers: 'ops' (readable) or 'packed'",
           [{::llvm::cl::values(
               clEnumValN(::tacos::coll::TransferForm::Ops, "ops",
                          "one coll.transfer op per transfer"),
               clEnumValN(::tacos::coll::TransferForm::Packed, "packed",
                          "columns in a dense_resource blob")),
             ::tacos::optionNoun("coll-materialize", "form",
                                 /*quoted=*/true)}]>,
    Option<"maxMemory", "max-memory", "::tacos::MemoryLimitOption",
           /*default=*/"::tacos::MemoryLimitOption()",
           "Refuse form=ops for an algorithm whose ops are estimated to need "
           "more memory (a size such as 8GB, or 'default': 50% of the "
           "machine's memory)">
  ];
}

def CollSynthesize : Pass<"coll-synthesize", "mlir::ModuleOp"> {
  let summary = "Lower collective requests to algorithms";
  let description = [{
    Replaces every request (`coll.all_gather`, `coll.broadcast`, ...) by a
    `coll.algorithm` of the same name. `algorithm=tacos` (the default) runs
    TACOS greedy link-chunk matching on the time-expanded network
    (docs/Algorithms.md); `exact` asks Z3 for the fastest schedule under
    the link model, between TACOS's and the lower bounds (small networks),
    and writes its verdict on the algorithm (`coll.exact_optimal`,
    `coll.exact_proof`). Its search ends at Z3's resource budget `rlimit`,
    which Z3 counts the same on every machine, so the verdict does not
    depend on speed or load; `time-limit-ms` and `timeout` are wall-clock
    safety nets. A search a limit stopped keeps the best schedule, states
    the gap and the limit (`coll.exact_stopped_by`) and warns; `ring`, `direct`,
    `rhd`, `dbt` and `hierarchical` build what NCCL and Open MPI run on the
    physical network with shortest-path routing (§5.6): NCCL's ring through
    the topology (both directions where its links allow), direct, recursive
    halving-doubling, NCCL's double binary tree, and rings inside nodes and
    along rails. Every result is timed by the simulator's semantics, so
    `coll-simulate` reproduces it.

    Every algorithm accepts every collective. `tacos` and `exact` build the
    combining ones (Reduce-Scatter, Reduce: the inverse of an All-Gather /
    Broadcast built on the transposed network; All-Reduce: Reduce-Scatter
    then All-Gather, as `coll-decompose`); the baselines build them by their
    own construction (a ring All-Reduce is a ring Reduce-Scatter then a ring
    All-Gather). A baseline that does not apply says why (`rhd` on 6 NPUs,
    `hierarchical` without nodes). A collective whose destinations cannot
    be reached is an error naming one unreachable pair. The algorithm names are the
    catalogue's (Synthesis/Algorithms.h); a unit test (CatalogueSyncTests)
    fails if the option's list drifts from it.

    Runs after: `topo-unwind-switches` (`tacos` and `exact` refuse a network
    with switches; the baselines route transfers through them) and
    `topo-allocate-bandwidth` (a network with undecided `?` bandwidths is
    refused).

    Before:
    ```mlir
    topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
    coll.all_gather @ag on @pair size(2 MB)
    ```
    After:
    ```mlir
    topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
    coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) {
      coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
      coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
    }
    ```
    Runs print their progress on stderr when it is a terminal.

    `algorithm=exact frontier=true` enumerates SCCL's Pareto frontier
    instead (docs/Algorithms.md, "Frontier"): for steps S from the least
    possible upward, the least rounds per chunk R/C (C <= `max-chunks`) that
    Z3 finds satisfiable, keeping the points where R/C improves, until R/C
    meets the bandwidth lower bound (or a limit runs out, or 16 steps). Each
    point becomes a verified algorithm `@<name>_s<S>_r<R>_c<C>` for the
    request with `chunks(C)`, carrying `coll.exact_steps`,
    `coll.exact_rounds`, `coll.exact_chunks` and `coll.sccl_cost` (SCCL's
    cost `S * alpha + R * chunk/B` in ps: `alpha_ps`, `beta_ps`, and
    `proved`: false when a check was left undecided, so R/C is the least
    found, not proved least); its time is the simulated one. A frontier that
    a limit stopped is incomplete: a warning on the request names the limit,
    the option to raise and the (steps, rounds, chunks) checks left
    undecided, and every point carries `coll.frontier_incomplete =
    {stopped_by, undecided = ["s3_r7_c6", ...], unsearched_steps}`. The request itself is
    replaced by its points (its own `chunks` is not used). Non-combining
    collectives only; `frontier=true` with another algorithm, or
    `max-chunks=0`, is an error. For example (transfers left out):
    ```
    coll.all_gather @ag on @dgx1 size(48 MB)
    // coll-synthesize="algorithm=exact frontier=true max-chunks=6":
    coll.algorithm @ag_s2_r3_c2 all_gather on @dgx1 size(48 MB) chunks(2)
        time(...) attributes {coll.exact_steps = 2, coll.exact_rounds = 3,
        coll.exact_chunks = 2, coll.sccl_cost = {alpha_ps = 600000,
        beta_ps = 360000000, proved = true}} { ... }
    coll.algorithm @ag_s3_r7_c6 ... chunks(6) ...
    ```
  }];
  let options = [
    Option<"algorithm", "algorithm", "::tacos::coll::AlgorithmName",
           /*default=*/"::tacos::algorithmName(::tacos::kDefaultAlgorithm)",
           "best | tacos | exact | ring | direct | rhd | dbt | hierarchical",
           [{::tacos::optionNoun("coll-synthesize", "algorithm")}]>,
    Option<"rlimit", "rlimit", "unsigned", /*default=*/"50000000",
           "algorithm=exact: Z3's resource budget for the whole search, in "
           "Z3's units, which count its work the same on every machine; past "
           "it the best schedule found is kept (0: no limit)">,
    Option<"timeLimitMs", "time-limit-ms", "unsigned", /*default=*/"600000",
           "algorithm=exact: wall-clock safety net: stop the search after "
           "this many milliseconds, keeping the best schedule found (the "
           "result then depends on the machine; 0: no limit)">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "Seed of the tie-breaking RNG (results are reproducible)">,
    Option<"trials", "trials", "unsigned", /*default=*/"1",
           "Synthesize with seeds seed..seed+trials-1 and keep the fastest">,
    Option<"threads", "threads", "unsigned", /*default=*/"0",
           "Threads the trials run on (0: every core); the result is the "
           "same whatever the count">,
    Option<"materialize", "materialize", "::tacos::coll::Materialization",
           /*default=*/"::tacos::coll::Materialization::Auto",
           "How to store transfers",
           [{::llvm::cl::values(
               clEnumValN(::tacos::coll::Materialization::Auto, "auto",
                          "ops up to 10000 transfers, else packed"),
               clEnumValN(::tacos::coll::Materialization::Ops, "ops",
                          "one coll.transfer op per transfer"),
               clEnumValN(::tacos::coll::Materialization::Packed, "packed",
                          "columns in a dense_resource blob"),
               clEnumValN(::tacos::coll::Materialization::None, "none",
                          "time and count only")),
             ::tacos::optionNoun("coll-synthesize", "materialize mode")}]>,
    Option<"latency", "latency", "::tacos::LinkModel",
           /*default=*/"::tacos::LinkModel::Blocking", "Link model",
           [{::llvm::cl::values(
               clEnumValN(::tacos::LinkModel::Blocking, "blocking",
                          "a chunk holds the link for latency + "
                          "size/bandwidth"),
               clEnumValN(::tacos::LinkModel::Pipelined, "pipelined",
                          "the next chunk may start after size/bandwidth")),
             ::tacos::optionNoun("coll-synthesize", "latency model")}]>,
    Option<"maxMemory", "max-memory", "::tacos::MemoryLimitOption",
           /*default=*/"::tacos::MemoryLimitOption()",
           "Refuse, before starting, a synthesis estimated to need more memory (a size such as 8GB, or 'default': 50% of the "
           "machine's memory)">,
    Option<"timeout", "timeout", "::tacos::TimeoutOption",
           /*default=*/"::tacos::TimeoutOption()",
           "Stop a synthesis still running after this many seconds, with an error (0: no limit)">,
    Option<"frontier", "frontier", "bool", /*default=*/"false",
           "algorithm=exact: one algorithm per point of SCCL's Pareto "
           "frontier of steps and rounds per chunk">,
    Option<"maxChunks", "max-chunks", "unsigned", /*default=*/"8",
           "frontier=true: the most chunks per rank a point may use (1-64)">,
    Option<"verify", "verify", "bool", /*default=*/"true",
           "Check every result with the native verifier before writing it "
           "(false: leave that to a coll-verify that follows, as "
           "tacos-pipeline does)">
  ];
  let statistics = [
    Statistic<"numTransfers", "transfers", "Transfers synthesized">
  ];
}

def CollSimulate : Pass<"coll-simulate", "mlir::ModuleOp"> {
  let summary = "Recompute transfer times from link order and dependencies";
  let description = [{
    Re-times every `coll.algorithm`: each transfer starts as soon as its link
    is free (in the algorithm's per-link order) and its chunk is at the
    source, under the link model. A `reduce` transfer carries the source's
    partial chunk: it leaves once every `reduce` of that chunk into the
    source has arrived (and the source's own share, if it participates); an
    All-Reduce's copies leave a chunk's owner once its reduction there is
    complete. Updates the transfers, `time` and `latency(...)`. For
    synthesized algorithms (every collective) the times do not change: the
    synthesizer's output is already as early as its order allows. Fails,
    naming the transfer, on a transfer over a missing link, one that sends
    a chunk before it can be there, or a partial that leaves before a
    contribution sent to it.

    Runs after: `coll-synthesize` with `materialize` other than `none` (or
    on hand-written algorithms).
  }];
  let options = [
    Option<"latency", "latency", "::tacos::coll::SimulationLatency",
           /*default=*/"::tacos::coll::SimulationLatency::Own",
           "Link model to time with (default: the algorithm's own)",
           [{::llvm::cl::values(
               clEnumValN(::tacos::coll::SimulationLatency::Own, "",
                          "the algorithm's own"),
               clEnumValN(::tacos::coll::SimulationLatency::Blocking,
                          "blocking", "a chunk holds the link for latency + "
                          "size/bandwidth"),
               clEnumValN(::tacos::coll::SimulationLatency::Pipelined,
                          "pipelined",
                          "the next chunk may start after size/bandwidth")),
             ::tacos::optionNoun("coll-simulate", "latency model")}]>
  ];
}

def CollReport : Pass<"coll-report", "mlir::ModuleOp"> {
  let summary = "Report time, bandwidth and lower bounds of every algorithm";
  let description = [{
    Prints, per `coll.algorithm`: NPUs, chunks, chunk bytes, time, algorithm
    and bus bandwidth (nccl-tests conventions), the lower bounds of
    docs/Reports.md and the ratio to the best of them, the certificate (the
    time is optimal when it equals the best bound, which is named; else the
    gap to it), and optionally the times of the Ring, Direct, RHD and DBT
    baselines on the same network and the exact schedule's time with what
    is proved of it. `format=json` writes a top-level array of objects with
    the keys `name`, `collective`, `npus`, `chunks`, `chunk_bytes`,
    `size_bytes`, `time_us`, `lower_bound_us`, `transfers`, `synthesis_ms`
    (null unless `coll-synthesize` or `coll-decompose` synthesized it in
    the same run), `verified`, `verified_smt`,
    `verification` (why not verified), plus `lower_bounds_us`,
    `best_bound`, `ratio_to_bound`, `certificate`, `algbw_gbps`,
    `busbw_gbps`, `baselines_us` and the `exact_*` keys. The IR is
    unchanged.

    "verified" states only what was checked in this run: the report re-runs
    the native verifier on every materialized algorithm that coll-verify did
    not pass earlier in the same pipeline, and says "verified by z3" only
    for algorithms coll-verify-smt proved earlier in the same pipeline. The `coll.verified` and `coll.verified_smt` attributes of the
    input are not trusted: anyone can write them. Likewise the strict-phase
    time of an All-Reduce (`strict_phases_us`, the gain of pipelining its
    phases) is printed only when `coll-decompose` or `coll-synthesize`
    computed it in the same pipeline, not from `coll.strict_phases_time`.
    A certificate is given only for a time the report verified itself.

    Runs after: `coll-synthesize` or `coll-decompose` (and
    `coll-verify-smt`, for "verified by z3"); `synthesis_ms` needs the
    synthesis and the report in the same pipeline.
  }];
  let options = [
    Option<"format", "format", "::tacos::coll::ReportFormat",
           /*default=*/"::tacos::coll::ReportFormat::Text", "Report format",
           [{::llvm::cl::values(
               clEnumValN(::tacos::coll::ReportFormat::Text, "text",
                          "one block per algorithm"),
               clEnumValN(::tacos::coll::ReportFormat::Json, "json",
                          "an array of objects")),
             ::tacos::optionNoun("coll-report", "format")}]>,
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "File to write to (default stderr; '-' is stdout, where the IR goes too unless -o sends it elsewhere)">,
    Option<"baselines", "baselines", "bool", /*default=*/"false",
           "Also time the Ring, Direct, RHD and DBT baselines">,
    Option<"exact", "exact", "bool", /*default=*/"false",
           "Also synthesize the exact (Z3) schedule of small networks and "
           "print the optimality gap and what is proved of it">,
    Option<"maxMemory", "max-memory", "::tacos::MemoryLimitOption",
           /*default=*/"::tacos::MemoryLimitOption()",
           "Skip, with a note, a baseline or exact schedule estimated to need more memory (a size such as 8GB, or 'default': 50% of the "
           "machine's memory)">,
    Option<"timeout", "timeout", "::tacos::TimeoutOption",
           /*default=*/"::tacos::TimeoutOption()",
           "Skip, with a note, a baseline or exact schedule still running after this many seconds (0: no limit)">
  ];
}

def CollRepair : Pass<"coll-repair", "mlir::ModuleOp"> {
  let summary = "Repair algorithms after links of their network fail";
  let description = [{
    For every `coll.algorithm` whose transfers use a link its network no
    longer has (a `topo.drop` added after synthesis, or one `drop=` adds),
    keeps every transfer that does not depend on a dropped link and routes
    only the lost (chunk, NPU) deliveries into the link time the kept
    transfers leave free (docs/Algorithms.md, repair). Combining collectives
    are repaired through their duals, as they are synthesized. The repaired
    algorithm is verified before it replaces the old one (its form, ops or
    packed, is kept; `coll.verified` is dropped, run `coll-verify` again).
    Algorithms that use no dropped link are left as they are. Each repair
    is reported as a remark: transfers kept, lost and added, the old and
    the new time.

    `drop=5-6,7-8` first adds `topo.drop 5 <-> 6` and `topo.drop 7 <-> 8`
    to the network of the algorithms (which must all be on one network).
    A destination that can no longer be reached is an error naming the
    pair and the dropped links (`npu 3 cannot reach npu 5 after dropping
    5 <-> 6`). An algorithm that cannot be repaired is left as it was and
    the others are still repaired; the pass then fails with an error that
    names every algorithm it left as it was. The kept transfers keep their
    times and the routed ones their reservations, a valid timing;
    algorithms of up to 100,000 transfers, or any with `compact`, are then
    compacted (every transfer as early as `coll-simulate` would make it;
    several times the repair on large schedules).

    Runs after: `coll-synthesize` with `materialize` other than `none`.

    ```mlir
    topo.network @ring4 {
      topo.dims [ring(4) link(1 GBps, 1 us)]
      topo.drop 0 <-> 1            // new: the algorithm below used it
    }
    coll.algorithm @ag all_gather on @ring4 size(4 KB) time(...) { ... }
    ```
  }];
  let options = [
    ListOption<"drops", "drop", "std::string",
               "Links a-b to drop (both directions) before repairing">,
    Option<"compact", "compact", "bool", /*default=*/"false",
           "Compact whatever the size (always done up to 100,000 transfers)">
  ];
  let statistics = [
    Statistic<"numRepaired", "repaired", "Algorithms repaired">,
    Statistic<"numKept", "kept", "Transfers kept">,
    Statistic<"numAdded", "added", "Transfers routed anew">
  ];
}

def CollVerify : Pass<"coll-verify", "mlir::ModuleOp"> {
  let summary = "Check every algorithm against the properties of docs/Verification.md";
  let description = [{
    The native checker: link and duration of every transfer, no overlap on a
    link, causality, delivery of every required (chunk, NPU), contributions
    reduced exactly once, and the reported time. It is written independently
    of the synthesizer and trusts nothing the algorithm says about itself.
    Each violation is an error naming the property and the transfer
    (`coll-verify: causality: chunk 3 leaves npu 4 at 5000 ps before it is
    there`), on the `coll.transfer` op when the algorithm is readable. An
    algorithm that passes gets the `coll.verified` attribute, which
    `coll-report` shows and any later rewrite of its transfers removes.

    Runs after: `coll-synthesize` with `materialize` other than `none` (or
    on hand-written algorithms).
  }];
  let options = [
    Option<"maxViolations", "max-violations", "unsigned", /*default=*/"10",
           "Report at most this many violations per algorithm (0: all)">
  ];
}

def CollVerifySMT : Pass<"coll-verify-smt", "mlir::ModuleOp"> {
  let summary = "Check every algorithm with Z3, through the smt dialect";
  let description = [{
    Encodes each algorithm as `convert-coll-to-smt` does, exports it to
    SMT-LIB and runs Z3 in process. Unsatisfiable means correct (the
    algorithm gets `coll.verified_smt`); a model is a counterexample, turned
    into an error naming the property and the offending transfer, as
    `coll-verify` would. Reductions are encoded as bit-vectors, one bit per
    participant, so combining collectives take at most 64 participants.

    Runs after: `coll-synthesize` with `materialize` other than `none` (or
    on hand-written algorithms).
  }];
  let options = [
    Option<"timeoutMs", "timeout-ms", "unsigned", /*default=*/"0",
           "Give up (with an error) after this many milliseconds (0: never)">,
    Option<"maxMemory", "max-memory", "::tacos::MemoryLimitOption",
           /*default=*/"::tacos::MemoryLimitOption()",
           "Refuse, before encoding, an algorithm whose SMT problem is estimated to need more memory (a size such as 8GB, or 'default': 50% of the "
           "machine's memory)">,
    Option<"timeout", "timeout", "::tacos::TimeoutOption",
           /*default=*/"::tacos::TimeoutOption()",
           "Give up (with an error) after this many seconds; with timeout-ms, the smaller limit holds (0: no limit)">
  ];
}

def CollInvert : Pass<"coll-invert", "mlir::ModuleOp"> {
  let summary = "Invert algorithms: All-Gather <-> Reduce-Scatter, Broadcast <-> Reduce, Scatter <-> Gather";
  let description = [{
    Time-reverses every invertible `coll.algorithm` (docs/Algorithms.md, inversion): a
    transfer of chunk c over u -> v during [s, e] becomes one over v -> u
    during [T - e, T - s], a `copy` becomes a `reduce` and back (Scatter and
    Gather stay copies). Each chunk's tree is then a reduction tree into its
    owner, which needs every NPU to receive every chunk exactly once (a
    source never receives its own chunk): an algorithm that does not is
    refused, naming the pair. Copies that lead nowhere (into an NPU that
    does not need the chunk and sends it on to no destination) are dropped
    first. Algorithms with no inverse (All-to-All, All-Reduce) are left as
    they are, with a remark.

    The inverse runs on the transposed network. For symmetric networks that
    is the same network; otherwise the pass adds `@<network>_transposed`
    (explicit links) and points the algorithm at it. Inverting twice gives
    the original back. `coll-synthesize` uses the same code for combining
    requests.
  }];
}

def CollDecompose : Pass<"coll-decompose", "mlir::ModuleOp"> {
  let summary = "All-Reduce -> Reduce-Scatter ; All-Gather, as one algorithm";
  let description = [{
    Lowers every `coll.all_reduce` request to one `coll.algorithm` with two
    phases: a Reduce-Scatter (an All-Gather synthesized on the transposed
    network, time-reversed) and an All-Gather. With `phases=pipelined` (the
    default) a chunk's All-Gather starts as soon as its own reduction has
    finished and its links are free; with `phases=strict` only after the
    whole Reduce-Scatter. The algorithm records the strict-phase time in
    `coll.strict_phases_time`, for the reader; `coll-report` later in the
    same pipeline prints the gain (from this run's value: it does not
    believe the attribute, which an input may carry with any number).
    `coll-synthesize` lowers All-Reduce requests the same way; this pass
    does only that step, so it can be run and tested alone. Other requests
    are left alone.

    Runs after: `topo-unwind-switches` and `topo-allocate-bandwidth`, as
    `coll-synthesize`.
  }];
  let options = [
    Option<"phases", "phases", "::tacos::coll::DecomposePhases",
           /*default=*/"::tacos::coll::DecomposePhases::Pipelined",
           "When a chunk's All-Gather may start",
           [{::llvm::cl::values(
               clEnumValN(::tacos::coll::DecomposePhases::Pipelined,
                          "pipelined", "once its reduction has finished"),
               clEnumValN(::tacos::coll::DecomposePhases::Strict, "strict",
                          "after the whole Reduce-Scatter")),
             ::tacos::optionNoun("coll-decompose", "phases")}]>,
    Option<"latency", "latency", "::tacos::LinkModel",
           /*default=*/"::tacos::LinkModel::Blocking", "Link model",
           [{::llvm::cl::values(
               clEnumValN(::tacos::LinkModel::Blocking, "blocking",
                          "a chunk holds the link for latency + "
                          "size/bandwidth"),
               clEnumValN(::tacos::LinkModel::Pipelined, "pipelined",
                          "the next chunk may start after size/bandwidth")),
             ::tacos::optionNoun("coll-decompose", "latency model")}]>,
    Option<"seed", "seed", "uint64_t", /*default=*/"0", "Synthesis seed">,
    Option<"trials", "trials", "unsigned", /*default=*/"1",
           "Seeds to try per phase, keeping the fastest">,
    Option<"threads", "threads", "unsigned", /*default=*/"0",
           "Threads the trials run on (0: every core); the result is the "
           "same whatever the count">,
    Option<"maxMemory", "max-memory", "::tacos::MemoryLimitOption",
           /*default=*/"::tacos::MemoryLimitOption()",
           "Refuse, before starting, a synthesis estimated to need more memory (a size such as 8GB, or 'default': 50% of the "
           "machine's memory)">,
    Option<"timeout", "timeout", "::tacos::TimeoutOption",
           /*default=*/"::tacos::TimeoutOption()",
           "Stop a synthesis still running after this many seconds, with an error (0: no limit)">
  ];
}

#endif // TACOS_COLL_PASSES
