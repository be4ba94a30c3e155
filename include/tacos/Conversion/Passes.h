//===- Passes.h - Conversions out of the coll dialect -----------*- C++ -*-===//
//
// Every conversion pass of Passes.td, and registerConversionPasses().
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_CONVERSION_PASSES_H
#define TACOS_CONVERSION_PASSES_H

#include "tacos/Conversion/CollToMPIOptions.h"
#include "tacos/Dialect/Coll/Transforms/PassOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tacos {

#define GEN_PASS_DECL
#include "tacos/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tacos/Conversion/Passes.h.inc"

} // namespace tacos

#endif // TACOS_CONVERSION_PASSES_H
