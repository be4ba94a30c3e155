//===- tacos-opt.cpp - The tacos optimizer driver -------------------------===//
//
// MlirOptMain with only what tacos needs: the topo and coll dialects and
// their passes (registering all of upstream MLIR would triple build time).
// The driver is MlirOptMain's own, spelled out so that the pass pipeline
// setup can drop the empty `<unknown>:0: error:` MLIR adds after a pass
// option that does not parse (the option parser has printed the real
// message already), and so that errors do not print the op they are on
// unless --mlir-print-op-on-diagnostic asks for it.
//
//===----------------------------------------------------------------------===//

#include "tacos/InitAll.h"
#include "tacos/Support/NestingDepth.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// True for the empty error MLIR's pipeline parser emits after a pass
/// option error, which has no message and no location of its own.
static bool isEmptyOptionError(Diagnostic &diagnostic) {
  return diagnostic.getSeverity() == DiagnosticSeverity::Error &&
         isa<UnknownLoc>(diagnostic.getLocation()) && diagnostic.str().empty();
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  DialectRegistry registry;
  tacos::registerAllDialects(registry);
  tacos::registerAllPasses();
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "tacos optimizer: collective synthesis on MLIR\n", registry);
  // An error on an op names its location; MLIR also prints the whole op
  // under it by default, which for a network or an algorithm can be
  // megabytes (issue 10 item 18). Off unless asked for.
  auto &options =
      llvm::cl::getRegisteredOptions();
  if (auto *printOp = static_cast<llvm::cl::opt<bool> *>(
          options.lookup("mlir-print-op-on-diagnostic"));
      printOp && printOp->getNumOccurrences() == 0)
    *printOp = false;
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();

  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleaveComma(registry.getDialectNames(), llvm::outs());
    llvm::outs() << "\n";
    return 0;
  }
  if (config.shouldListPasses()) {
    printRegisteredPasses();
    return 0;
  }

  MlirOptMainConfig parsed = config;
  config.setPassPipelineSetupFn([parsed](PassManager &pm) {
    ScopedDiagnosticHandler dropEmpty(pm.getContext(), [](Diagnostic &d) {
      return success(isEmptyOptionError(d));
    });
    return parsed.setupPassPipeline(pm);
  });

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  // MLIR's parser recurses per nesting level: too deep a text would crash
  // it, so it is refused here, located, before MlirOptMain parses it.
  if (tacos::printTooDeepNesting(file->getMemBufferRef(), llvm::errs()))
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (failed(MlirOptMain(output->os(), std::move(file), registry, config)))
    return 1;
  output->keep();
  return 0;
}
