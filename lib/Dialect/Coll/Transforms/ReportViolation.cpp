//===- ReportViolation.cpp - Diagnostics of both verifiers ----------------===//

#include "tacos/Dialect/Coll/Transforms/ReportViolation.h"

using namespace mlir;

void tacos::coll::reportViolation(AlgorithmOp algorithm, StringRef pass,
                                  Property property, size_t transfer,
                                  StringRef message) {
  if (transfer != SIZE_MAX && !algorithm.getBody().empty()) {
    size_t index = 0;
    for (TransferOp op : algorithm.getBody().getOps<TransferOp>())
      if (index++ == transfer) {
        emitErrorAt(op) << pass << ": " << propertyName(property) << ": "
                        << message;
        return;
      }
  }
  InFlightDiagnostic diag = emitErrorAt(algorithm);
  diag << pass << ": " << propertyName(property) << ": ";
  if (transfer != SIZE_MAX)
    diag << "transfer " << transfer << ": ";
  diag << message;
}
