//===- InitAll.cpp - Register every tacos dialect and pass ----------------===//

#include "tacos/InitAll.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Conversion/Passes.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"
#include "tacos/Pipelines/Pipelines.h"

#include "mlir/Dialect/SMT/IR/SMTDialect.h"

#include "mlir/IR/DialectRegistry.h"

void tacos::registerAllDialects(mlir::DialectRegistry &registry) {
  // smt: the output of convert-coll-to-smt, so it can be read back.
  registry.insert<topo::TopoDialect, coll::CollDialect, mlir::smt::SMTDialect>();
}

void tacos::registerAllPasses() {
  topo::registerTopoPasses();
  coll::registerCollPasses();
  registerConversionPasses();
  registerTacosPipeline();
}
