//===- AlgorithmModel.cpp - coll.algorithm -> verifier inputs -------------===//

#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

FailureOr<AlgorithmModel>
coll::buildAlgorithmModel(AlgorithmOp algorithm, SymbolTableCollection &symbols,
                          topo::NetworkModels *networks) {
  if (algorithm.getUnmaterialized())
    return emitOpErrorAt(algorithm)
           << "has no transfers to check: @" << algorithm.getSymName()
           << " was synthesized with materialize=none";
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
