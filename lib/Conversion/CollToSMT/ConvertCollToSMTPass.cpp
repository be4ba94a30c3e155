//===- ConvertCollToSMTPass.cpp - coll.algorithm -> smt.solver ------------===//

#include "tacos/Conversion/CollToSMT.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"

#include "mlir/Dialect/SMT/IR/SMTDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace tacos {
#define GEN_PASS_DEF_CONVERTCOLLTOSMT
#include "tacos/Conversion/Passes.h.inc"
} // namespace tacos

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {
struct ConvertCollToSMTPass
    : tacos::impl::ConvertCollToSMTBase<ConvertCollToSMTPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    OpBuilder builder(module.getContext());
    builder.setInsertionPointToEnd(module.getBody());
    for (AlgorithmOp algorithm :
         llvm::to_vector(module.getOps<AlgorithmOp>())) {
      FailureOr<AlgorithmModel> model = buildAlgorithmModel(algorithm, symbols,
                                                         "convert-coll-to-smt");
      if (failed(model))
        return signalPassFailure();
      std::string error;
      FailureOr<SmtEncoding> encoding = encodeAlgorithmAsSmt(
          builder, algorithm.getLoc(), model->collective.network, model->spec,
          model->transfers.view(), algorithm.getTime(), error);
      if (failed(encoding)) {
        emitErrorAt(algorithm) << "convert-coll-to-smt: " << error;
        return signalPassFailure();
      }
      encoding->solver->setAttr("tacos.algorithm",
                                builder.getStringAttr(algorithm.getSymName()));
    }
    // The result is a pure SMT module: what it says about the networks and
    // collectives is in the assertions.
    for (Operation &op : llvm::make_early_inc_range(*module.getBody()))
      if (!isa<smt::SolverOp>(op))
        op.erase();
  }
};
} // namespace
