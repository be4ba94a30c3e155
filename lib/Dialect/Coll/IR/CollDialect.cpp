//===- CollDialect.cpp - The coll dialect ---------------------------------===//

#include "tacos/Dialect/Coll/IR/CollDialect.h"

using namespace mlir;
using namespace tacos::coll;

#include "tacos/Dialect/Coll/IR/CollOpsDialect.cpp.inc"
#include "tacos/Dialect/Coll/IR/CollEnums.cpp.inc"
#include "tacos/Dialect/Coll/IR/CollInterfaces.cpp.inc"

void CollDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tacos/Dialect/Coll/IR/CollOps.cpp.inc"
      >();
}
