//===- ExportedAlgorithm.cpp - The algorithm an export writes -------------===//

#include "tacos/Target/Common/ExportedAlgorithm.h"

#include "tacos/Dialect/Coll/IR/CollDialect.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

FailureOr<AlgorithmOp> tacos::chooseExportedAlgorithm(Operation *root,
                                                      llvm::StringRef name,
                                                      llvm::StringRef format,
                                                      llvm::StringRef option) {
  SmallVector<AlgorithmOp> algorithms;
  root->walk([&](AlgorithmOp op) { algorithms.push_back(op); });
  if (!name.empty()) {
    for (AlgorithmOp op : algorithms)
      if (op.getSymName() == name)
        return op;
    return emitError(root->getLoc())
           << format << ": no coll.algorithm @" << name;
  }
  if (algorithms.size() == 1)
    return algorithms.front();
  if (algorithms.empty())
    return emitError(root->getLoc())
           << format << ": no coll.algorithm to export (run coll-synthesize "
           << "first)";
  return emitError(root->getLoc())
         << format << ": " << algorithms.size()
         << " algorithms; choose one with " << option;
}

FailureOr<AlgorithmModel>
tacos::readVerifiedAlgorithm(AlgorithmOp algorithm, llvm::StringRef format,
                             SymbolTableCollection &symbols) {
  if (algorithm.getUnmaterialized())
    return emitErrorAt(algorithm)
           << format << ": @" << algorithm.getSymName()
           << " has no transfers to export (synthesized with "
           << "materialize=none)";
  FailureOr<AlgorithmModel> model = buildAlgorithmModel(algorithm, symbols);
  if (failed(model))
    return failure();
  std::vector<Violation> violations =
      verifyAlgorithm(model->collective.network, model->spec,
                      model->transfers.view(), algorithm.getTime());
  if (violations.empty())
    return model;
  const Violation &v = violations.front();
  InFlightDiagnostic diag = emitErrorAt(algorithm);
  diag << format << ": refusing to export @" << algorithm.getSymName()
       << ", which coll-verify rejects: " << propertyName(v.property) << ": ";
  if (v.transfer != SIZE_MAX)
    diag << "transfer " << v.transfer << ": ";
  diag << v.message;
  return failure();
}
