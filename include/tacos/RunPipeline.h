//===- RunPipeline.h - A pass pipeline on MLIR text, in one call -*- C++ -*-===//
//
// For embedders that hold text, not MLIR objects: the C API
// (tacos-c/Pipeline.h) and the Python module wrap this.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_RUNPIPELINE_H
#define TACOS_RUNPIPELINE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace tacos {

/// Receives one whole piece of text: a diagnostic, or a report.
using TextCallback = llvm::function_ref<void(llvm::StringRef)>;

/// Registers tacos' passes (once), parses `source` (text or bytecode;
/// `sourceName` in diagnostics) in a context of its own with every tacos
/// dialect, runs `pipeline` on the module and prints the result to `output`
/// (generic form if `genericForm`). `pipeline` is "builtin.module(...)" or a
/// bare list of passes on the module. On failure nothing goes to `output`.
///
/// `onDiagnostic` gets each diagnostic whole, one call each, as tacos-opt
/// prints it: "name:line:col: error: message", the source line and a caret,
/// then each note attached to it in the same form; the text ends in a
/// newline. `onReport` gets each report that tacos-opt would print on the
/// terminal (coll-report's, so tacos-pipeline's, without output=;
/// topo-summary's without output=; topo-allocate-bandwidth's report=-),
/// whole, one call each (ReportSink.h); without `onReport` they go to the
/// terminal as in tacos-opt. Either may be empty (dropped, for diagnostics).
/// Several threads may call it at once.
mlir::LogicalResult runPipelineOnText(llvm::StringRef source,
                                      llvm::StringRef sourceName,
                                      llvm::StringRef pipeline,
                                      bool genericForm,
                                      llvm::raw_ostream &output,
                                      TextCallback onDiagnostic,
                                      TextCallback onReport = {});

} // namespace tacos

#endif // TACOS_RUNPIPELINE_H
