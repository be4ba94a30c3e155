//===- ExportedAlgorithm.cpp - The algorithm an export writes -------------===//

#include "tacos/Target/Common/ExportedAlgorithm.h"


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
