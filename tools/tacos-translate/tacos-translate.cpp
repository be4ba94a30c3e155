//===- tacos-translate.cpp - Translations in and out of tacos IR ----------===//
//
// --export-smtlib          prints the output of convert-coll-to-smt as SMT-LIB.
// --import-libra-network   LIBRA network .yml -> topo.network.
// --import-astra-workload  ASTRA-sim layer .txt (+ LIBRA communicator and
//                          network) -> topo.network + coll.workload.
// --mlir-to-llvmir         LLVM-dialect module (tacos-lower-to-llvm) -> LLVM IR.
// --export-chrome-trace    coll.algorithm -> Trace Event JSON (Perfetto).
// --export-dot             topo.network (+ --algorithm utilization) -> DOT.
// --export-msccl-xml       coll.algorithm -> MSCCL-IR XML (MSCCL executor, RCCL).
// Every translation is registered in tacos/InitAllTranslations.h (the LIBRA
// imports are in tacos/Target/Libra/LibraImport.h); MSCCL-IR XML, Chrome
// traces and Graphviz join there.
//
//===----------------------------------------------------------------------===//

#include "tacos/InitAllTranslations.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  tacos::registerAllTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "tacos translation tool\n"));
}
