//===- StripTopoColl.cpp - Erase the topo and coll ops of a module --------===//

#include "tacos/Conversion/Passes.h"

namespace tacos {
#define GEN_PASS_DEF_STRIPTOPOCOLL
#include "tacos/Conversion/Passes.h.inc"
} // namespace tacos

using namespace mlir;

namespace {
struct StripTopoCollPass : tacos::impl::StripTopoCollBase<StripTopoCollPass> {
  void runOnOperation() override {
    // By namespace, so that this pass needs neither dialect linked in.
    for (Operation &op :
         llvm::make_early_inc_range(*getOperation().getBody())) {
      StringRef dialect = op.getName().getDialectNamespace();
      if (dialect == "topo" || dialect == "coll")
        op.erase();
    }
  }
};
} // namespace
