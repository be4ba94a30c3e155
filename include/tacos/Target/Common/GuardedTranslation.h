//===- GuardedTranslation.h - From-MLIR translations that check nesting -*- C++ -*-===//
//
// mlir::TranslateFromMLIRRegistration parses the input with MLIR's text
// parser, which recurses per nesting level and crashes on 5,000 nested
// `module {`. Every tacos-translate translation from MLIR registers
// through this instead: the same parse (an implicit top-level module unless
// --no-implicit-module), verification and call, after the nesting check of
// tacos/Support/NestingDepth.h.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_COMMON_GUARDEDTRANSLATION_H
#define TACOS_TARGET_COMMON_GUARDEDTRANSLATION_H

#include "mlir/Tools/mlir-translate/Translation.h"

namespace tacos {

struct GuardedFromMLIRRegistration {
  GuardedFromMLIRRegistration(
      llvm::StringRef name, llvm::StringRef description,
      const mlir::TranslateFromMLIRFunction &function,
      const mlir::DialectRegistrationFunction &dialectRegistration =
          [](mlir::DialectRegistry &) {});
};

} // namespace tacos

#endif // TACOS_TARGET_COMMON_GUARDEDTRANSLATION_H
