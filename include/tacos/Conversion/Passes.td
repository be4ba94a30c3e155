//===- Passes.td - Conversions out of the coll dialect -----*- tablegen -*-===//

#ifndef TACOS_CONVERSION_PASSES
#define TACOS_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertCollToSMT : Pass<"convert-coll-to-smt", "mlir::ModuleOp"> {
  let summary = "Lower algorithms and their correctness conditions to SMT";
  let description = [{
    Replaces every `coll.algorithm` by an `smt.solver` whose assertions are
    satisfiable exactly when the algorithm violates a property of DESIGN
    §5.5 (link and duration, no overlap on a link, causality, delivery,
    contributions reduced exactly once, reported time). Each possible
    violation is a named boolean (`bad_link_t3`, `bad_delivery_c2_n5`, ...),
    so a model is a counterexample. Networks and requests are removed: the
    result is a pure SMT module for `tacos-translate --export-smtlib`.
    `coll-verify-smt` runs the same encoding through Z3 in process.

    ```mlir
    topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
    coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) {
      coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
      coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
    }
    ```
    becomes one `smt.solver` asserting `s_0 = 0`, `e_0 = 21000000`, ...,
    `bad_link_t0 = (e_0 - s_0 != 21000000)`, ... and `(or bad_...)`.
  }];
  let dependentDialects = ["::mlir::smt::SMTDialect"];
}

#endif // TACOS_CONVERSION_PASSES
