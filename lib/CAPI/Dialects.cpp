//===- Dialects.cpp - C API: the topo and coll dialects -------------------===//

#include "tacos-c/Dialects.h"

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"
#include "tacos/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Topo, topo, tacos::topo::TopoDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Coll, coll, tacos::coll::CollDialect)

void tacosRegisterAllDialects(MlirDialectRegistry registry) {
  tacos::registerAllDialects(*unwrap(registry));
}
