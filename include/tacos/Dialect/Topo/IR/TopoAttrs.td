//===- TopoAttrs.td - Attributes of the topo dialect -------*- tablegen -*-===//

#ifndef TACOS_TOPO_ATTRS
#define TACOS_TOPO_ATTRS

include "tacos/Dialect/Topo/IR/TopoDialect.td"
include "mlir/IR/AttrTypeBase.td"

//===----------------------------------------------------------------------===//
// LinkAttr
//===----------------------------------------------------------------------===//

def Topo_LinkAttr : AttrDef<Topo_Dialect, "Link"> {
  let mnemonic = "link";
  let summary = "Bandwidth, latency and cost tier of a link or switch port";
  let description = [{
    Bandwidth in bytes per second as an f64 (null for `?`, to be decided),
    latency in
    picoseconds, and an optional cost-model tier. Ops write it as
    `link(50 GiBps, 0.5 us) tier(pod)`; on its own it prints as

    ```mlir
    #fast = #topo.link<50 GiBps, 500 ns tier(pod)>
    ```

    Bandwidth must be positive and finite, latency positive (both bounded so
    that derived times never overflow).
  }];
  let parameters = (ins
    "::mlir::FloatAttr":$bandwidth,
    "int64_t":$latency,
    "::mlir::StringAttr":$tier
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The same data as the core model uses.
    ::tacos::LinkSpec getSpec() const;
    static LinkAttr get(::mlir::MLIRContext *context,
                        const ::tacos::LinkSpec &spec);
  }];
}

//===----------------------------------------------------------------------===//
// DimAttr
//===----------------------------------------------------------------------===//

def Topo_DimAttr : AttrDef<Topo_Dialect, "Dim"> {
  let mnemonic = "dim";
  let summary = "One dimension of a Cartesian-product network";
  let description = [{
    A 1-D building block with its size and link: `line(n)`, `ring(n)`,
    `ring(n, uni)` (one-way ring), `fully_connected(n)` or `switch(n)`.
    Inside `topo.dims` it reads `ring(4) link(50 GBps, 1 us)`; on its own

    ```mlir
    #oneway = #topo.dim<ring(4, uni) link(50 GBps, 1 us)>
    ```
  }];
  let parameters = (ins
    "::tacos::DimKind":$kind,
    "int64_t":$size,
    "LinkAttr":$link
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ::tacos::DimSpec getSpec() const;
  }];
}

#endif // TACOS_TOPO_ATTRS
