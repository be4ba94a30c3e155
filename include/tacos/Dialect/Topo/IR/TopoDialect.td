//===- TopoDialect.td - The topo dialect -------------------*- tablegen -*-===//
//
// `topo` describes what a network is: NPUs, links with bandwidth and latency,
// switches, failed links. See docs/TopoRationale.md.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TOPO_DIALECT
#define TACOS_TOPO_DIALECT

include "mlir/IR/OpBase.td"

def Topo_Dialect : Dialect {
  let name = "topo";
  let cppNamespace = "::tacos::topo";
  let summary = "Network topologies for collective communication";
  let description = [{
    The `topo` dialect describes a network of NPUs (accelerators) as a symbol:
    either a Cartesian product of 1-D building blocks (`topo.dims`) or an
    explicit list of NPUs, links and switches. Quantities carry units in the
    text (`50 GiBps`, `0.5 us`, `1 GiB`); `?` as a bandwidth means "to be
    decided" by bandwidth allocation.

    ```mlir
    topo.network @torus4x4 {
      topo.dims [ring(4) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us)]
      topo.drop 5 <-> 6
    }
    ```
  }];
  let useDefaultAttributePrinterParser = 1;
}

class Topo_Op<string mnemonic, list<Trait> traits = []>
    : Op<Topo_Dialect, mnemonic, traits>;

#endif // TACOS_TOPO_DIALECT
