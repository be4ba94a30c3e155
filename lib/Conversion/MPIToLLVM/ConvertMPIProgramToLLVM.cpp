//===- ConvertMPIProgramToLLVM.cpp - A program of MPI calls -> LLVM -------===//

#include "tacos/Conversion/MPIToLLVM.h"
#include "tacos/Conversion/Passes.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MPIToLLVM/MPIToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tacos {
#define GEN_PASS_DEF_CONVERTMPIPROGRAMTOLLVM
#include "tacos/Conversion/Passes.h.inc"
} // namespace tacos

using namespace mlir;
using namespace tacos;

static StringRef name(MPIImplementation implementation) {
  return implementation == MPIImplementation::OpenMPI ? "OpenMPI" : "MPICH";
}

/// The ABI of `module`, which must be that of every mpi op in it: upstream's
/// patterns read the entry from the op's closest module, and the one type
/// converter of the conversion gives `!mpi.request` one type.
static FailureOr<MPIImplementation> getProgramImplementation(ModuleOp module) {
  FailureOr<MPIImplementation> implementation = getMPIImplementation(module);
  if (failed(implementation))
    return failure();
  WalkResult result = module.walk([&](Operation *op) {
    if (!isa_and_nonnull<mpi::MPIDialect>(op->getDialect()))
      return WalkResult::advance();
    auto closest = op->getParentOfType<ModuleOp>();
    if (closest == module)
      return WalkResult::advance();
    FailureOr<MPIImplementation> own = getMPIImplementation(closest);
    if (failed(own))
      return WalkResult::interrupt();
    if (*own == *implementation)
      return WalkResult::advance();
    op->emitError() << "this op's module names \"MPI:Implementation\" "
                    << name(*own) << " but the converted module's is "
                    << name(*implementation)
                    << ": one conversion lowers one MPI ABI";
    return WalkResult::interrupt();
  });
  if (result.wasInterrupted())
    return failure();
  return implementation;
}

/// Writes the default ABI into a module that names none. Upstream's
/// patterns query the DLTI entry with errors on: without it, each of them
/// reports "target op of failed DLTI query" before choosing MPICH. The
/// result also says which ABI it was lowered for.
static void pinMPIImplementation(ModuleOp module,
                                 MPIImplementation implementation) {
  if (succeeded(dlti::query(module, {"MPI:Implementation"},
                            /*emitError=*/false)))
    return;
  MLIRContext *context = module.getContext();
  SmallVector<DataLayoutEntryInterface> entries;
  if (auto map = module->getAttrOfType<MapAttr>("dlti.map"))
    llvm::append_range(entries, map.getEntries());
  entries.push_back(
      DataLayoutEntryAttr::get(StringAttr::get(context, "MPI:Implementation"),
                               StringAttr::get(context, name(implementation))));
  module->setAttr("dlti.map", MapAttr::get(context, entries));
}

namespace {
struct ConvertMPIProgramToLLVMPass
    : tacos::impl::ConvertMPIProgramToLLVMBase<ConvertMPIProgramToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<MPIImplementation> implementation =
        getProgramImplementation(module);
    if (failed(implementation) || failed(checkMPIOperands(module)))
      return signalPassFailure();
    pinMPIImplementation(module, *implementation);

    MLIRContext *context = &getContext();
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(context, dataLayout.getAtOrAbove(module));
    LLVMTypeConverter converter(context, options, &dataLayout);
    RewritePatternSet patterns(context);
    populateMPIToLLVMPatterns(converter, patterns, *implementation);
    mpi::populateMPIToLLVMConversionPatterns(converter, patterns);
    populateContiguousCopyToLLVMPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    // The shard bridge stops a program whose collective call fails.
    cf::populateAssertToLLVMConversionPattern(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);

    // Full conversion: an op no pattern lowers (an scf op left, another
    // dialect) is an error naming it, not IR that fails later.
    LLVMConversionTarget target(*context);
    target.addLegalOp<ModuleOp>();
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    if (*implementation == MPIImplementation::OpenMPI)
      renameOpenMPIOps(module);
  }

  /// Upstream's Open MPI lowering (LLVM 22) names the predefined reduction
  /// ops `ompi_mpi_sum`, ..., but Open MPI's symbols are `ompi_mpi_op_sum`,
  /// ...: a program with mpi.allreduce would not link. Renamed here, where
  /// every tacos pipeline passes.
  static void renameOpenMPIOps(ModuleOp module) {
    static constexpr const char *kOps[] = {
        "sum", "max",  "min", "prod",   "land",   "band",    "lor",
        "bor", "lxor", "bxor", "maxloc", "minloc", "replace", "no_op"};
    for (auto global : llvm::make_early_inc_range(
             module.getOps<LLVM::GlobalOp>())) {
      llvm::StringRef name = global.getSymName();
      if (!name.consume_front("ompi_mpi_") || !llvm::is_contained(kOps, name))
        continue;
      std::string fixed = ("ompi_mpi_op_" + name).str();
      if (SymbolTable::lookupSymbolIn(module, fixed))
        continue;
      if (failed(SymbolTable::replaceAllSymbolUses(
              global, StringAttr::get(module.getContext(), fixed), module)))
        continue;
      global.setSymName(fixed);
    }
  }
};
} // namespace
