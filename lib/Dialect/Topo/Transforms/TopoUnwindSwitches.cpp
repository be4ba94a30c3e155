//===- TopoUnwindSwitches.cpp - Switches to point-to-point links ----------===//
//
// Thin: the core's unwindSwitches on each network that has switches, written
// back through NetworkModel.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"
#include "tacos/Network/Unwind.h"

namespace tacos::topo {
#define GEN_PASS_DEF_TOPOUNWINDSWITCHES
#include "tacos/Dialect/Topo/Transforms/Passes.h.inc"
} // namespace tacos::topo

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

namespace {
struct TopoUnwindSwitchesPass
    : topo::impl::TopoUnwindSwitchesBase<TopoUnwindSwitchesPass> {
  void runOnOperation() override {
    for (NetworkOp network : getOperation().getOps<NetworkOp>()) {
      FailureOr<Network> model = buildNetworkModel(network);
      if (failed(model))
        return signalPassFailure();
      if (model->numSwitches() == 0)
        continue;
      std::vector<LinkOrigin> origins;
      Network unwound = unwindSwitches(*model, origins);
      writeExplicitNetwork(network, unwound, &origins);
    }
  }
};
} // namespace
