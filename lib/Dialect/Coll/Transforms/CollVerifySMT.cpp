//===- CollVerifySMT.cpp - Check algorithms with Z3 -----------------------===//
//
// Thin: encodes each algorithm (CollToSMT), exports SMT-LIB, runs Z3 and
// maps the true `bad_*` flags of a model back to transfers.
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/CollToSMT.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Coll/Transforms/ReportViolation.h"
#include "tacos/Dialect/Coll/Transforms/SynthesisTimes.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"

#include "mlir/Dialect/SMT/IR/SMTDialect.h"
#include "mlir/IR/BuiltinOps.h"


namespace tacos::coll {
#define GEN_PASS_DEF_COLLVERIFYSMT
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"
} // namespace tacos::coll

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {
struct CollVerifySMTPass : coll::impl::CollVerifySMTBase<CollVerifySMTPass> {
  using CollVerifySMTBase::CollVerifySMTBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<smt::SMTDialect>();
  }

  void runOnOperation() override {
    limits = resourceLimits(maxMemory, timeout);
    SymbolTableCollection symbols;
    bool failedAny = false;
    for (AlgorithmOp algorithm : getOperation().getOps<AlgorithmOp>())
      failedAny |= failed(verifyOne(algorithm, symbols));
    // Only attributes were added: synthesis times still hold.
    markAnalysesPreserved<SmtVerdicts, NativeVerdicts, SynthesisTimes,
                          topo::NetworkModels>();
    if (failedAny)
      signalPassFailure();
  }

  LogicalResult verifyOne(AlgorithmOp algorithm,
                          SymbolTableCollection &symbols) {
    FailureOr<AlgorithmModel> model = buildAlgorithmModel(
        algorithm, symbols, "coll-verify-smt", &getAnalysis<topo::NetworkModels>());
    if (failed(model))
      return failure();
    if (std::string error = checkMemory(
            limits, estimateSmtEncoding(model->spec, model->transfers.size()));
        !error.empty())
      return emitErrorAt(algorithm) << "coll-verify-smt: " << error;
    if (limits.deadline.expired())
      return emitErrorAt(algorithm)
             << "coll-verify-smt: "
             << timeoutMessage(limits, "verification with z3");
    // The encoding lives in a scratch module, never in the input IR.
    OpBuilder builder(&getContext());
    OwningOpRef<ModuleOp> scratch = ModuleOp::create(algorithm.getLoc());
    builder.setInsertionPointToEnd(scratch->getBody());
    std::string error;
    FailureOr<SmtEncoding> encoding = encodeAlgorithmAsSmt(
        builder, algorithm.getLoc(), model->collective.network, model->spec,
        model->transfers.view(), algorithm.getTime(), error);
    if (failed(encoding))
      return emitErrorAt(algorithm) << "coll-verify-smt: " << error;
    std::vector<const SmtFact *> found;
    // Z3 stops at the smaller of timeout-ms and what timeout= leaves.
    unsigned limitMs = timeoutMs;
    if (limits.deadline.isSet())
      limitMs = limitMs ? std::min(limitMs, limits.deadline.remainingMs())
                        : limits.deadline.remainingMs();
    Z3Outcome outcome = solveEncoding(*scratch, *encoding, limitMs, found);
    switch (outcome.result) {
    case Z3Outcome::Result::Unsat:
      algorithm->setAttr(kVerifiedSmtAttr, UnitAttr::get(&getContext()));
      getAnalysis<SmtVerdicts>().proven.insert(algorithm.getSymName());
      return success();
    case Z3Outcome::Result::Error:
      return emitErrorAt(algorithm)
             << "coll-verify-smt: z3 failed: " << outcome.message;
    case Z3Outcome::Result::Unknown:
      if (limits.deadline.expired())
        return emitErrorAt(algorithm)
               << "coll-verify-smt: "
               << timeoutMessage(limits, "verification with z3");
      return emitErrorAt(algorithm)
             << "coll-verify-smt: z3 gave no answer"
             << (limitMs ? " within the time limit" : "") << ": "
             << outcome.message;
    case Z3Outcome::Result::Sat:
      break;
    }
    // As coll-verify: what follows from a reported violation is left out.
    std::vector<Violation> violations;
    for (const SmtFact *fact : found)
      violations.push_back(
          {fact->property, fact->transfer, fact->description, fact->chunk});
    for (const Violation &v :
         withoutConsequences(std::move(violations), model->transfers.view()))
      reportViolation(algorithm, "coll-verify-smt", v.property, v.transfer,
                      v.message);
    if (found.empty())
      return emitErrorAt(algorithm)
             << "coll-verify-smt: z3 found a violation it did not name";
    return failure();
  }

  ResourceLimits limits;
};
} // namespace
