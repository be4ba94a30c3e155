//===- ConvertCollToMPIPass.cpp - coll.algorithm -> func with mpi ---------===//
//
// Reads every algorithm into the core, refuses what the native verifier
// rejects, asks exec::ExecutionPlan for the rank programs and writes them
// down (EmitRankPrograms.cpp). Every algorithm is verified and planned
// before the module is changed.
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/CollToMPI.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/SymbolTable.h"

namespace tacos {
#define GEN_PASS_DEF_CONVERTCOLLTOMPI
#include "tacos/Conversion/Passes.h.inc"
} // namespace tacos

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {

constexpr StringLiteral kPass = "convert-coll-to-mpi";

/// One algorithm, checked and ready to be written.
struct PlannedAlgorithm {
  AlgorithmOp op;
  /// Keeps the transfers `plan` points into alive.
  std::optional<AlgorithmModel> model;
  std::optional<exec::ExecutionPlan> plan;
  /// Every rank's program when unrolled.
  std::vector<exec::RankProgram> programs;
  MPILowering lowering;
};

struct ConvertCollToMPIPass
    : tacos::impl::ConvertCollToMPIBase<ConvertCollToMPIPass> {
  using ConvertCollToMPIBase::ConvertCollToMPIBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<AlgorithmOp> algorithms(module.getOps<AlgorithmOp>());
    if (algorithms.empty())
      return;
    if (failed(checkOptions(algorithms)) || failed(setMPIImplementation(module, mpi, mpi.hasValue(), kPass)))
      return signalPassFailure();

    limits = resourceLimits(maxMemory, TimeoutOption());
    SymbolTableCollection symbols;
    std::vector<PlannedAlgorithm> planned(algorithms.size());
    bool failedAny = false;
    for (auto [i, algorithm] : llvm::enumerate(algorithms))
      failedAny |= failed(plan(algorithm, i, symbols, planned[i]));
    if (failedAny)
      return signalPassFailure();

    // The functions replace the algorithms (often under the same name), and
    // networks nothing refers to any more go too.
    OpBuilder builder(&getContext());
    for (PlannedAlgorithm &p : planned) {
      builder.setInsertionPointAfter(p.op);
      Location loc = p.op.getLoc();
      p.op.erase();
      if (failed(write(builder, loc, p, module)))
        return signalPassFailure();
    }
    for (auto network : llvm::to_vector(module.getOps<topo::NetworkOp>()))
      if (SymbolTable::symbolKnownUseEmpty(network, module))
        network.erase();
  }

  ResourceLimits limits;

  LogicalResult checkOptions(ArrayRef<AlgorithmOp> algorithms) {
    if (!symbol.empty() && algorithms.size() > 1)
      return emitErrorAt(algorithms[1])
             << kPass << ": symbol=" << symbol << " names one function, but "
             << "the module has " << algorithms.size() << " algorithms";
    // Algorithm i carries tag + i: the error is on the first whose tag is
    // out of range (the first algorithm when tag itself is; compared without
    // computing tag + i, which a huge tag would overflow).
    int64_t count = int64_t(algorithms.size());
    if (tag < 0 || tag > kTagLimit - count) {
      size_t first = tag < 0 || tag >= kTagLimit ? 0 : size_t(kTagLimit - tag);
      return emitErrorAt(algorithms[first])
             << kPass << ": tag " << (tag + int64_t(first)) << " of @"
             << AlgorithmOp(algorithms[first]).getSymName() << " is outside [0, "
             << kTagLimit << "), the range every MPI library accepts";
    }
    bool sumOnly = elementType == MPIElementType::F16 ||
                   elementType == MPIElementType::BF16;
    if (sumOnly && reduction != exec::ReduceOp::Sum)
      return emitErrorAt(algorithms.front())
             << kPass << ": reduction=" << optionValueName(reduction)
             << " is not supported for element-type="
             << optionValueName(elementType) << " (only sum)";
    return success();
  }

  LogicalResult plan(AlgorithmOp algorithm, size_t index,
                     SymbolTableCollection &symbols, PlannedAlgorithm &p) {
    p.op = algorithm;
    FailureOr<AlgorithmModel> model =
        buildVerifiedAlgorithmModel(algorithm, symbols, kPass, "lower");
    if (failed(model))
      return failure();
    p.model.emplace(std::move(*model));
    // form=auto unrolls only small programs: the table is what it costs.
    MPILoweringForm planned =
        form == MPILoweringForm::Unrolled ? form : MPILoweringForm::Table;
    if (std::string error = checkMemory(
            limits, estimateMPILowering(double(p.model->transfers.size()),
                                        planned));
        !error.empty())
      return emitErrorAt(algorithm)
             << kPass << ": @" << algorithm.getSymName() << ": " << error;
    std::string error;
    p.plan = exec::ExecutionPlan::build(
        exec::CallShape::of(p.model->collective.spec,
                            p.model->collective.network.numNpus()),
        p.model->transfers.view(), error);
    if (!p.plan)
      return emitErrorAt(algorithm)
             << kPass << ": @" << algorithm.getSymName() << ": " << error;

    p.lowering.symbol =
        symbol.empty() ? algorithm.getSymName().str() : std::string(symbol);
    p.lowering.elementType = elementType;
    p.lowering.reduction = reduction;
    p.lowering.tag = int32_t(tag + int64_t(index));
    p.lowering.form = chooseForm(p);
    return success();
  }

  /// form=auto unrolls up to kMaxUnrolledSteps steps over all ranks,
  /// building programs only until the budget is exceeded.
  MPILoweringForm chooseForm(PlannedAlgorithm &p) {
    if (form == MPILoweringForm::Table)
      return MPILoweringForm::Table;
    size_t steps = 0;
    for (uint32_t rank = 0; rank < p.plan->shape().numRanks; ++rank) {
      p.programs.push_back(p.plan->program(rank));
      steps += p.programs.back().steps.size();
      if (form == MPILoweringForm::Auto && steps > kMaxUnrolledSteps) {
        p.programs.clear();
        return MPILoweringForm::Table;
      }
    }
    return MPILoweringForm::Unrolled;
  }

  LogicalResult write(OpBuilder &builder, Location loc, PlannedAlgorithm &p,
                      ModuleOp module) {
    const std::string &name = p.lowering.symbol;
    for (StringRef suffix : {"", "_steps", "_offsets", "_ranks", "_peers"}) {
      if (!suffix.empty() && p.lowering.form != MPILoweringForm::Table)
        break;
      if (SymbolTable::lookupSymbolIn(module, name + suffix.str()))
        return emitError(loc)
               << kPass << ": cannot name the function @" << name << ": @"
               << name + suffix.str() << " is already defined";
    }
    std::string error;
    LogicalResult written =
        p.lowering.form == MPILoweringForm::Table
            ? emitTable(builder, loc, *p.plan, p.lowering, error)
            : emitUnrolled(builder, loc, p.plan->shape(), p.programs,
                           p.lowering, error);
    if (failed(written))
      return emitError(loc) << kPass << ": @" << name << ": " << error;
    return success();
  }
};

} // namespace
