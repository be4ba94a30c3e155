//===- Passes.h - Passes of the topo dialect --------------------*- C++ -*-===//

#ifndef TACOS_DIALECT_TOPO_TRANSFORMS_PASSES_H
#define TACOS_DIALECT_TOPO_TRANSFORMS_PASSES_H

#include "tacos/Dialect/Topo/IR/TopoDialect.h"
#include "tacos/Dialect/Topo/Transforms/PassOptions.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tacos::topo {

#define GEN_PASS_DECL
#include "tacos/Dialect/Topo/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tacos/Dialect/Topo/Transforms/Passes.h.inc"

} // namespace tacos::topo

#endif // TACOS_DIALECT_TOPO_TRANSFORMS_PASSES_H
