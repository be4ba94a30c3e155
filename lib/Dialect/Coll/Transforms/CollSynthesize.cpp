//===- CollSynthesize.cpp - Requests to algorithms ------------------------===//
//
// Thin: reads each request as a core model, runs the catalogue's entry point
// (Synthesis/Algorithms.h: check, synthesize, verify) with the algorithm the
// option names, and writes the result back as a coll.algorithm.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Coll/Transforms/SynthesisTimes.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/Trials.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace tacos::coll {
#define GEN_PASS_DEF_COLLSYNTHESIZE
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"
} // namespace tacos::coll

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {

struct CollSynthesizePass : coll::impl::CollSynthesizeBase<CollSynthesizePass> {
  using CollSynthesizeBase::CollSynthesizeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<Algorithm> chosen = parseAlgorithm(algorithm);
    if (!chosen)
      return fail(module, "unknown algorithm '" + algorithm + "'; expected " +
                              algorithmNameList());
    if (trials < 1)
      return fail(module, "trials must be at least 1, got 0");
    if (trials > kMaxTrials)
      return fail(module, "trials must be at most " +
                              std::to_string(kMaxTrials) + ", got " +
                              std::to_string(trials));
    AlgorithmOptions options;
    options.limits = resourceLimits(maxMemory, timeout);
    options.algorithm = *chosen;
    options.model = latency;
    options.seed = seed;
    options.trials = trials;
    options.threads = threads;
    options.materialize = materialize != Materialization::None;
    options.timeLimitMs = timeLimitMs;

    SmallVector<CollectiveOpInterface> requests;
    for (Operation &op : module.getOps())
      if (auto request = dyn_cast<CollectiveOpInterface>(op);
          request && !isa<AlgorithmOp>(op))
        requests.push_back(request);

    SymbolTableCollection symbols;
    auto &times = getAnalysis<SynthesisTimes>();
    auto &networks = getAnalysis<topo::NetworkModels>();
    for (CollectiveOpInterface request : requests) {
      FailureOr<CollectiveModel> collective =
          buildCollectiveModel(request, symbols, &networks);
      if (failed(collective))
        return signalPassFailure();
      std::string name = SymbolTable::getSymbolName(request).str();
      options.progress = nullptr;
      if (*chosen == Algorithm::Tacos &&
          llvm::sys::Process::StandardErrIsDisplayed())
        options.progress = [&name](double done) {
          llvm::errs() << "\rcoll-synthesize @" << name << ": "
                       << int(done * 100) << "%";
          llvm::errs().flush();
        };
      AlgorithmResult result =
          synthesize(collective->network, collective->spec, options);
      if (options.progress)
        llvm::errs() << "\r\033[K";
      if (!result.error.empty())
        return fail(request, result.error);
      times.milliseconds[name] = result.synthesisMs;
      if (result.strictPhasesPs)
        times.strictPhasesPs[name] = result.strictPhasesPs;
      if (failed(write(request, result, options)))
        return;
    }
    markAnalysesPreserved<SynthesisTimes, topo::NetworkModels>();
  }

  /// Replaces `request` by the algorithm found, in the form asked for. The
  /// algorithm takes the schedule over (no copy of the transfers).
  /// Fails (on the request) if readable ops would not fit in memory.
  LogicalResult write(CollectiveOpInterface request, AlgorithmResult &result,
                      const AlgorithmOptions &options) {
    size_t count = result.numTransfers;
    std::optional<TransferForm> form;
    if (materialize == Materialization::Ops ||
        (materialize == Materialization::Auto && count <= kReadableLimit))
      form = TransferForm::Ops;
    else if (materialize != Materialization::None)
      form = TransferForm::Packed;
    if (form == TransferForm::Ops) {
      // One op per transfer is far larger than the packed form.
      MemoryEstimate ops = estimateTransferOps(count);
      ops.remedy = "use materialize=packed";
      if (std::string error = checkMemory(options.limits, ops);
          !error.empty()) {
        fail(request, error);
        return failure();
      }
    }
    AlgorithmOp created = replaceWithAlgorithm(
        request, std::move(result.schedule), count, result.timePs,
        options.model, form);
    OpBuilder b(created);
    if (result.strictPhasesPs)
      // For reports: what pipelining the two phases gained.
      created->setAttr("coll.strict_phases_time",
                       b.getI64IntegerAttr(result.strictPhasesPs));
    if (options.algorithm == Algorithm::Exact) {
      // What the search proved, for reports: optimal or not, the largest
      // time no schedule finishes by (ps, like coll.strict_phases_time),
      // and why in one line.
      if (result.steps) {
        // SCCL's shape of the schedule (StepSearch.h), when known.
        created->setAttr("coll.exact_steps",
                         b.getI64IntegerAttr(result.steps));
        created->setAttr("coll.exact_rounds",
                         b.getI64IntegerAttr(result.rounds));
      }
      created->setAttr("coll.exact_optimal", b.getBoolAttr(result.optimal));
      if (result.provedInfeasiblePs >= 0)
        created->setAttr("coll.exact_infeasible_time",
                         b.getI64IntegerAttr(result.provedInfeasiblePs));
      created->setAttr("coll.exact_proof", b.getStringAttr(result.proof));
      mlir::emitRemark(created->getLoc())
          << "exact: " << (result.optimal ? "optimal, " : "not proved optimal, ")
          << result.proof << " (first found after "
          << llvm::formatv("{0:F1}", result.firstBestMs).str()
          << " ms, searched "
          << llvm::formatv("{0:F1}", result.synthesisMs).str() << " ms)";
    }
    numTransfers += count;
    return success();
  }

  /// Option errors go on the module's location without printing the whole
  /// module; request errors print the request.
  void fail(Operation *op, const std::string &message) {
    if (isa<ModuleOp>(op))
      mlir::emitError(op->getLoc(), "coll-synthesize: ") << message;
    else
      op->emitError("coll-synthesize: ") << message;
    signalPassFailure();
  }
};

} // namespace
