//===- MlirTextInput.h - One MLIR text input of a fuzz target ---*- C++ -*-===//
//
// What the MLIR text targets (tacos-pipeline-fuzzer, tacos-verify-fuzzer)
// do before their own passes: parse the input with every dialect tacos-opt
// registers, in a context of its own on one thread, record the
// diagnostics, and keep the module only when it is within the Limits of
// FuzzSupport.h.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TOOLS_TACOS_FUZZ_MLIRTEXTINPUT_H
#define TACOS_TOOLS_TACOS_FUZZ_MLIRTEXTINPUT_H

#include "FuzzSupport.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tacos::fuzz {

class MlirTextInput {
public:
  /// Parses and verifies the input. An input that fails to parse must
  /// leave the error requireError asks for.
  MlirTextInput(const uint8_t *data, size_t size);

  /// The module to run on, or null: the input hits the upstream parser bug
  /// (hitsUpstreamParserBug), does not parse, or is beyond the limits.
  mlir::ModuleOp module() { return parsed ? *parsed : nullptr; }
  mlir::MLIRContext *context() { return &mlirContext; }
  DiagnosticRecorder &diagnostics() { return *recorder; }

  /// Aborts unless `what`, which failed, reported an error at a location in
  /// the input; when the input gives its ops locations of its own (unknown
  /// ones too), any error will do.
  void requireError(llvm::StringRef what);

private:
  // MLIR's lexer reads the byte after the text: a copy ends with a NUL, as
  // files read by the tools do.
  std::string text;
  mlir::MLIRContext mlirContext;
  std::optional<DiagnosticRecorder> recorder;
  mlir::OwningOpRef<mlir::ModuleOp> parsed;
};

} // namespace tacos::fuzz

#endif // TACOS_TOOLS_TACOS_FUZZ_MLIRTEXTINPUT_H
