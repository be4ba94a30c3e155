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
#include "tacos/Synthesis/Frontier.h"
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
    if (frontier && *chosen != Algorithm::Exact)
      return fail(module, "frontier=true needs algorithm=exact, not '" +
                              algorithm + "'");
    if (frontier && (maxChunks < 1 || maxChunks > kMaxFrontierChunks))
      return fail(module, "max-chunks must be between 1 and " +
                              std::to_string(kMaxFrontierChunks) + ", got " +
                              std::to_string(maxChunks));
    AlgorithmOptions options;
    options.limits = resourceLimits(maxMemory, timeout);
    options.algorithm = *chosen;
    options.model = latency;
    options.seed = seed;
    options.trials = trials;
    options.threads = threads;
    options.materialize = materialize != Materialization::None;
    options.verify = verify;
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
      if (frontier) {
        if (failed(writeFrontier(request, *collective, options, symbols)))
          return;
        continue;
      }
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
      if (result.steps) {
        // SCCL's shape of the schedule (StepSearch.h), when known.
        created->setAttr("coll.exact_steps",
                         b.getI64IntegerAttr(result.steps));
        created->setAttr("coll.exact_rounds",
                         b.getI64IntegerAttr(result.rounds));
      }
    }
    // What the time search proved, for reports: optimal or not, the largest
    // time no schedule finishes by (ps, like coll.strict_phases_time), and
    // why in one line (frontier points have their proofs in
    // coll.sccl_cost).
    if (options.algorithm == Algorithm::Exact && !result.proof.empty()) {
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

  /// Replaces `request` by one algorithm per point of its Pareto frontier
  /// (Synthesis/Frontier.h), each for the request with chunks(C).
  LogicalResult writeFrontier(CollectiveOpInterface request,
                              const CollectiveModel &collective,
                              const AlgorithmOptions &options,
                              SymbolTableCollection &symbols) {
    FrontierResult found = synthesizeFrontier(
        collective.network, collective.spec, options, maxChunks);
    if (!found.error.empty()) {
      fail(request, found.error);
      return failure();
    }
    auto &times = getAnalysis<SynthesisTimes>();
    std::string name = SymbolTable::getSymbolName(request).str();
    Operation *module = request->getParentOp();
    for (FrontierPoint &point : found.points) {
      std::string pointName = name + "_s" + std::to_string(point.steps) +
                              "_r" + std::to_string(point.rounds) + "_c" +
                              std::to_string(point.chunks);
      if (SymbolTable::lookupSymbolIn(module, pointName)) {
        fail(request, "frontier point @" + pointName +
                          " has the name of another symbol");
        return failure();
      }
      // The point's own request: the original with chunks(C), named after
      // the point, then synthesized like any other.
      OpBuilder b(request);
      Operation *copy = b.clone(*request.getOperation());
      copy->setAttr("chunks", b.getI64IntegerAttr(point.chunks));
      SymbolTable::setSymbolName(copy, pointName);
      times.milliseconds[pointName] = point.foundMs;
      if (failed(write(cast<CollectiveOpInterface>(copy), point.result,
                       options)))
        return failure();
      auto created = cast<AlgorithmOp>(
          SymbolTable::lookupSymbolIn(module, pointName));
      created->setAttr("coll.exact_chunks",
                       b.getI64IntegerAttr(point.chunks));
      NamedAttribute cost[] = {
          b.getNamedAttr("alpha_ps", b.getI64IntegerAttr(point.alphaPs)),
          b.getNamedAttr("beta_ps", b.getI64IntegerAttr(point.betaPs)),
          b.getNamedAttr("proved", b.getBoolAttr(point.proved))};
      created->setAttr("coll.sccl_cost", b.getDictionaryAttr(cost));
    }
    symbols.invalidateSymbolTable(module);
    request->erase();
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
