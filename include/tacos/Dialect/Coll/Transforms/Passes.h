//===- Passes.h - Passes of the coll dialect --------------------*- C++ -*-===//

#ifndef TACOS_DIALECT_COLL_TRANSFORMS_PASSES_H
#define TACOS_DIALECT_COLL_TRANSFORMS_PASSES_H

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/Transforms/PassOptions.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tacos::coll {

#define GEN_PASS_DECL
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_TRANSFORMS_PASSES_H
