//===- CollVerify.cpp - Native checker of algorithms ----------------------===//

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Coll/Transforms/ReportViolation.h"
#include "tacos/Dialect/Coll/Transforms/SynthesisTimes.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"

namespace tacos::coll {
#define GEN_PASS_DEF_COLLVERIFY
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"
} // namespace tacos::coll

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {
struct CollVerifyPass : coll::impl::CollVerifyBase<CollVerifyPass> {
  using CollVerifyBase::CollVerifyBase;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    auto &networks = getAnalysis<topo::NetworkModels>();
    auto &verdicts = getAnalysis<NativeVerdicts>();
    bool failedAny = false;
    for (AlgorithmOp algorithm : getOperation().getOps<AlgorithmOp>()) {
      FailureOr<AlgorithmModel> model =
          buildAlgorithmModel(algorithm, symbols, "coll-verify", &networks);
      if (failed(model)) {
        failedAny = true;
        continue;
      }
      VerificationOptions options;
      options.maxViolations = maxViolations;
      // One mistake, one diagnostic: what follows from a reported violation
      // is left out.
      std::vector<Violation> violations = withoutConsequences(
          verifyAlgorithm(model->collective.network, model->spec,
                          model->transfers.view(), algorithm.getTime(),
                          options),
          model->transfers.view());
      for (const Violation &v : violations)
        reportViolation(algorithm, "coll-verify", v.property, v.transfer,
                        v.message);
      if (violations.empty()) {
        algorithm->setAttr(kVerifiedAttr, UnitAttr::get(&getContext()));
        verdicts.verified.insert(algorithm.getSymName());
      }
      failedAny |= !violations.empty();
    }
    // Only attributes were added: what the report reads of earlier passes
    // (synthesis times, Z3's verdicts) still holds.
    markAnalysesPreserved<SynthesisTimes, SmtVerdicts, NativeVerdicts,
                          topo::NetworkModels>();
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
