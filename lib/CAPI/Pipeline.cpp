//===- Pipeline.cpp - C API: run a pass pipeline on MLIR text -------------===//

#include "tacos-c/Pipeline.h"

#include "tacos/RunPipeline.h"

#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"

MlirLogicalResult tacosRunPipeline(MlirStringRef source,
                                   MlirStringRef sourceName,
                                   MlirStringRef pipeline, bool genericForm,
                                   MlirStringCallback onOutput,
                                   MlirStringCallback onDiagnostic,
                                   void *userData) {
  // Output is held back until the pipeline succeeds (none on failure);
  // diagnostics stream as they come.
  std::string output, discarded;
  llvm::raw_string_ostream outputStream(output), sink(discarded);
  mlir::detail::CallbackOstream diagnostics(onDiagnostic, userData);
  llvm::raw_ostream &diagnosticStream =
      onDiagnostic ? static_cast<llvm::raw_ostream &>(diagnostics) : sink;
  mlir::LogicalResult result = tacos::runPipelineOnText(
      unwrap(source), unwrap(sourceName), unwrap(pipeline), genericForm,
      outputStream, diagnosticStream);
  diagnosticStream.flush();
  if (mlir::succeeded(result) && onOutput)
    onOutput({output.data(), output.size()}, userData);
  return wrap(result);
}
