//===- CollSynthesize.cpp - Requests to algorithms ------------------------===//
//
// Thin: reads each request as a core Problem, calls the TEN synthesizer or a
// baseline, and writes the result back as a coll.algorithm.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Coll/Transforms/SynthesisTimes.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Baselines.h"
#include "tacos/Synthesis/Combining.h"
#include "tacos/Synthesis/ExactSynthesizer.h"
#include "tacos/Synthesis/TenSynthesizer.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

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
    std::optional<Baseline> baseline;
    bool exact = algorithm == "exact";
    if (algorithm == "ring")
      baseline = Baseline::Ring;
    else if (algorithm == "direct")
      baseline = Baseline::Direct;
    else if (algorithm == "rhd")
      baseline = Baseline::RHD;
    else if (algorithm == "dbt")
      baseline = Baseline::DBT;
    else if (algorithm != "tacos" && !exact)
      return fail(module, "unknown algorithm '" + algorithm +
                              "'; expected tacos, exact, ring, direct, rhd or dbt");
    if (trials < 1)
      return fail(module, "trials must be at least 1, got 0");
    tacos::LinkModel model = latency;

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
      bool combining = isCombining(collective->spec.kind);
      if (combining && (exact || baseline))
        return fail(request, "algorithm=" + algorithm +
                                 " does not build combining collectives yet; "
                                 "use algorithm=tacos");
      if (!combining && !collective->problemError.empty())
        return fail(request, collective->problemError);
      std::string name = SymbolTable::getSymbolName(request).str();
      std::pair<unsigned, unsigned> exactShape{0, 0};
      int64_t strictPhases = 0;

      auto started = std::chrono::steady_clock::now();
      Schedule schedule;
      int64_t time = 0;
      size_t count = 0;
      if (exact) {
        ExactOptions options;
        options.model = model;
        options.timeLimitMs = timeLimitMs;
        ExactResult result = synthesizeExact(collective->network,
                                             collective->problem, options);
        if (!result.error.empty())
          return fail(request, result.error);
        schedule = std::move(result.schedule);
        time = result.timePs;
        count = schedule.size();
        exactShape = {result.steps, result.rounds};
      } else if (baseline) {
        std::string error = buildBaseline(*baseline, collective->network,
                                          collective->problem, schedule);
        if (!error.empty())
          return fail(request, error);
        SimulationResult timed = simulate(
            collective->network, collective->problem, schedule.view(), model);
        if (!timed.error.empty())
          return fail(request, "internal error: baseline does not simulate: " +
                                   timed.error);
        schedule = std::move(timed.schedule);
        time = timed.timePs;
        count = schedule.size();
      } else {
        SynthesisOptions options;
        options.seed = seed;
        options.trials = trials;
        options.model = model;
        options.materialize = materialize != Materialization::None;
        if (llvm::sys::Process::StandardErrIsDisplayed())
          options.progress = [&name](double done) {
            llvm::errs() << "\rcoll-synthesize @" << name << ": "
                         << int(done * 100) << "%";
            llvm::errs().flush();
          };
        SynthesisResult result = synthesizeCollective(
            collective->network, collective->spec, options);
        if (options.progress)
          llvm::errs() << "\r\033[K";
        if (!result.error.empty())
          return fail(request, result.error);
        schedule = std::move(result.schedule);
        time = result.timePs;
        count = result.numTransfers;
        strictPhases = result.strictPhasesPs;
      }
      times.milliseconds[name] =
          std::chrono::duration<double, std::milli>(
              std::chrono::steady_clock::now() - started)
              .count();

      std::optional<TransferForm> form;
      if (materialize == Materialization::Ops ||
          (materialize == Materialization::Auto && count <= kReadableLimit))
        form = TransferForm::Ops;
      else if (materialize != Materialization::None)
        form = TransferForm::Packed;
      AlgorithmOp created = replaceWithAlgorithm(request, schedule.view(),
                                                 count, time, model, form);
      if (strictPhases)
        // For reports: what pipelining the two phases gained.
        created->setAttr("coll.strict_phases_time",
                         OpBuilder(created).getI64IntegerAttr(strictPhases));
      if (exact) {
        // The optimum's shape, for reports: fewest steps, then rounds.
        OpBuilder b(created);
        created->setAttr("coll.exact_steps",
                         b.getI64IntegerAttr(exactShape.first));
        created->setAttr("coll.exact_rounds",
                         b.getI64IntegerAttr(exactShape.second));
      }
      numTransfers += count;
    }
    markAnalysesPreserved<SynthesisTimes, topo::NetworkModels>();
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
