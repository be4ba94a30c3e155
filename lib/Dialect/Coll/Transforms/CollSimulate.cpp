//===- CollSimulate.cpp - Re-time algorithms ------------------------------===//

#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Simulation/Combining.h"

namespace tacos::coll {
#define GEN_PASS_DEF_COLLSIMULATE
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"
} // namespace tacos::coll

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {
struct CollSimulatePass : coll::impl::CollSimulateBase<CollSimulatePass> {
  using CollSimulateBase::CollSimulateBase;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    for (AlgorithmOp algorithm : getOperation().getOps<AlgorithmOp>())
      if (failed(simulateOne(algorithm, symbols)))
        return signalPassFailure();
    markAnalysesPreserved<topo::NetworkModels>();
  }

  /// The latency option's model, or the algorithm's own.
  tacos::LinkModel linkModel(AlgorithmOp algorithm) {
    switch (latency) {
    case SimulationLatency::Own:
      return toCore(algorithm.getLinkModel());
    case SimulationLatency::Blocking:
      return tacos::LinkModel::Blocking;
    case SimulationLatency::Pipelined:
      return tacos::LinkModel::Pipelined;
    }
    llvm_unreachable("unknown SimulationLatency");
  }

  LogicalResult simulateOne(AlgorithmOp algorithm,
                            SymbolTableCollection &symbols) {
    FailureOr<AlgorithmModel> algorithmModel =
        buildAlgorithmModel(algorithm, symbols, "coll-simulate",
                            &getAnalysis<topo::NetworkModels>());
    if (failed(algorithmModel))
      return failure();
    const CollectiveModel &collective = algorithmModel->collective;
    tacos::LinkModel model = linkModel(algorithm);
    SimulationResult timed =
        simulateCollective(collective.network, collective.spec,
                           algorithmModel->transfers.view(), model);
    if (!timed.error.empty()) {
      SmallVector<TransferOp> ops;
      if (!algorithm.getBody().empty())
        ops = llvm::to_vector(algorithm.getBody().getOps<TransferOp>());
      if (timed.errorIndex < ops.size())
        return emitErrorAt(ops[timed.errorIndex])
               << "coll-simulate: " << timed.error;
      return emitErrorAt(algorithm) << "coll-simulate: transfer "
                                    << timed.errorIndex << ": " << timed.error;
    }
    writeTransfers(algorithm, std::move(timed.schedule),
                   transferForm(algorithm));
    algorithm.setTime(timed.timePs);
    algorithm.setLinkModel(fromCore(model));
    return success();
  }
};
} // namespace
