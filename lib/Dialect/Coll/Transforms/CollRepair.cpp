//===- CollRepair.cpp - Repair algorithms after links fail ----------------===//
//
// Thin: optionally adds `topo.drop` ops for `drop=`, then reads each
// algorithm and its (now degraded) network as core models, runs the core
// repair (Synthesis/Repair.h: kept set, routing of what is lost, verify)
// and writes the repaired transfers back in the algorithm's own form.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"
#include "tacos/Synthesis/Repair.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

namespace tacos::coll {
#define GEN_PASS_DEF_COLLREPAIR
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"
} // namespace tacos::coll

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {

struct CollRepairPass : coll::impl::CollRepairBase<CollRepairPass> {
  using CollRepairBase::CollRepairBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<AlgorithmOp> algorithms =
        llvm::to_vector(module.getOps<AlgorithmOp>());
    if (!drops.empty() && failed(addDrops(module, algorithms)))
      return signalPassFailure();
    // The network models are built afresh: the drops just added (or
    // written since synthesis) must be seen, not a cached model.
    SymbolTableCollection symbols;
    // One algorithm that cannot be repaired does not stop the others; the
    // pass still fails, naming every algorithm it left as it was.
    SmallVector<AlgorithmOp> unrepaired;
    for (AlgorithmOp algorithm : algorithms)
      if (failed(repairOne(algorithm, symbols)))
        unrepaired.push_back(algorithm);
    if (unrepaired.empty())
      return;
    if (algorithms.size() > 1)
      emitError(unrepaired.front().getLoc())
          << "coll-repair: left " << unrepaired.size() << " of "
          << algorithms.size() << " algorithms as they were: @"
          << llvm::join(llvm::map_range(unrepaired,
                                        [](AlgorithmOp algorithm) {
                                          return algorithm.getSymName();
                                        }),
                        ", @");
    signalPassFailure();
  }

  /// Adds one `topo.drop a <-> b` per `drop=` entry to the one network the
  /// algorithms use.
  LogicalResult addDrops(ModuleOp module,
                         MutableArrayRef<AlgorithmOp> algorithms) {
    if (algorithms.empty())
      return emitError(module.getLoc(),
                       "coll-repair: drop= needs an algorithm to repair");
    StringRef network = algorithms.front().getNetwork();
    for (AlgorithmOp algorithm : algorithms)
      if (algorithm.getNetwork() != network)
        return emitError(module.getLoc(), "coll-repair: drop= needs every "
                                          "algorithm on one network; found @")
               << network << " and @" << algorithm.getNetwork();
    auto networkOp = SymbolTable::lookupNearestSymbolFrom<topo::NetworkOp>(
        module, StringAttr::get(module.getContext(), network));
    if (!networkOp)
      return emitError(module.getLoc(), "coll-repair: no network @")
             << network;
    OpBuilder builder = OpBuilder::atBlockEnd(&networkOp.getBody().front());
    for (const std::string &entry : drops) {
      auto [a, b] = StringRef(entry).split('-');
      int64_t src, dst;
      if (a.trim().getAsInteger(10, src) || b.trim().getAsInteger(10, dst) ||
          src < 0 || dst < 0)
        return emitError(module.getLoc(), "coll-repair: drop '")
               << entry << "' is not a link a-b of two NPU ids";
      topo::DropOp::create(builder, networkOp.getLoc(), src, dst,
                           /*bidirectional=*/true);
    }
    return success();
  }

  LogicalResult repairOne(AlgorithmOp algorithm,
                          SymbolTableCollection &symbols) {
    FailureOr<AlgorithmModel> model =
        buildAlgorithmModel(algorithm, symbols, "coll-repair");
    if (failed(model))
      return failure();
    const CollectiveModel &collective = model->collective;
    RepairOptions options;
    options.model = toCore(algorithm.getLinkModel());
    options.compact = compact;
    RepairResult result =
        repairAlgorithm(collective.network, collective.spec, model->transfers.view(),
                        algorithm.getTime(), options);
    if (!result.error.empty())
      return emitErrorAt(algorithm) << "coll-repair: @"
                                    << algorithm.getSymName() << ": "
                                    << result.error;
    if (result.droppedLinks.empty())
      return success();
    algorithm.emitRemark() << "coll-repair: @" << algorithm.getSymName()
                           << ": kept " << result.kept << " of "
                           << model->transfers.size() << " transfers, added "
                           << result.added << " for " << result.lostDeliveries
                           << " lost deliveries; time " << algorithm.getTime()
                           << " ps -> " << result.timePs
                           << " ps after dropping " << result.droppedLinks;
    writeTransfers(algorithm, result.schedule.view(),
                   transferForm(algorithm));
    algorithm.setTime(result.timePs);
    // Synthesis facts that no longer describe these transfers.
    algorithm->removeAttr("coll.strict_phases_time");
    algorithm->removeAttr("coll.exact_steps");
    algorithm->removeAttr("coll.exact_rounds");
    algorithm->removeAttr("coll.exact_optimal");
    algorithm->removeAttr("coll.exact_infeasible_time");
    algorithm->removeAttr("coll.exact_proof");
    ++numRepaired;
    numKept += result.kept;
    numAdded += result.added;
    return success();
  }
};

} // namespace
