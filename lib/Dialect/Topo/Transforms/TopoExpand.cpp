//===- TopoExpand.cpp - Generators to explicit links ----------------------===//
//
// Thin: builds the core model of each network and writes it back as explicit
// ops through NetworkModel.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"

namespace tacos::topo {
#define GEN_PASS_DEF_TOPOEXPAND
#include "tacos/Dialect/Topo/Transforms/Passes.h.inc"
} // namespace tacos::topo

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

namespace {
struct TopoExpandPass : topo::impl::TopoExpandBase<TopoExpandPass> {
  using TopoExpandBase::TopoExpandBase;

  void runOnOperation() override {
    for (NetworkOp network : getOperation().getOps<NetworkOp>()) {
      FailureOr<Network> model = buildNetworkModel(network);
      if (failed(model))
        return signalPassFailure();
      if (int64_t(model->numLinks()) > maxLinks) {
        network.emitError("network has ")
            << model->numLinks() << " directed links, more than max-links="
            << int64_t(maxLinks) << " allows to expand";
        return signalPassFailure();
      }
      writeExplicitNetwork(network, *model);
      numLinksWritten += llvm::range_size(network.getBody().getOps<LinkOp>());
    }
  }
};
} // namespace
