//===- FuzzTranslation.h - Fuzzing a tacos-translate importer ---*- C++ -*-===//
//
// The importer targets run a translation exactly as tacos-translate does
// (the registered function, its command-line options, the verification and
// printing MLIR's registration wraps it in), so a finding reproduces with
// `tacos-translate --import-... FILE`. The files an importer reads besides
// its input (a network, a communicator, a cost model) are written to
// scratch files (FuzzSupport.h) and named by their options.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TOOLS_TACOS_FUZZ_FUZZTRANSLATION_H
#define TACOS_TOOLS_TACOS_FUZZ_FUZZTRANSLATION_H

#include "FuzzSupport.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tacos::fuzz {

/// Registers every tacos translation, selects `--<translation>` and parses
/// `options` ("--name=value") as tacos-translate's command line would.
/// Call once, from LLVMFuzzerInitialize.
void selectTranslation(llvm::StringRef translation,
                       llvm::ArrayRef<std::string> options = {});

/// Sets the string option `--<name>` (registered by selectTranslation's
/// translations) for the next runs.
void setStringOption(llvm::StringRef name, llvm::StringRef value);

/// Runs the selected translation on `input`, named `fileName` in
/// diagnostics, in a fresh context. A failure must come with an error at a
/// location in a file; what the translation writes must parse back. Aborts
/// otherwise.
void runTranslation(llvm::StringRef input, llvm::StringRef fileName);

} // namespace tacos::fuzz

#endif // TACOS_TOOLS_TACOS_FUZZ_FUZZTRANSLATION_H
