//===- CollAttrs.td - Attributes of the coll dialect -------*- tablegen -*-===//

#ifndef TACOS_COLL_ATTRS
#define TACOS_COLL_ATTRS

include "tacos/Dialect/Coll/IR/CollDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Coll_WorkloadCollectiveAttr : AttrDef<Coll_Dialect, "WorkloadCollective"> {
  let mnemonic = "workload_collective";
  let summary = "One collective of a training workload (LIBRA)";
  let description = [{
    A collective of `size` bytes that a training iteration runs `count`
    times over some dimensions of the network, in the order written. By
    default it spans each dimension fully; `groups [...]` gives the group
    size in each listed dimension instead (LIBRA's communicator, e.g. 2 of
    the 8 NPUs of a dimension). Inside `coll.workload` it is written as an
    op-like line; on its own:

    ```mlir
    #dp = #coll.workload_collective<all_reduce size(432 MiB) dims [1, 2] groups [2, 32] count(1)>
    ```
  }];
  let parameters = (ins "::tacos::coll::Collective":$kind, "int64_t":$size,
                        ArrayRefParameter<"int64_t">:$dims,
                        ArrayRefParameter<"int64_t">:$groups,
                        "int64_t":$count);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TACOS_COLL_ATTRS
