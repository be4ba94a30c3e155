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
    Option<"form", "form", "std::string", /*default=*/"\"ops\"",
           "Storage form of the transfers: 'ops' (readable) or 'packed'">
  ];
}

#endif // TACOS_COLL_PASSES
