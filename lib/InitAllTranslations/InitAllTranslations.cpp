//===- InitAllTranslations.cpp - Register every tacos translation ---------===//

#include "tacos/InitAllTranslations.h"
#include "tacos/Target/LLVMIR/LLVMIRExport.h"
#include "tacos/Target/Libra/LibraImport.h"
#include "tacos/Target/Trace/TraceExport.h"
#include "tacos/Target/MSCCL/MSCCLExport.h"
#include "tacos/Target/MSCCLPP/MSCCLPPExport.h"
#include "tacos/Target/MSCCL/MSCCLImport.h"

#include "mlir/Target/SMTLIB/ExportSMTLIB.h"

void tacos::registerAllTranslations() {
  // Registered once however often this is called: a translation registered
  // twice is a fatal error.
  static bool registered = [] {
    mlir::smt::registerExportSMTLIBTranslation();
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
