//===- GuardedTranslation.cpp - From-MLIR translations that check nesting -===//

#include "tacos/Target/Common/GuardedTranslation.h"
#include "tacos/Support/NestingDepth.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/ParseUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

/// --no-implicit-module, registered by mlir-translate's driver (it belongs
/// to MLIR, so it is looked up by name).
static bool implicitModule() {
  auto *option = llvm::cl::getRegisteredOptions().lookup("no-implicit-module");
  return !option || !static_cast<llvm::cl::opt<bool> *>(option)->getValue();
}

tacos::GuardedFromMLIRRegistration::GuardedFromMLIRRegistration(
    llvm::StringRef name, llvm::StringRef description,
    const TranslateFromMLIRFunction &function,
    const DialectRegistrationFunction &dialectRegistration) {
  TranslateRegistration registration(
      name, description,
      [function, dialectRegistration](
          const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
          llvm::raw_ostream &output, MLIRContext *context) -> LogicalResult {
        if (failed(checkNestingDepth(*sourceMgr, context)))
          return failure();
        DialectRegistry registry;
        dialectRegistration(registry);
        context->appendDialectRegistry(registry);
        OwningOpRef<Operation *> op =
            parseSourceFileForTool(sourceMgr, context, implicitModule());
        if (!op || failed(verify(*op)))
          return failure();
        return function(op.get(), output);
      });
}
