//===- LLVMIRExport.cpp - LLVM-dialect modules as LLVM IR -----------------===//

#include "tacos/Target/LLVMIR/LLVMIRExport.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace mlir;

void tacos::registerLLVMIRExportTranslation() {
  TranslateFromMLIRRegistration registration(
      "mlir-to-llvmir", "Translate an LLVM-dialect module to LLVM IR",
      [](Operation *op, raw_ostream &output) -> LogicalResult {
        llvm::LLVMContext context;
        std::unique_ptr<llvm::Module> module =
            translateModuleToLLVMIR(op, context);
        if (!module)
          return failure();
        module->print(output, /*AAW=*/nullptr);
        return success();
      },
      [](DialectRegistry &registry) {
        // dlti: the "MPI:Implementation" entry stays on the module.
        registry.insert<DLTIDialect, LLVM::LLVMDialect>();
        registerBuiltinDialectTranslation(registry);
        registerLLVMDialectTranslation(registry);
      });
}
