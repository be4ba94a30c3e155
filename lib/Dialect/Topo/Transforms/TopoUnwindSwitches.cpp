//===- TopoUnwindSwitches.cpp - Switches to point-to-point links ----------===//
//
// Thin: the core's unwindSwitches on each network that has switches, written
// back through NetworkModel.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"
#include "tacos/Network/Quantity.h"
#include "tacos/Network/Unwind.h"

namespace tacos::topo {
#define GEN_PASS_DEF_TOPOUNWINDSWITCHES
#include "tacos/Dialect/Topo/Transforms/Passes.h.inc"
} // namespace tacos::topo

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

namespace {
/// A link replaces a route whose latency is the sum of its links': each is
/// within the limit, the sum need not be.
LogicalResult checkRouteLatencies(NetworkOp network, const Network &unwound,
                                  const std::vector<LinkOrigin> &origins) {
  for (LinkId l = 0; l < unwound.numLinks(); ++l) {
    if (unwound.latency(l) <= kMaxTimePs)
      continue;
    return network.emitError("the route from npu ")
           << unwound.src(l) << " to npu " << unwound.dst(l) << " through "
           << origins[l].switchName << " has latency "
           << formatTime(unwound.latency(l))
           << ", above the limit of 1000 s for the link that replaces it";
  }
  return success();
}

struct TopoUnwindSwitchesPass
    : topo::impl::TopoUnwindSwitchesBase<TopoUnwindSwitchesPass> {
  using TopoUnwindSwitchesBase::TopoUnwindSwitchesBase;

  void runOnOperation() override {
    // The models built here are the next passes' (tacos-pipeline's
    // synthesis) unless a network changes: building one again costs as
    // much as here (9 M links at fully_connected(3000)).
    auto &models = getAnalysis<NetworkModels>();
    bool unwoundAny = false;
    for (NetworkOp network : getOperation().getOps<NetworkOp>()) {
      FailureOr<std::shared_ptr<const Network>> model = models.get(network);
      if (failed(model))
        return signalPassFailure();
      const Network &switched = **model;
      if (switched.numSwitches() == 0)
        continue;
      unwoundAny = true;
      // The switched model is small (2 links per port); its unwound form
      // grows with the square of the ports, so count before building it.
      uint64_t links = countUnwoundLinks(switched);
      if (links > uint64_t(kMaxLinks)) {
        network.emitError("network has ")
            << links << " directed links once its switches are unwound, "
            << "more than the limit of " << kMaxLinks;
        return signalPassFailure();
      }
      if (int64_t(links) > maxLinks) {
        network.emitError("network has ")
            << links << " directed links once its switches are unwound, "
            << "more than max-links=" << int64_t(maxLinks)
            << " allows to unwind";
        return signalPassFailure();
      }
      std::vector<LinkOrigin> origins;
      Network unwound = unwindSwitches(switched, origins);
      if (failed(checkRouteLatencies(network, unwound, origins)))
        return signalPassFailure();
      writeExplicitNetwork(network, unwound, &origins, &switched);
    }
    if (!unwoundAny)
      markAnalysesPreserved<NetworkModels>();
  }
};
} // namespace
