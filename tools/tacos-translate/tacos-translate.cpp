//===- tacos-translate.cpp - Translations in and out of tacos IR ----------===//
//
// --export-smtlib prints the output of convert-coll-to-smt as SMT-LIB.
// (MSCCL-IR XML, Chrome traces, Graphviz and ASTRA-sim imports join here.)
//
//===----------------------------------------------------------------------===//

#include "mlir/Target/SMTLIB/ExportSMTLIB.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::smt::registerExportSMTLIBTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "tacos translation tool\n"));
}
