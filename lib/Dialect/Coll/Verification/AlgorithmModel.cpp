//===- AlgorithmModel.cpp - coll.algorithm -> verifier inputs -------------===//

#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

FailureOr<AlgorithmModel>
coll::buildAlgorithmModel(AlgorithmOp algorithm, SymbolTableCollection &symbols,
                          StringRef user, topo::NetworkModels *networks) {
  if (algorithm.getUnmaterialized())
    return emitErrorAt(algorithm)
           << user << ": the transfers of @" << algorithm.getSymName()
           << " were not materialized (materialize=none)";
  FailureOr<CollectiveModel> collective =
      buildCollectiveModel(algorithm, symbols, networks);
  if (failed(collective))
    return failure();
  FailureOr<TransferTable> transfers = readTransfers(algorithm);
  if (failed(transfers))
    return failure();
  VerificationSpec spec = buildVerificationSpec(
      collective->spec, collective->network.numNpus(),
      toCore(algorithm.getLinkModel()));
  return AlgorithmModel{std::move(*collective), std::move(spec),
                        std::move(*transfers)};
}

FailureOr<AlgorithmModel>
tacos::coll::buildVerifiedAlgorithmModel(AlgorithmOp algorithm,
                                         SymbolTableCollection &symbols,
                                         llvm::StringRef tool,
                                         llvm::StringRef action) {
  if (algorithm.getUnmaterialized())
    return emitErrorAt(algorithm)
           << tool << ": @" << algorithm.getSymName() << " has no transfers to "
           << action << " (synthesized with materialize=none)";
  FailureOr<AlgorithmModel> model = buildAlgorithmModel(algorithm, symbols, tool);
  if (failed(model))
    return failure();
  std::vector<Violation> violations =
      verifyAlgorithm(model->collective.network, model->spec,
                      model->transfers.view(), algorithm.getTime());
  if (violations.empty())
    return model;
  const Violation &v = violations.front();
  InFlightDiagnostic diag = emitErrorAt(algorithm);
  diag << tool << ": refusing to " << action << " @" << algorithm.getSymName()
       << ", which coll-verify rejects: " << propertyName(v.property) << ": ";
  if (v.transfer != SIZE_MAX)
    diag << "transfer " << v.transfer << ": ";
  diag << v.message;
  // Where coll-verify would put it: on the transfer, when it is an op.
  if (v.transfer != SIZE_MAX && !algorithm.getBody().empty()) {
    size_t index = 0;
    for (TransferOp op : algorithm.getBody().getOps<TransferOp>())
      if (index++ == v.transfer) {
        diag.attachNote(op.getLoc()) << "transfer " << v.transfer;
        break;
      }
  }
  // The attributes are the input's word, which nothing takes: a forged or
  // stale one is exactly what this check is for.
  if (algorithm->hasAttr(kVerifiedAttr) || algorithm->hasAttr(kVerifiedSmtAttr))
    diag.attachNote() << "its coll.verified attributes are not trusted: "
                         "every algorithm is verified again before it is "
                         "lowered or exported";
  return failure();
}
