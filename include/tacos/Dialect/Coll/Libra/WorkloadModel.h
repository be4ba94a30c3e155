//===- WorkloadModel.h - coll.workload <-> LIBRA workload -------*- C++ -*-===//
//
// The one place where `coll.workload` ops and the core libra::Workload meet.
// It sits beside the Coll dialect, not in it, so that the dialect library
// depends on the collective model only; this library adds LIBRA's model
// (TACOSLibraModel), never its solvers.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COLL_LIBRA_WORKLOADMODEL_H
#define TACOS_DIALECT_COLL_LIBRA_WORKLOADMODEL_H

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Libra/Model.h"

namespace tacos::coll {

/// The workload of a verified op on a network with these dimensions (a
/// collective without `groups` spans each of its dimensions fully).
libra::Workload readWorkload(WorkloadOp op, llvm::ArrayRef<DimSpec> dims);

/// Creates `coll.workload @name on @network`; `groups` is written only for
/// collectives that do not span their dimensions fully.
WorkloadOp createWorkload(mlir::OpBuilder &builder, mlir::Location loc,
                          llvm::StringRef name, llvm::StringRef network,
                          const libra::Workload &workload,
                          llvm::ArrayRef<DimSpec> dims);

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_LIBRA_WORKLOADMODEL_H
