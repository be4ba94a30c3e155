//===- CollToMPI.h - Algorithms as MPI programs -----------------*- C++ -*-===//
//
// convert-coll-to-mpi: every `coll.algorithm` becomes a `func.func` that runs
// the calling rank's part of the schedule with the upstream `mpi`, `memref`,
// `scf` and `arith` dialects (docs/CollToMPI.md). Every decision about what
// a rank does comes from the core's exec::ExecutionPlan (RankProgram.h); this
// layer only spells its steps, either unrolled (one op per step, per rank) or
// as a constant table walked by one loop.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_CONVERSION_COLLTOMPI_H
#define TACOS_CONVERSION_COLLTOMPI_H

#include "tacos/Conversion/Passes.h"
#include "tacos/Execution/RankProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <cstdint>
#include <string>

namespace tacos {

/// form=auto unrolls programs of at most this many steps over all ranks.
inline constexpr size_t kMaxUnrolledSteps = 4096;

/// MPI guarantees MPI_TAG_UB >= 32767: tags must stay below this.
inline constexpr int64_t kTagLimit = 32768;

/// What one lowered algorithm's function looks like.
struct MPILowering {
  /// The function's symbol.
  std::string symbol;
  MPIElementType elementType = MPIElementType::F32;
  exec::ReduceOp reduction = exec::ReduceOp::Sum;
  /// The tag every message of the algorithm carries (< kTagLimit).
  int32_t tag = 0;
  /// Unrolled or Table (Auto is resolved by the caller).
  MPILoweringForm form = MPILoweringForm::Unrolled;
};

/// Peak memory of lowering an algorithm of `transfers` transfers in `form`
/// (Unrolled or Table): the execution plan (8 bytes a transfer, 16 while it
/// sorts), the steps (about 4 a transfer: a post and a wait on each side),
/// and then either the table's 8-byte rows or every rank's program at once
/// and its ops (kBytesPerUnrolledStep, measured: a step is a few ops and
/// their subviews). docs/ResourceLimits.md has the measured ratios.
inline constexpr double kStepsPerTransfer = 4;
inline constexpr double kBytesPerUnrolledStep = 700;
/// The function's own ops and constants, whatever the steps.
inline constexpr double kMPIFixedBytes = 4e6;
MemoryEstimate estimateMPILowering(double transfers, MPILoweringForm form);

/// The MLIR element type an MPIElementType stands for (f32 -> f32, ...).
mlir::Type mlirElementType(mlir::MLIRContext *context, MPIElementType type);

/// Emits the function (and, for the table form, its constant globals) at
/// the builder's position. `programs` holds every rank's program for the
/// unrolled form; the table form asks `plan` for one rank at a time. Fails
/// with a message when a program exceeds the table encoding's limits.
mlir::LogicalResult emitUnrolled(mlir::OpBuilder &builder, mlir::Location loc,
                                 const exec::CallShape &shape,
                                 const std::vector<exec::RankProgram> &programs,
                                 const MPILowering &lowering,
                                 std::string &error);
mlir::LogicalResult emitTable(mlir::OpBuilder &builder, mlir::Location loc,
                              const exec::ExecutionPlan &plan,
                              const MPILowering &lowering, std::string &error);

/// Writes `mpi` into the module's DLTI entry "MPI:Implementation" (which
/// the LLVM lowering reads) unless the module names one already; an
/// explicit option that contradicts it is an error from `pass`.
mlir::LogicalResult setMPIImplementation(mlir::ModuleOp module,
                                         MPILibrary mpi, bool explicitOption,
                                         llvm::StringRef pass);

} // namespace tacos

#endif // TACOS_CONVERSION_COLLTOMPI_H
