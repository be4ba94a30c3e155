//===- CollOps.td - Operations of the coll dialect ---------*- tablegen -*-===//

#ifndef TACOS_COLL_OPS
#define TACOS_COLL_OPS

include "tacos/Dialect/Coll/IR/CollDialect.td"
include "tacos/Dialect/Coll/IR/CollEnums.td"
include "tacos/Dialect/Coll/IR/CollAttrs.td"
include "tacos/Dialect/Coll/IR/CollInterfaces.td"
include "tacos/Dialect/Common/CommonAttrs.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

// Every request has the same shape; only the collective differs. The C++
// verifier (verifySymbolUses) resolves the network and checks group, root,
// size and chunk count through the core's checkCollective.
class Coll_RequestOp<string mnemonic, string kind, string example>
    : Coll_Op<mnemonic, [Symbol,
        DeclareOpInterfaceMethods<SymbolUserOpInterface>,
        Coll_CollectiveOpInterface]> {
  let summary = "Request: " # kind # " on a network";
  let description = [{
    `size` is the largest buffer one NPU sees; with G participants and
    `chunks(k)` (default 1) the data splits into chunks as docs/Syntax.md, collective requests
    says. `group [...]` restricts the collective to those NPUs (ranks in the
    order written); `root(n)` names the root NPU of rooted collectives.
    Synthesis replaces the request by a `coll.algorithm` of the same name.

    ```mlir
  }] # example # [{
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, FlatSymbolRefAttr:$network,
                       OptionalAttr<Tacos_I64Attr>:$root,
                       OptionalAttr<DenseI64ArrayAttr>:$group,
                       Tacos_I64Attr:$size,
                       DefaultValuedAttr<Tacos_I64Attr, "1">:$chunks);
  let assemblyFormat = [{
    $sym_name `on` $network (`root` `(` $root^ `)`)? (`group` $group^)?
    `size` `(` custom<Size>($size) `)` (`chunks` `(` $chunks^ `)`)? attr-dict
  }];
  let extraClassDeclaration = [{
    static ::tacos::CollectiveKind getCollectiveKind() {
      return ::tacos::CollectiveKind::}] # kind # [{;
    }
  }];
}

def Coll_AllGatherOp : Coll_RequestOp<"all_gather", "AllGather", [{
    topo.network @mesh { topo.dims [line(5) link(50 GiBps, 0.5 us), line(5) link(50 GiBps, 0.5 us)] }
    coll.all_gather @ag on @mesh size(1 GiB) chunks(1)
  }]>;
def Coll_ReduceScatterOp : Coll_RequestOp<"reduce_scatter", "ReduceScatter", [{
    topo.network @mesh { topo.dims [line(5) link(50 GiBps, 0.5 us), line(5) link(50 GiBps, 0.5 us)] }
    coll.reduce_scatter @rs on @mesh size(1 GiB)
  }]>;
def Coll_AllReduceOp : Coll_RequestOp<"all_reduce", "AllReduce", [{
    topo.network @t { topo.dims [ring(3) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us)] }
    coll.all_reduce @ar on @t size(1 GiB) chunks(2)
    coll.all_reduce @tp on @t group [0, 1, 2, 3] size(256 MiB)
  }]>;
def Coll_AllToAllOp : Coll_RequestOp<"all_to_all", "AllToAll", [{
    topo.network @pod { topo.dims [switch(8) link(450 GBps, 0.7 us)] }
    coll.all_to_all @a2a on @pod size(64 MiB)
  }]>;
def Coll_BroadcastOp : Coll_RequestOp<"broadcast", "Broadcast", [{
    topo.network @pod { topo.dims [switch(8) link(450 GBps, 0.7 us)] }
    coll.broadcast @bc on @pod root(3) size(16 MiB)
  }]>;
def Coll_ReduceOp : Coll_RequestOp<"reduce", "Reduce", [{
    topo.network @pod { topo.dims [switch(8) link(450 GBps, 0.7 us)] }
    coll.reduce @rd on @pod root(3) size(16 MiB)
  }]>;
def Coll_GatherOp : Coll_RequestOp<"gather", "Gather", [{
    topo.network @pod { topo.dims [switch(8) link(450 GBps, 0.7 us)] }
    coll.gather @g on @pod root(0) size(64 MiB)
  }]>;
def Coll_ScatterOp : Coll_RequestOp<"scatter", "Scatter", [{
    topo.network @pod { topo.dims [switch(8) link(450 GBps, 0.7 us)] }
    coll.scatter @s on @pod root(0) size(64 MiB)
  }]>;

//===----------------------------------------------------------------------===//
// coll.algorithm
//===----------------------------------------------------------------------===//

// The packed transfer columns (ScheduleView's layout) in a resource blob.
def Coll_PackedTransfersAttr : Attr<
    CPred<"::llvm::isa<::mlir::DenseResourceElementsAttr>($_self)">,
    "transfer columns in a dense_resource blob, 31 bytes per transfer"> {
  let storageType = "::mlir::DenseResourceElementsAttr";
  let returnType = "::mlir::DenseResourceElementsAttr";
  let convertFromStorage = "$_self";
}

def Coll_AlgorithmOp : Coll_Op<"algorithm", [Symbol, IsolatedFromAbove,
    NoTerminator, DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    Coll_CollectiveOpInterface]> {
  let summary = "A collective algorithm: timed transfers on a network";
  let description = [{
    The result of synthesis: the request's fields, the predicted `time`, the
    link model the times assume (`latency(blocking)` is the default and is
    not printed), and the transfers. Transfers are stored in one of two forms
    behind one C++ view (`readTransfers` in ScheduleModel.h):

    - readable: one `coll.transfer` op per transfer in the body, for small
      schedules and for FileCheck;
    - packed: columns in a `dense_resource` blob (31 bytes per transfer,
      stored raw in MLIR bytecode), for schedules of millions of transfers.

    `coll-materialize form=ops|packed` converts between them. A schedule
    synthesized with `materialize=none` keeps only its time and transfer
    count (`unmaterialized(N)`); nothing can verify or export it. Times are in
    picoseconds. A transfer's `lane` picks one of several parallel links;
    `via` routes it through switches. A packed algorithm lists the switch
    sequences its routed transfers name in `routes [[@sw], [@a, @b], ...]`
    (route r is entry r - 1).

    ```mlir
    topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
    coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) {
      coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
      coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
    }
    ```

    The verifier checks that the network exists, that group, root and sizes
    are valid, and that every transfer names a valid chunk and NPUs with
    0 <= start <= end. Whether the schedule is *correct* (links exist, no
    overlap, causality, delivery) is `coll-verify`'s job.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       Coll_CollectiveKindAttr:$collective,
                       FlatSymbolRefAttr:$network,
                       OptionalAttr<Tacos_I64Attr>:$root,
                       OptionalAttr<DenseI64ArrayAttr>:$group,
                       Tacos_I64Attr:$size,
                       DefaultValuedAttr<Tacos_I64Attr, "1">:$chunks,
                       Tacos_I64Attr:$time,
                       DefaultValuedAttr<Coll_LinkModelAttr,
                                         "::tacos::coll::LinkModel::blocking">:$link_model,
                       OptionalAttr<Coll_PackedTransfersAttr>:$packed,
                       OptionalAttr<ArrayAttr>:$routes,
                       OptionalAttr<Tacos_I64Attr>:$unmaterialized);
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name $collective `on` $network (`root` `(` $root^ `)`)?
    (`group` $group^)? `size` `(` custom<Size>($size) `)`
    (`chunks` `(` $chunks^ `)`)? `time` `(` custom<Time>($time) `)`
    (`latency` `(` $link_model^ `)`)? (`packed` `(` $packed^ `)`)?
    (`routes` $routes^)?
    (`unmaterialized` `(` $unmaterialized^ `)`)?
    attr-dict-with-keyword custom<TransferBody>($body)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::tacos::CollectiveKind getCollectiveKind();
  }];
}

//===----------------------------------------------------------------------===//
// coll.transfer
//===----------------------------------------------------------------------===//

def Coll_TransferOp : Coll_Op<"transfer", [HasParent<"AlgorithmOp">]> {
  let summary = "One transfer of a chunk over a link or through switches";
  let description = [{
    `copy` stores the chunk at the destination; `reduce` combines it with the
    destination's partial chunk. Times are picoseconds `[start, end]`.
    `lane n` picks the n-th parallel link src -> dst (default 0).
    `via @sw` (or `via [@a, @b]`, switches in path order) routes the
    transfer from NPU src to NPU dst through switches: it occupies every
    link of the path at once (cut-through), and takes the first link of
    each hop.

    ```mlir
    topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
    coll.algorithm @rs reduce_scatter on @pair size(2 MB) time(21 us) {
      coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
      coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
    }
    ```
  }];
  let hasVerifier = 1;
  let arguments = (ins Coll_TransferKindAttr:$kind, Tacos_I64Attr:$chunk,
                       Tacos_I64Attr:$src, Tacos_I64Attr:$dst,
                       DefaultValuedAttr<Tacos_I64Attr, "0">:$lane,
                       OptionalAttr<FlatSymbolRefArrayAttr>:$via,
                       Tacos_I64Attr:$start, Tacos_I64Attr:$end);
  let assemblyFormat = [{
    $kind $chunk `over` $src `->` $dst (`lane` $lane^)?
    (`via` custom<Via>($via)^)? `at` ` ` `[` $start `,` $end `]` attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// coll.workload
//===----------------------------------------------------------------------===//

def Coll_WorkloadOp : Coll_Op<"workload", [Symbol,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "A training iteration: compute plus collectives (LIBRA)";
  let description = [{
    What one training iteration of a model needs from a network with
    `topo.dims`: `compute` time that does not overlap communication, and the
    collectives it runs (All-Reduce, Reduce-Scatter, All-Gather, All-to-All),
    each over some dimensions (see `#coll.workload_collective`).
    `topo-allocate-bandwidth` sizes the network's dimensions for one or
    several workloads; `weight` (default 1) weighs this workload's time in
    their sum. `tacos-translate --import-astra-workload` builds one from
    ASTRA-sim layer files.

    ```mlir
    topo.network @libra3d {
      topo.dims [ring(16) link(?, 0.5 us) tier(package),
                 fully_connected(8) link(?, 1 us) tier(node),
                 switch(32) link(?, 2 us) tier(pod)]
    }
    coll.workload @gpt3 on @libra3d compute(684448242 ns) {
      coll.all_reduce size(768 MiB) dims [0] count(8)
      coll.all_gather size(48 MiB) dims [0] count(2)
      coll.all_reduce size(432 MiB) dims [1, 2] count(1)
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, FlatSymbolRefAttr:$network,
                       Tacos_I64Attr:$compute,
                       DefaultValuedAttr<F64Attr, "1.0">:$weight,
                       TypedArrayAttrBase<Coll_WorkloadCollectiveAttr,
                                          "workload collectives">:$collectives);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // TACOS_COLL_OPS
