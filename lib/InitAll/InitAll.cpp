//===- InitAll.cpp - Register every tacos dialect and pass ----------------===//

#include "tacos/InitAll.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

void tacos::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<topo::TopoDialect, coll::CollDialect>();
}

void tacos::registerAllPasses() {
  topo::registerTopoPasses();
  coll::registerCollPasses();
}
