//===- tacos-verify-fuzzer.cpp - coll-verify on arbitrary algorithms ------===//
//
// libFuzzer target for the native verifier (and the simulator, which reads
// the same transfers). The input is a module in MLIR text, seeded with the
// coll.algorithm ops of the tests: transfers in any order, on links that
// may not exist, at any times. Once parsed, verified and within the limits
// of FuzzSupport.h, it runs coll-verify, then coll-simulate on the same
// module. The rules: no crash, sanitizer report or hang; a rejected
// algorithm has an error at a location in the input; what coll-simulate
// writes parses back.
//
// A finding reproduces with the tool:
//   tacos-opt --coll-verify crash-<sha1>
//   tacos-opt --coll-simulate crash-<sha1>
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/InitAll.h"

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

  PassManager verify(&context);
  verify.addPass(tacos::coll::createCollVerify());
  if (failed(verify.run(*module)))
    requireError("coll-verify");

  diagnostics.reset();
  PassManager simulate(&context);
  simulate.addPass(tacos::coll::createCollSimulate());
  if (failed(simulate.run(*module))) {
    requireError("coll-simulate");
    return 0;
  }
  tacos::fuzz::requireRoundTrip(*module, "the output of coll-simulate");
  return 0;
}
