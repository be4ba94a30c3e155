//===- TopoDialect.h - The topo dialect -------------------------*- C++ -*-===//
//
// Include this one header to use the topo dialect: it declares the dialect,
// its attributes and its ops.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_TOPO_IR_TOPODIALECT_H
#define TACOS_DIALECT_TOPO_IR_TOPODIALECT_H

#include "tacos/Network/Topology.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"

#include "tacos/Dialect/Topo/IR/TopoOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tacos/Dialect/Topo/IR/TopoAttrs.h.inc"

#define GET_OP_CLASSES
#include "tacos/Dialect/Topo/IR/TopoOps.h.inc"

#endif // TACOS_DIALECT_TOPO_IR_TOPODIALECT_H
