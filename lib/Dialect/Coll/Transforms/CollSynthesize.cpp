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
#include "tacos/Synthesis/Algorithms.h"

#include "mlir/IR/Builders.h"
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

/// Algorithms that fit in this many transfers are written one op per line.
constexpr size_t kReadableLimit = 10000;

struct CollSynthesizePass : coll::impl::CollSynthesizeBase<CollSynthesizePass> {
  using CollSynthesizeBase::CollSynthesizeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<Algorithm> chosen = parseAlgorithm(algorithm);
    if (!chosen)
      return fail(module, "unknown algorithm '" + algorithm + "'; expected " +
                              algorithmNameList());
    if (latency != "blocking" && latency != "pipelined")
      return fail(module, "unknown latency model '" + latency +
                              "'; expected blocking or pipelined");
    if (trials < 1)
      return fail(module, "trials must be at least 1, got 0");
    if (materialize != "auto" && materialize != "ops" &&
        materialize != "packed" && materialize != "none")
      return fail(module, "unknown materialize mode '" + materialize +
                              "'; expected auto, ops, packed or none");
    AlgorithmOptions options;
    options.algorithm = *chosen;
    options.model = latency == "pipelined" ? tacos::LinkModel::Pipelined
                                           : tacos::LinkModel::Blocking;
    options.seed = seed;
    options.trials = trials;
    options.materialize = materialize != "none";
    options.timeLimitMs = timeLimitMs;

    SmallVector<CollectiveOpInterface> requests;
    for (Operation &op : module.getOps())
      if (auto request = dyn_cast<CollectiveOpInterface>(op);
          request && !isa<AlgorithmOp>(op))
        requests.push_back(request);

    SymbolTableCollection symbols;
    auto &times = getAnalysis<SynthesisTimes>();
    for (CollectiveOpInterface request : requests) {
      FailureOr<CollectiveModel> collective =
          buildCollectiveModel(request, symbols);
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
      write(request, result, options);
    }
    markAnalysesPreserved<SynthesisTimes>();
  }

  /// Replaces `request` by the algorithm found, in the form asked for.
  void write(CollectiveOpInterface request, const AlgorithmResult &result,
             const AlgorithmOptions &options) {
    size_t count = result.numTransfers;
    std::optional<TransferForm> form;
    if (materialize == "ops" ||
        (materialize == "auto" && count <= kReadableLimit))
      form = TransferForm::Ops;
    else if (materialize != "none")
      form = TransferForm::Packed;
    AlgorithmOp created = replaceWithAlgorithm(
        request, result.schedule.view(), count, result.timePs, options.model, form);
    OpBuilder b(created);
    if (result.strictPhasesPs)
      // For reports: what pipelining the two phases gained.
      created->setAttr("coll.strict_phases_time",
                       b.getI64IntegerAttr(result.strictPhasesPs));
    if (options.algorithm == Algorithm::Exact) {
      // The optimum's shape, for reports: fewest steps, then rounds.
      created->setAttr("coll.exact_steps", b.getI64IntegerAttr(result.steps));
      created->setAttr("coll.exact_rounds",
                       b.getI64IntegerAttr(result.rounds));
    }
    numTransfers += count;
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
