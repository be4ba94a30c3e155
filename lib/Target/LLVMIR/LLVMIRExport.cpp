//===- LLVMIRExport.cpp - LLVM-dialect modules as LLVM IR -----------------===//

#include "tacos/Target/LLVMIR/LLVMIRExport.h"
#include "tacos/Target/Common/GuardedTranslation.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;

void tacos::registerLLVMIRExportTranslation() {
  tacos::GuardedFromMLIRRegistration registration(
      "mlir-to-llvmir", "Translate an LLVM-dialect module to LLVM IR",
      [](Operation *op, raw_ostream &output) -> LogicalResult {
        llvm::LLVMContext context;
        std::unique_ptr<llvm::Module> module =
            translateModuleToLLVMIR(op, context);
        if (!module)
          return failure();
        // Without a triple, clang and llc pick the host with a warning; the
        // modules tacos-lower-to-llvm makes are for the host's MPI anyway.
        if (module->getTargetTriple().str().empty())
          module->setTargetTriple(
              llvm::Triple(llvm::sys::getDefaultTargetTriple()));
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
