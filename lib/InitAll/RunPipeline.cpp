//===- RunPipeline.cpp - A pass pipeline on MLIR text, in one call --------===//

#include "tacos/RunPipeline.h"
#include "tacos/InitAll.h"
#include "tacos/Support/NestingDepth.h"
#include "tacos/Support/ReportSink.h"

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

namespace {

/// The text of the diagnostic being formatted (a base of its own so that it
/// exists before the handler that writes to it).
struct DiagnosticText {
  std::string text;
  llvm::raw_string_ostream stream{text};
};

/// Formats each diagnostic as tacos-opt's handler does, notes included,
/// into one string, and hands it over whole: SourceMgrDiagnosticHandler
/// writes a diagnostic in many small pieces (the file name, ':', the line,
/// ...), which a stream forwarding each write would deliver as fragments.
class WholeDiagnosticHandler : private DiagnosticText,
                               public SourceMgrDiagnosticHandler {
public:
  WholeDiagnosticHandler(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                         tacos::TextCallback deliver)
      : SourceMgrDiagnosticHandler(sourceMgr, context, stream),
        deliver(deliver) {
    setHandler([this](Diagnostic &diagnostic) {
      text.clear();
      emitDiagnostic(diagnostic);
      if (this->deliver)
        this->deliver(text);
      return success();
    });
  }

private:
  tacos::TextCallback deliver;
};

} // namespace

/// A pipeline as tacos-opt's --pass-pipeline takes it, or a bare list that
/// runs on the module.
static LogicalResult buildPipeline(llvm::StringRef text, PassManager &pm,
                                   llvm::raw_ostream &errors) {
  text = text.trim();
  if (!text.starts_with("builtin.module("))
    return parsePassPipeline(text, pm, errors);
  FailureOr<OpPassManager> parsed = parsePassPipeline(text, errors);
  if (failed(parsed))
    return failure();
  // Both anchored on builtin.module: the parsed passes become pm's.
  static_cast<OpPassManager &>(pm) = std::move(*parsed);
  return success();
}

LogicalResult tacos::runPipelineOnText(llvm::StringRef source,
                                       llvm::StringRef sourceName,
                                       llvm::StringRef pipeline,
                                       bool genericForm,
                                       llvm::raw_ostream &output,
                                       TextCallback onDiagnostic,
                                       TextCallback onReport) {
  registerAllPasses();
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, sourceName), llvm::SMLoc());
  WholeDiagnosticHandler handler(sourceMgr, &context, onDiagnostic);
  std::optional<ScopedReportSink> reports;
  if (onReport)
    reports.emplace(&context, onReport);
  if (failed(checkNestingDepth(sourceMgr, &context)))
    return failure();
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return failure();
  PassManager pm(&context);
  std::string pipelineErrors;
  llvm::raw_string_ostream pipelineErrorStream(pipelineErrors);
  if (failed(buildPipeline(pipeline, pm, pipelineErrorStream)))
    return emitError(UnknownLoc::get(&context))
           << "cannot parse the pass pipeline '" << pipeline
           << "': " << llvm::StringRef(pipelineErrors).trim();
  if (failed(pm.run(*module)))
    return failure();
  OpPrintingFlags flags;
  if (genericForm)
    flags.printGenericOpForm();
  module->print(output, flags);
  output << "\n";
  return success();
}
