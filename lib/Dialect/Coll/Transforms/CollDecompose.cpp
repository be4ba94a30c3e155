//===- CollDecompose.cpp - All-Reduce as two phases -----------------------===//
//
// Thin: the core's synthesize() (Algorithms.h) does the decomposition; this
// pass applies it to All-Reduce requests only.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Coll/Transforms/SynthesisTimes.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/Trials.h"

#include "mlir/IR/Builders.h"

namespace tacos::coll {
#define GEN_PASS_DEF_COLLDECOMPOSE
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"
} // namespace tacos::coll

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {
struct CollDecomposePass : coll::impl::CollDecomposeBase<CollDecomposePass> {
  using CollDecomposeBase::CollDecomposeBase;

  void runOnOperation() override {
    if (trials < 1 || trials > kMaxTrials) {
      mlir::emitError(getOperation().getLoc(), "coll-decompose: trials must be ")
          << (trials < 1 ? "at least 1" : "at most " + std::to_string(kMaxTrials))
          << ", got " << unsigned(trials);
      return signalPassFailure();
    }
    ResourceLimits limits = resourceLimits(maxMemory, timeout);
    SymbolTableCollection symbols;
    auto &networks = getAnalysis<topo::NetworkModels>();
    auto &times = getAnalysis<SynthesisTimes>();
    for (AllReduceOp request :
         llvm::to_vector(getOperation().getOps<AllReduceOp>())) {
      FailureOr<CollectiveModel> collective =
          buildCollectiveModel(request, symbols, &networks);
      if (failed(collective))
        return signalPassFailure();
      AlgorithmOptions options;
      options.seed = seed;
      options.trials = trials;
      options.threads = threads;
      options.pipelinePhases = phases == DecomposePhases::Pipelined;
      options.model = latency;
      options.verify = false;
      options.limits = limits;
      AlgorithmResult result =
          synthesize(collective->network, collective->spec, options);
      if (!result.error.empty()) {
        request.emitError("coll-decompose: ") << result.error;
        return signalPassFailure();
      }
      AlgorithmOp algorithm = replaceWithAlgorithm(
          request, std::move(result.schedule), result.numTransfers, result.timePs,
          options.model,
          result.numTransfers <= kReadableLimit ? TransferForm::Ops
                                                : TransferForm::Packed);
      algorithm->setAttr(
          "coll.strict_phases_time",
          OpBuilder(algorithm).getI64IntegerAttr(result.strictPhasesPs));
      // This pass, not coll-synthesize, synthesized the All-Reduce: its
      // time is the one a report in the same pipeline gives.
      times.milliseconds[algorithm.getSymName()] = result.synthesisMs;
      times.strictPhasesPs[algorithm.getSymName()] = result.strictPhasesPs;
    }
    markAnalysesPreserved<SynthesisTimes, topo::NetworkModels>();
  }
};
} // namespace
