//===- InitAllTranslations.cpp - Register every tacos translation ---------===//

#include "tacos/InitAllTranslations.h"
#include "tacos/Target/LLVMIR/LLVMIRExport.h"
#include "tacos/Target/Libra/LibraImport.h"
#include "tacos/Target/Trace/TraceExport.h"
#include "tacos/Target/MSCCL/MSCCLExport.h"
#include "tacos/Target/MSCCLPP/MSCCLPPExport.h"
#include "tacos/Target/MSCCL/MSCCLImport.h"

#include "tacos/Target/Common/GuardedTranslation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SMT/IR/SMTDialect.h"
#include "mlir/Target/SMTLIB/ExportSMTLIB.h"
#include "llvm/Support/CommandLine.h"

/// Upstream's --export-smtlib (mlir::smt::registerExportSMTLIBTranslation),
/// registered behind the nesting guard like every other translation from
/// MLIR: same name, option, dialects and output.
static void registerExportSMTLIB() {
  static llvm::cl::opt<bool> inlineSingleUseValues(
      "smtlibexport-inline-single-use-values",
      llvm::cl::desc("Inline expressions that are used only once rather than "
                     "generating a let-binding"),
      llvm::cl::init(false));
  tacos::GuardedFromMLIRRegistration registration(
      "export-smtlib", "export SMT-LIB",
      [](mlir::Operation *module, llvm::raw_ostream &output) {
        mlir::smt::SMTEmissionOptions options;
        options.inlineSingleUseValues = inlineSingleUseValues;
        return mlir::smt::exportSMTLIB(module, output, options);
      },
      [](mlir::DialectRegistry &registry) {
        registry.insert<mlir::func::FuncDialect, mlir::arith::ArithDialect,
                        mlir::smt::SMTDialect>();
      });
}

void tacos::registerAllTranslations() {
  // Registered once however often this is called: a translation registered
  // twice is a fatal error.
  static bool registered = [] {
    registerExportSMTLIB();
    registerLibraImportTranslations();
    registerLLVMIRExportTranslation();
    registerTraceExportTranslations();
    registerMSCCLExportTranslation();
    registerMSCCLPPExportTranslation();
    registerMSCCLImportTranslation();
    return true;
  }();
  (void)registered;
}
