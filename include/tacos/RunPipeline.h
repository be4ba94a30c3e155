//===- RunPipeline.h - A pass pipeline on MLIR text, in one call -*- C++ -*-===//
//
// For embedders that hold text, not MLIR objects: the C API
// (tacos-c/Pipeline.h) and the Python module wrap this.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_RUNPIPELINE_H
#define TACOS_RUNPIPELINE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

namespace tacos {

/// Registers tacos' passes (once), parses `source` (text or bytecode;
/// `sourceName` in diagnostics) in a context of its own with every tacos
/// dialect, runs `pipeline` on the module and prints the result to `output`
/// (generic form if `genericForm`). `pipeline` is "builtin.module(...)" or a
/// bare list of passes on the module. Diagnostics go to `diagnostics` as
/// tacos-opt prints them; on failure nothing goes to `output`. Several
/// threads may call it at once.
mlir::LogicalResult runPipelineOnText(llvm::StringRef source,
                                      llvm::StringRef sourceName,
                                      llvm::StringRef pipeline,
                                      bool genericForm,
                                      llvm::raw_ostream &output,
                                      llvm::raw_ostream &diagnostics);

} // namespace tacos

#endif // TACOS_RUNPIPELINE_H
