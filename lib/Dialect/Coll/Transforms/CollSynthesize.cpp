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
#include "tacos/Support/ReportSink.h"
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
    options.rlimit = rlimit;
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
      // Not where an embedder owns the terminal (ReportSink.h).
      if ((*chosen == Algorithm::Tacos || *chosen == Algorithm::Best) &&
          llvm::sys::Process::StandardErrIsDisplayed() &&
          !hasReportSink(&getContext()))
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
      if (!result.candidates.empty())
        times.best[name] = {result.builtBy, result.candidates};
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
    // A search that a limit stopped says which (`coll.exact_stopped_by`:
    // rlimit, the same on every machine, or a wall-clock limit), with a
    // warning instead of the remark.
    if (options.algorithm == Algorithm::Exact && !result.proof.empty()) {
      created->setAttr("coll.exact_optimal", b.getBoolAttr(result.optimal));
      if (result.provedInfeasiblePs >= 0)
        created->setAttr("coll.exact_infeasible_time",
                         b.getI64IntegerAttr(result.provedInfeasiblePs));
      created->setAttr("coll.exact_proof", b.getStringAttr(result.proof));
      bool stopped = !result.optimal && result.stoppedBy != SearchLimit::None;
      if (stopped)
        created->setAttr("coll.exact_stopped_by",
                         b.getStringAttr(searchLimitName(result.stoppedBy)));
      mlir::InFlightDiagnostic verdict =
          stopped ? mlir::emitWarning(created->getLoc())
                  : mlir::emitRemark(created->getLoc());
      verdict << "exact: "
              << (result.optimal ? "optimal, " : "not proved optimal, ")
              << result.proof << " (first found after "
              << llvm::formatv("{0:F1}", result.firstBestMs).str()
              << " ms, searched "
              << llvm::formatv("{0:F1}", result.synthesisMs).str()
              << " ms, Z3 used " << result.rlimitUsed << " resource units)";
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
    Builder builder(request->getContext());
    DictionaryAttr incomplete = incompleteAttr(builder, found);
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
      if (incomplete)
        created->setAttr("coll.frontier_incomplete", incomplete);
    }
    symbols.invalidateSymbolTable(module);
    reportFrontier(request, found, options);
    request->erase();
    return success();
  }

  /// "s<S>_r<R>_c<C>", as in a point's name.
  static std::string checkName(const FrontierResult::Check &check) {
    return "s" + std::to_string(check.steps) + "_r" +
           std::to_string(check.rounds) + "_c" + std::to_string(check.chunks);
  }

  /// What every point of a frontier that a limit stopped carries
  /// (`coll.frontier_incomplete`): {stopped_by, undecided =
  /// ["s<S>_r<R>_c<C>", ...], unsearched_steps = [first, last]}; null when
  /// the frontier is complete.
  static DictionaryAttr incompleteAttr(Builder &b,
                                       const FrontierResult &found) {
    if (found.stoppedBy == SearchLimit::None)
      return nullptr;
    SmallVector<Attribute> undecided;
    for (const FrontierResult::Check &check : found.undecided)
      undecided.push_back(b.getStringAttr(checkName(check)));
    SmallVector<NamedAttribute> fields = {
        b.getNamedAttr("stopped_by",
                       b.getStringAttr(searchLimitName(found.stoppedBy))),
        b.getNamedAttr("undecided", b.getArrayAttr(undecided))};
    if (auto [first, last] = found.unsearchedSteps; first)
      fields.push_back(b.getNamedAttr("unsearched_steps",
                                      b.getDenseI64ArrayAttr({first, last})));
    return b.getDictionaryAttr(fields);
  }

  /// Says on `request` how its frontier search ended: a remark when it is
  /// complete; a warning when a limit stopped it, naming the limit, the
  /// option to raise and (the first few of) what was left undecided.
  static void reportFrontier(CollectiveOpInterface request,
                             const FrontierResult &found,
                             const AlgorithmOptions &options) {
    std::string points = std::to_string(found.points.size()) +
                         (found.points.size() == 1 ? " point" : " points");
    std::string units = "Z3 used " + std::to_string(found.rlimitUsed) +
                        " resource units, searched " +
                        llvm::formatv("{0:F1}", found.synthesisMs).str() +
                        " ms";
    if (found.stoppedBy == SearchLimit::None) {
      request->emitRemark("frontier: ")
          << points << ", complete (stopped at " << found.stoppedAt << "; "
          << units << ")";
      return;
    }
    InFlightDiagnostic warning = request->emitWarning("frontier: ");
    warning << "incomplete after " << points << ": "
            << searchLimitMessage(found.stoppedBy, options);
    constexpr size_t kListed = 8;
    for (size_t i = 0; i < found.undecided.size() && i < kListed; ++i)
      warning << (i ? ", " : "; undecided (steps, rounds, chunks): ")
              << checkName(found.undecided[i]);
    if (found.undecided.size() > kListed)
      warning << " and " << found.undecided.size() - kListed
              << " more (coll.frontier_incomplete lists them)";
    if (auto [first, last] = found.unsearchedSteps; first)
      warning << "; steps " << first << " to " << last << " not searched";
    warning << " (" << units << ")";
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
