//===- tacos-pipeline-fuzzer.cpp - MLIR text through tacos-pipeline -------===//
//
// libFuzzer target. The input is a module in MLIR text. It is parsed with
// every dialect tacos-opt registers and verified; if its networks and
// collectives are small (Limits in FuzzSupport.h), it runs through
// tacos-pipeline on one thread, the report going to a scratch file in
// JSON or text (the parity of the input's size picks, so both printers run).
// The rules: no crash, sanitizer report or hang; a rejected input has an
// error at a location in the input; what the pipeline writes parses back.
//
// A finding reproduces with the tool:
//   tacos-opt --tacos-pipeline=threads=1 crash-<sha1>
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "tacos/InitAll.h"
#include "tacos/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static DialectRegistry *registry = [] {
    auto *registry = new DialectRegistry;
    tacos::registerAllDialects(*registry);
    return registry;
  }();
  // MLIR's lexer reads the byte after the text: a copy ends with a NUL, as
  // files read by the tools do.
  const std::string text(reinterpret_cast<const char *>(data), size);
  if (tacos::fuzz::hitsUpstreamParserBug(text))
    return 0;
  MLIRContext context(*registry, MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  tacos::fuzz::DiagnosticRecorder diagnostics(&context);
  // An input may give its ops locations of its own, unknown ones too; then
  // only require an error.
  bool locatedInput = text.find("loc(") == std::string::npos;
  auto requireError = [&](llvm::StringRef what) {
    if (locatedInput)
      tacos::fuzz::requireLocatedError(diagnostics, what);
    else if (!diagnostics.hasError())
      tacos::fuzz::fail((what + " failed without an error").str());
  };

  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&context), "input.mlir");
  if (!module) {
    requireError("parsing");
    return 0;
  }
  if (!tacos::fuzz::withinLimits(*module, tacos::fuzz::Limits()))
    return 0;

  tacos::TacosPipelineOptions options;
  options.threads = 1;
  static const std::string report = tacos::fuzz::scratchPath("report");
  options.reportOutput = report;
  options.reportFormat =
      size % 2 ? tacos::coll::ReportFormat::Json : tacos::coll::ReportFormat::Text;
  PassManager pm(&context);
  tacos::buildTacosPipeline(pm, options);
  if (failed(pm.run(*module))) {
    requireError("tacos-pipeline");
    return 0;
  }
  tacos::fuzz::requireRoundTrip(*module, "the output of tacos-pipeline");
  return 0;
}
