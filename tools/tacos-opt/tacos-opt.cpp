//===- tacos-opt.cpp - The tacos optimizer driver -------------------------===//
//
// MlirOptMain with only what tacos needs: the topo and coll dialects and
// their passes (registering all of upstream MLIR would triple build time).
// The driver is MlirOptMain's own, spelled out so that the pass pipeline
// setup can drop the empty `<unknown>:0: error:` MLIR adds after a pass
// option that does not parse (the option parser has printed the real
// message already), and so that errors do not print the op they are on
// unless --mlir-print-op-on-diagnostic asks for it. With --run-reproducer
// the pipeline comes from the input file, and the files its passes would
// write (output=, report=) are checked to stay below the working directory.
//
//===----------------------------------------------------------------------===//

#include "tacos/InitAll.h"

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
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// True for the empty error MLIR's pipeline parser emits after a pass
/// option error, which has no message and no location of its own (in a
/// textual --pass-pipeline, only "failed to add `pass` with options `...`":
/// the option's own error, printed before it, says what is wrong).
static bool isEmptyOptionError(Diagnostic &diagnostic) {
  if (diagnostic.getSeverity() != DiagnosticSeverity::Error ||
      !isa<UnknownLoc>(diagnostic.getLocation()))
    return false;
  std::string text = diagnostic.str();
  return StringRef(text).ltrim().starts_with("failed to add `") ||
         text.empty();
}

/// Whether `path`, named by an input rather than the user, stays below the
/// working directory: relative and without a `..` component. "" and "-"
/// (standard streams) are fine.
static bool staysBelowWorkingDirectory(llvm::StringRef path) {
  if (path.empty() || path == "-")
    return true;
  if (llvm::sys::path::is_absolute(path) || path.starts_with("~"))
    return false;
  for (auto it = llvm::sys::path::begin(path), e = llvm::sys::path::end(path);
       it != e; ++it)
    if (*it == "..")
      return false;
  return true;
}

/// The first value of a file option (`output=`, `report=`) in a pass
/// pipeline's text that does not stay below the working directory, with
/// its pass and option (`coll-report output=`), or nothing. Values are read as MLIR prints them: up to the
/// next space, `,` or `}`, or in braces when they hold a space.
static std::optional<std::pair<std::string, std::string>>
findEscapingFileOption(llvm::StringRef pipeline) {
  for (llvm::StringRef key : {"output=", "report="}) {
    for (size_t at = pipeline.find(key); at != llvm::StringRef::npos;
         at = pipeline.find(key, at + 1)) {
      if (at == 0 || (pipeline[at - 1] != '{' && pipeline[at - 1] != ' '))
        continue;
      llvm::StringRef rest = pipeline.drop_front(at + key.size());
      llvm::StringRef value;
      if (rest.starts_with("{"))
        value = rest.drop_front().take_until([](char c) { return c == '}'; });
      else
        value = rest.take_until(
            [](char c) { return c == ' ' || c == '}' || c == ','; });
      if (staysBelowWorkingDirectory(value))
        continue;
      // The pass: the name before the option list's `{`.
      llvm::StringRef head = pipeline.take_front(pipeline.rfind('{', at));
      llvm::StringRef pass = head.substr(head.find_last_of("(,") + 1);
      return std::make_pair((pass + " " + key).str(), value.str());
    }
  }
  return std::nullopt;
}

/// Where the reproducer's pipeline is written in `buffer` (its
/// `mlir_reproducer` key), for the diagnostic.
static Location reproducerLocation(MLIRContext *context,
                                   llvm::StringRef filename,
                                   llvm::StringRef buffer) {
  size_t at = buffer.find("mlir_reproducer");
  if (at == llvm::StringRef::npos)
    return FileLineColLoc::get(context, filename, 1, 1);
  llvm::StringRef before = buffer.take_front(at);
  unsigned line = 1 + before.count('\n');
  unsigned col = 1 + unsigned(at - (before.rfind('\n') + 1));
  return FileLineColLoc::get(context, filename, line, col);
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

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }

  MlirOptMainConfig parsed = config;
  std::string bufferName = file->getBufferIdentifier().str();
  llvm::StringRef bufferText = file->getBuffer();
  config.setPassPipelineSetupFn([parsed, bufferName,
                                 bufferText](PassManager &pm) -> LogicalResult {
    // The reproducer's passes are in `pm` already; the command line's come
    // next. Only the former were written by the input.
    if (parsed.shouldRunReproducer()) {
      std::string pipeline;
      llvm::raw_string_ostream os(pipeline);
      pm.printAsTextualPipeline(os);
      if (auto escaping = findEscapingFileOption(pipeline))
        return emitError(reproducerLocation(pm.getContext(), bufferName,
                                            bufferText))
               << "the reproducer's pipeline would write to '"
               << escaping->second << "' (" << escaping->first
               << "): a file named by an input must be a relative path "
                  "below the working directory; give the option on the "
                  "command line instead";
    }
    ScopedDiagnosticHandler dropEmpty(pm.getContext(), [](Diagnostic &d) {
      return success(isEmptyOptionError(d));
    });
    return parsed.setupPassPipeline(pm);
  });
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
