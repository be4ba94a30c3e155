//===- CollDialect.td - The coll dialect -------------------*- tablegen -*-===//
//
// `coll` says what to compute on a network (requests, workloads) and how
// (algorithms: timed transfers). See docs/CollRationale.md.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLL_DIALECT
#define TACOS_COLL_DIALECT

include "mlir/IR/OpBase.td"

def Coll_Dialect : Dialect {
  let name = "coll";
  let cppNamespace = "::tacos::coll";
  let summary = "Collective communication requests and algorithms";
  let description = [{
    A request names a collective on a `topo.network`; synthesis lowers it to
    a `coll.algorithm` with the same symbol, holding timed transfers.

    ```mlir
    topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
    coll.all_gather @ag on @ring4 size(1 GiB) chunks(2)
    ```
  }];
  let dependentDialects = ["::tacos::topo::TopoDialect"];
  let useDefaultAttributePrinterParser = 1;
}

class Coll_Op<string mnemonic, list<Trait> traits = []>
    : Op<Coll_Dialect, mnemonic, traits>;

#endif // TACOS_COLL_DIALECT
