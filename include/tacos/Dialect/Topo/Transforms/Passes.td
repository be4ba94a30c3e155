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
    since the text would be unreadable anyway.
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
    DESIGN §5.3. A switch with ports p_1..p_k becomes a link i -> j for every
    ordered pair of ports, with bandwidth min(up_i, down_j) / (k - 1) and
    latency lat(up_i) + lat(down_j): all k - 1 peers can be fed at once and
    no port's bandwidth is exceeded. Networks with switches (`switch(n)`
    dimensions or `topo.switch`) are rewritten into explicit form; each new
    link carries `{via = "<switch>"}` so reports and exports can map it back
    to its ports. Networks without switches are left alone.

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
    }
    ```
  }];
  let dependentDialects = ["::tacos::topo::TopoDialect"];
}

#endif // TACOS_TOPO_PASSES
