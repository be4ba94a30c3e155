//===- Pipeline.cpp - C API: run a pass pipeline on MLIR text -------------===//

#include "tacos-c/Pipeline.h"
#include "tacos-c/Passes.h"

#include "tacos/InitAll.h"

#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

/// A pipeline as tacos-opt's --pass-pipeline takes it, or a bare list that
/// runs on the module.
static LogicalResult buildPipeline(llvm::StringRef text, PassManager &pm,
                                   llvm::raw_ostream &errors) {
  text = text.trim();
  if (text.starts_with("builtin.module(")) {
    FailureOr<OpPassManager> parsed = parsePassPipeline(text, errors);
    if (failed(parsed))
      return failure();
    // Both anchored on builtin.module: the parsed passes become pm's.
    static_cast<OpPassManager &>(pm) = std::move(*parsed);
    return success();
  }
  return parsePassPipeline(text, pm, errors);
}

MlirLogicalResult tacosRunPipeline(MlirStringRef source,
                                   MlirStringRef sourceName,
                                   MlirStringRef pipeline, bool genericForm,
                                   MlirStringCallback onOutput,
                                   MlirStringCallback onDiagnostic,
                                   void *userData) {
  tacosRegisterAllPasses();
  DialectRegistry registry;
  tacos::registerAllDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);

  // Diagnostics as tacos-opt prints them; dropped if nobody listens.
  std::string discarded;
  llvm::raw_string_ostream sink(discarded);
  mlir::detail::CallbackOstream diagnostics(onDiagnostic, userData);
  llvm::raw_ostream &diagStream =
      onDiagnostic ? static_cast<llvm::raw_ostream &>(diagnostics) : sink;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(source), unwrap(sourceName)),
      llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagStream);

  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module) {
    diagStream.flush();
    return mlirLogicalResultFailure();
  }
  PassManager pm(&context);
  std::string pipelineErrors;
  llvm::raw_string_ostream pipelineErrorStream(pipelineErrors);
  if (failed(buildPipeline(unwrap(pipeline), pm, pipelineErrorStream))) {
    emitError(UnknownLoc::get(&context))
        << "cannot parse the pass pipeline '" << unwrap(pipeline)
        << "': " << llvm::StringRef(pipelineErrors).trim();
    diagStream.flush();
    return mlirLogicalResultFailure();
  }
  if (failed(pm.run(*module))) {
    diagStream.flush();
    return mlirLogicalResultFailure();
  }
  diagStream.flush();
  if (onOutput) {
    mlir::detail::CallbackOstream output(onOutput, userData);
    OpPrintingFlags flags;
    if (genericForm)
      flags.printGenericOpForm();
    module->print(output, flags);
    output << "\n";
    output.flush();
  }
  return mlirLogicalResultSuccess();
}
