//===- CollDialect.h - The coll dialect -------------------------*- C++ -*-===//
//
// Include this one header to use the coll dialect: it declares the dialect,
// its enums, interfaces and ops.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COLL_IR_COLLDIALECT_H
#define TACOS_DIALECT_COLL_IR_COLLDIALECT_H

#include "tacos/Collective/Collective.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"

#include "tacos/Dialect/Coll/IR/CollOpsDialect.h.inc"
#include "tacos/Dialect/Coll/IR/CollEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tacos/Dialect/Coll/IR/CollAttrs.h.inc"

#include "tacos/Dialect/Coll/IR/CollInterfaces.h.inc"

#define GET_OP_CLASSES
#include "tacos/Dialect/Coll/IR/CollOps.h.inc"

namespace tacos::coll {

/// Errors about coll ops, at the op's location but without the op attached:
/// Operation::emitError adds a "see current operation" note that prints the
/// op, and an algorithm can hold millions of transfers (1.75 GB of notes
/// for one verifier run). Diagnostics say what is wrong and where instead.
inline mlir::InFlightDiagnostic emitErrorAt(mlir::Operation *op) {
  return mlir::emitError(op->getLoc());
}
/// The same, worded like Operation::emitOpError ("'coll.algorithm' op ...").
inline mlir::InFlightDiagnostic emitOpErrorAt(mlir::Operation *op) {
  mlir::InFlightDiagnostic diag = mlir::emitError(op->getLoc());
  diag << "'" << op->getName() << "' op ";
  return diag;
}

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_IR_COLLDIALECT_H
