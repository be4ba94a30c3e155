//===- WorkloadSyntax.h - Text of workload collectives ----------*- C++ -*-===//
//
// `all_reduce size(768 MiB) dims [1, 2] groups [2, 32] count(8)`: the same
// fields inside `#coll.workload_collective<...>` and, after `coll.`, on the
// lines of a `coll.workload` body.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COLL_IR_WORKLOADSYNTAX_H
#define TACOS_DIALECT_COLL_IR_WORKLOADSYNTAX_H

#include "tacos/Dialect/Coll/IR/CollDialect.h"

namespace tacos::coll {

/// Parses `<kind> size(...) dims [...] (groups [...])? (count(n))?`, where
/// the kind keyword may carry the `coll.` prefix.
mlir::ParseResult parseWorkloadCollective(mlir::AsmParser &parser,
                                          WorkloadCollectiveAttr &attr);
/// Prints the same, without the prefix.
void printWorkloadCollective(mlir::AsmPrinter &printer,
                             WorkloadCollectiveAttr attr);

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_IR_WORKLOADSYNTAX_H
