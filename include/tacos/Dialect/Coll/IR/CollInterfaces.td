//===- CollInterfaces.td - Interfaces of the coll dialect --*- tablegen -*-===//

#ifndef TACOS_COLL_INTERFACES
#define TACOS_COLL_INTERFACES

include "mlir/IR/OpBase.td"

def Coll_CollectiveOpInterface : OpInterface<"CollectiveOpInterface"> {
  let cppNamespace = "::tacos::coll";
  let description = [{
    An op that names a collective on a network: every request and every
    algorithm. Passes read the collective through this interface (and
    `getCollectiveSpec`), never through the concrete op.
  }];
  let methods = [
    InterfaceMethod<"The collective pattern", "::tacos::CollectiveKind",
      "getCollectiveKind">,
    InterfaceMethod<"The network the collective runs on",
      "::mlir::FlatSymbolRefAttr", "getNetworkAttr">,
    InterfaceMethod<"Largest buffer one NPU sees, in bytes", "int64_t",
      "getSize">,
    InterfaceMethod<"Chunks per participant", "int64_t", "getChunks">,
    InterfaceMethod<"NPU ids of the process group, if any",
      "std::optional<::llvm::ArrayRef<int64_t>>", "getGroup">,
    InterfaceMethod<"Root NPU of a rooted collective",
      "std::optional<int64_t>", "getRoot">
  ];
  let extraClassDeclaration = [{
    /// The collective as the core models it.
    ::tacos::CollectiveSpec getCollectiveSpec();
  }];
}

#endif // TACOS_COLL_INTERFACES
