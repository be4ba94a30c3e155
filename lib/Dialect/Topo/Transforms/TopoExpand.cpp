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
      if (failed(checkNetwork(network)))
        return signalPassFailure();
      // Unwinding wrote it out already; rewriting it would lose which
      // links replace a switch and the record of the hardware.
      if (isUnwound(collectNetworkOps(network)))
        continue;
      // Counted from the description, so a refused network is never built.
      uint64_t links = countLinks(readTopologySpec(collectNetworkOps(network)));
      if (links > uint64_t(std::max<int64_t>(maxLinks, 0))) {
        network.emitError("network has ")
            << links << " directed links, more than max-links="
            << int64_t(maxLinks) << " allows to expand";
        return signalPassFailure();
      }
      FailureOr<Network> model = buildNetworkModel(network);
      if (failed(model))
        return signalPassFailure();
      writeExplicitNetwork(network, *model);
      numLinksWritten += llvm::range_size(network.getBody().getOps<LinkOp>());
    }
  }
};
} // namespace
