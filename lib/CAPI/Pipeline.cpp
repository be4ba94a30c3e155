//===- Pipeline.cpp - C API: run a pass pipeline on MLIR text -------------===//

#include "tacos-c/Pipeline.h"

#include "tacos/RunPipeline.h"

#include "mlir/CAPI/Support.h"
#include "llvm/Support/raw_ostream.h"

MlirLogicalResult tacosRunPipeline(MlirStringRef source,
                                   MlirStringRef sourceName,
                                   MlirStringRef pipeline, bool genericForm,
                                   MlirStringCallback onOutput,
                                   MlirStringCallback onDiagnostic,
                                   MlirStringCallback onReport,
                                   void *userData) {
  // Output is held back until the pipeline succeeds (none on failure);
  // diagnostics and reports come as they are made, each whole.
  std::string output;
  llvm::raw_string_ostream outputStream(output);
  auto forward = [userData](MlirStringCallback callback) {
    return [callback, userData](llvm::StringRef text) {
      if (callback)
        callback(wrap(text), userData);
    };
  };
  auto diagnostics = forward(onDiagnostic), reports = forward(onReport);
  // Reports always get a sink, NULL or not: the process's stderr is the
  // embedder's.
  mlir::LogicalResult result = tacos::runPipelineOnText(
      unwrap(source), unwrap(sourceName), unwrap(pipeline), genericForm,
      outputStream, diagnostics, reports);
  if (mlir::succeeded(result) && onOutput)
    onOutput(wrap(llvm::StringRef(output)), userData);
  return wrap(result);
}
