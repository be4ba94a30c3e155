//===- Passes.td - Passes of the topo dialect --------------*- tablegen -*-===//

#ifndef TACOS_TOPO_PASSES
#define TACOS_TOPO_PASSES

include "mlir/Pass/PassBase.td"

def TopoExpand : Pass<"topo-expand", "mlir::ModuleOp"> {
  let summary = "Turn topology generators into explicit NPUs, links and switches";
  let description = [{
    Rewrites every `topo.network` into `topo.npus`, `topo.link` and
    `topo.switch` ops that describe exactly the same directed multigraph:
    `topo.dims` is expanded (mixed-radix ids, dimension 0 fastest), dropped
    links disappear, and a link whose reverse has the same spec is written
    once as `<->`. It is for reading and editing a network; the core never
    needs it. Links are written in (source, destination) order.

    Before:
    ```mlir
    topo.network @ring3 {
      topo.dims [ring(3) link(50 GBps, 1 us)]
      topo.drop 2 -> 0
    }
    ```
    After:
    ```mlir
    topo.network @ring3 {
      topo.npus 3
      topo.link 0 <-> 1 link(50 GBps, 1 us)
      topo.link 0 -> 2 link(50 GBps, 1 us)
      topo.link 1 <-> 2 link(50 GBps, 1 us)
    }
    ```
    Expanding a network of more than `max-links` directed links is refused,
    since the text would be unreadable anyway; the count comes from the
    description, before anything is built.
  }];
  let options = [
    Option<"maxLinks", "max-links", "int64_t", /*default=*/"1000000",
           "Refuse to expand networks with more directed links than this">
  ];
  let statistics = [
    Statistic<"numLinksWritten", "links", "Number of topo.link ops written">
  ];
  let dependentDialects = ["::tacos::topo::TopoDialect"];
}

def TopoSummary : Pass<"topo-summary", "mlir::ModuleOp"> {
  let summary = "Print a summary of every network";
  let description = [{
    Builds the core model of each `topo.network` and prints, per network:
    NPUs, switches, directed links, hop and latency diameter, and the ingress
    and egress bandwidth per NPU (min / max over NPUs). The IR is unchanged.
    Diameters of products of dimensions come from their factors; other
    networks need a search from every NPU, and when that would take more
    than about half a second (n * (n + links) over 10^8) the summary gives
    bounds from a few searches instead, written `lower .. upper (bounds: ...)`.

    ```
    network @mesh5x5: 25 NPUs, 80 directed links
      hop diameter 8, latency diameter 4 us
      ingress per NPU: 100 GiBps .. 200 GiBps
    ```
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "File to write the summary to ('-' is stdout)">
  ];
}

def TopoUnwindSwitches : Pass<"topo-unwind-switches", "mlir::ModuleOp"> {
  let summary = "Replace every switch by point-to-point links";
  let description = [{
    docs/Algorithms.md, switch unwinding. A switch with ports p_1..p_k becomes a link i -> j for every
    ordered pair of ports, with bandwidth min(up_i, down_j) / (k - 1) and
    latency lat(up_i) + lat(down_j): all k - 1 peers can be fed at once and
    no port's bandwidth is exceeded. Switches joined by switch-to-switch
    links (a fat-tree, rails under a spine) are unwound as one fabric: each
    NPU pair it joins gets one link over its shortest routes, every fabric
    link shared equally among the pairs' traffic on it (split equally where
    routes branch), which on one switch is the split above. Networks with
    switches (`switch(n)` dimensions or `topo.switch`) are rewritten into
    explicit form; each new link carries `{via = "<switches>"}` (the
    switches its routes cross) so reports and exports can map it back, and
    the switches are kept as `unwound` records of the hardware (with the
    `topo.link` ops that end at them), which reports bound. Networks
    without switches are left alone. Writing the network anew can renumber
    the lanes of explicit parallel links (docs/Algorithms.md, switch
    unwinding): synthesize after this pass. A route whose latency adds up
    past the 1000 s a link may have is refused.

    Before:
    ```mlir
    topo.network @node { topo.dims [switch(3) link(90 GBps, 0.5 us)] }
    ```
    After:
    ```mlir
    topo.network @node {
      topo.npus 3
      topo.link 0 <-> 1 link(45 GBps, 1 us) {via = "dim0_0"}
      topo.link 0 <-> 2 link(45 GBps, 1 us) {via = "dim0_0"}
      topo.link 1 <-> 2 link(45 GBps, 1 us) {via = "dim0_0"}
      topo.switch @dim0_0 [0, 1, 2] link(90 GBps, 500 ns) unwound
    }
    ```

    A k-port switch becomes k * (k - 1) links, so the count is worked out
    before unwinding: a network that would have more than `max-links`
    directed links (or more than the 10^8 any network may have) is refused,
    naming the count; `switch(100000)` would be 10^10 links.
  }];
  let options = [
    Option<"maxLinks", "max-links", "int64_t", /*default=*/"1000000",
           "Refuse to unwind networks that would have more directed links "
           "than this">
  ];
  let dependentDialects = ["::tacos::topo::TopoDialect"];
}

def TopoAllocateBandwidth : Pass<"topo-allocate-bandwidth", "mlir::ModuleOp"> {
  let summary = "LIBRA: size each dimension's bandwidth for training workloads";
  let description = [{
    docs/Algorithms.md, LIBRA. For the `coll.workload` ops named by `workload` (default: all
    of them; they must share one network with `topo.dims`), finds the
    bandwidth per NPU B_d of every dimension that minimizes the workload
    time (`objective=perf`) or time x network cost (`perf-per-cost`, needs a
    `topo.price` for every dimension's tier), under the network's
    `topo.constraint`s and B_d >= 0, with NLopt's SLSQP. Several workloads
    are weighed by their `weight`. Dimensions whose bandwidth is already
    written are held fixed; every `?` is replaced by the optimum (B_d spread
    over the NPU's links in that dimension: a bidirectional ring gets B_d / 2
    per link, fully_connected(n) B_d / (n - 1), a switch port B_d).

    `model=analytic` times a collective as max_d a_d / B_d (LIBRA).
    `model=synthesized` (networks of at most 64 NPUs) searches allocations
    around the analytic optimum, timing every collective by TEN synthesis of
    one of its groups, and writes the best one found.

    With `report=FILE` (`-` for stdout) it writes JSON: `bandwidth_gbps`,
    `time_ns`, `cost`, and the same for equal bandwidth per dimension (same
    total, fixed dimensions kept), `speedup` and `perf_per_cost_gain` over
    it; `model=synthesized` adds the analytic optimum's synthesized score.

    Before:
    ```mlir
    topo.network @net {
      topo.dims [ring(4) link(?, 1 us) tier(chip), switch(8) link(?, 2 us) tier(pod)]
      topo.constraint sum == 300 GBps
    }
    coll.workload @tp on @net compute(1 ms) {
      coll.all_reduce size(1 GiB) dims [0] count(2)
      coll.all_reduce size(256 MiB) dims [1]
    }
    ```
    After (objective=perf): B = (217.1, 82.9) GBps per NPU, the ring's
    split over its two links.
    ```mlir
    topo.network @net {
      topo.dims [ring(4) link(108.547673 GBps, 1 us) tier(chip), switch(8) link(82.904654 GBps, 2 us) tier(pod)]
      topo.constraint sum == 300 GBps
    }
    ```
  }];
  let options = [
    Option<"objective", "objective", "::tacos::topo::AllocationObjective",
           /*default=*/"::tacos::topo::AllocationObjective::Perf",
           "What to minimize",
           [{::llvm::cl::values(
               clEnumValN(::tacos::topo::AllocationObjective::Perf, "perf",
                          "time"),
               clEnumValN(::tacos::topo::AllocationObjective::PerfPerCost,
                          "perf-per-cost", "time x network cost")),
             ::tacos::optionNoun("topo-allocate-bandwidth", "objective")}]>,
    ListOption<"workloads", "workload", "std::string",
               "Workloads to size for (@sym; default: every coll.workload)">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "Write a JSON report to this file ('-' for stderr: stdout "
           "carries the IR)">,
    Option<"model", "model", "::tacos::topo::AllocationModel",
           /*default=*/"::tacos::topo::AllocationModel::Analytic",
           "How a collective is timed",
           [{::llvm::cl::values(
               clEnumValN(::tacos::topo::AllocationModel::Analytic, "analytic",
                          "LIBRA's formulas"),
               clEnumValN(::tacos::topo::AllocationModel::Synthesized,
                          "synthesized",
                          "TEN-synthesized collective times, <= 64 NPUs")),
             ::tacos::optionNoun("topo-allocate-bandwidth", "model")}]>,
    Option<"trials", "trials", "unsigned", /*default=*/"1",
           "model=synthesized: synthesis seeds tried per collective">,
    Option<"threads", "threads", "unsigned", /*default=*/"0",
           "model=synthesized: threads the trials run on (0: every core); "
           "the result is the same whatever the count">,
    Option<"chunks", "chunks", "int64_t", /*default=*/"1",
           "model=synthesized: chunks per rank of each synthesized collective">,
    Option<"maxMemory", "max-memory", "::tacos::MemoryLimitOption",
           /*default=*/"::tacos::MemoryLimitOption()",
           "model=synthesized: refuse a synthesis estimated to need more memory (a size such as 8GB, or 'default': 50% of the "
           "machine's memory)">,
    Option<"timeout", "timeout", "::tacos::TimeoutOption",
           /*default=*/"::tacos::TimeoutOption()",
           "model=synthesized: stop the search after this many seconds, with an error (0: no limit)">
  ];
  let dependentDialects = ["::tacos::topo::TopoDialect",
                           "::tacos::coll::CollDialect"];
}

#endif // TACOS_TOPO_PASSES
