//===- tacos-opt.cpp - The tacos optimizer driver -------------------------===//
//
// MlirOptMain with only what tacos needs: the topo and coll dialects and
// their passes (registering all of upstream MLIR would triple build time).
//
//===----------------------------------------------------------------------===//

#include "tacos/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tacos::registerAllDialects(registry);
  tacos::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "tacos optimizer: collective synthesis on MLIR\n",
      registry));
}
