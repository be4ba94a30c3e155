//===- ShardToColl.h - The IR around the shard bridge's calls ---*- C++ -*-===//
//
// tacos-lower-shard-collectives (docs/Shard.md) writes, per request, one
// function per device group with convert-coll-to-mpi's emitters
// (CollToMPI.h), then what this header declares: the dispatch function that
// runs the calling rank's groups, and the call that replaces a shard op.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_CONVERSION_SHARDTOCOLL_H
#define TACOS_CONVERSION_SHARDTOCOLL_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>
#include <string>
#include <vector>

namespace tacos {

/// Writes, at the builder's position, `@name_runs` (a constant table of each
/// rank's class, one class per distinct list in `runs`) and the private
/// `func.func @name(memref<?xT>, memref<?xT>, index) -> i32` (T:
/// `elementType`): 1 unless MPI_COMM_WORLD has one rank per entry of
/// `runs`, else the codes of the rank's group functions, called in order
/// until one is not 0 (`groupFunctions[g]` is group g's).
void emitGridDispatcher(mlir::OpBuilder &builder, mlir::Location loc,
                        llvm::StringRef name, mlir::Type elementType,
                        llvm::ArrayRef<std::vector<uint32_t>> runs,
                        llvm::ArrayRef<std::string> groupFunctions);

/// What the call replacing one shard op needs.
struct GridCallSite {
  /// The dispatch function.
  std::string function;
  /// E (docs/CollToMPI.md).
  uint64_t elements = 0;
  /// The op's result (tensor or memref, static shape).
  mlir::ShapedType resultType;
  int64_t groupSize = 1;
  /// Axes along which the input's (result's) group blocks are not
  /// contiguous: they are copied into (out of) block-after-block order.
  std::optional<int64_t> packAxis, unpackAxis;
};

/// Replaces `op` (operand 0 the input, result 0 the output) with a call of
/// the dispatch function on flat buffers (bufferization.to_buffer and
/// to_tensor for tensors) and a `cf.assert` that it returned 0.
void emitGridCall(mlir::Operation *op, const GridCallSite &site);

} // namespace tacos

#endif // TACOS_CONVERSION_SHARDTOCOLL_H
