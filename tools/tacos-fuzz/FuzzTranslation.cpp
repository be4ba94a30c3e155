//===- FuzzTranslation.cpp - Fuzzing a tacos-translate importer -----------===//

#include "FuzzTranslation.h"

#include "tacos/InitAllTranslations.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace mlir;

namespace tacos::fuzz {

static const Translation *selected = nullptr;

void selectTranslation(llvm::StringRef translation,
                       llvm::ArrayRef<std::string> options) {
  registerAllTranslations();
  // As in mlirTranslateMain: the parser lists the translations registered
  // when it is made, so it is made after registerAllTranslations.
  static llvm::cl::opt<const Translation *, false, TranslationParser>
      requested("", llvm::cl::desc("Translation to fuzz"), llvm::cl::Required);
  std::vector<std::string> args = {"tacos-fuzzer", "--" + translation.str()};
  args.insert(args.end(), options.begin(), options.end());
  std::vector<const char *> argv;
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());
  if (!llvm::cl::ParseCommandLineOptions(int(argv.size()), argv.data(),
                                         "tacos fuzz target", &llvm::errs()))
    fail("cannot select --" + translation.str());
  selected = requested;
}

void setStringOption(llvm::StringRef name, llvm::StringRef value) {
  auto *option = static_cast<llvm::cl::opt<std::string> *>(
      llvm::cl::getRegisteredOptions().lookup(name));
  if (!option)
    fail("no option --" + name.str());
  option->setValue(value.str());
}

void runTranslation(llvm::StringRef input, llvm::StringRef fileName) {
  if (!selected)
    fail("runTranslation before selectTranslation");
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(input, fileName), llvm::SMLoc());
  MLIRContext context(MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  DiagnosticRecorder diagnostics(&context);
  std::string output;
  llvm::raw_string_ostream os(output);
  if (failed((*selected)(sourceMgr, os, &context))) {
    requireLocatedError(diagnostics, "the translation");
    return;
  }
  requireParses(output, &context, "the translation's output");
}

} // namespace tacos::fuzz
