//===- CollToMPIOptions.h - convert-coll-to-mpi option types ----*- C++ -*-===//
//
// The value types of convert-coll-to-mpi's options, each checked when the
// pipeline is parsed (tacos/Dialect/Common/PassOptions.h). `reduction=` uses
// the core's exec::ReduceOp directly.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_CONVERSION_COLLTOMPIOPTIONS_H
#define TACOS_CONVERSION_COLLTOMPIOPTIONS_H

#include "tacos/Dialect/Common/PassOptions.h"
#include "tacos/Execution/RankProgram.h"

namespace tacos {

/// element-type=: the element type T of the buffers.
enum class MPIElementType { F32, F64, I32, I64, F16, BF16 };

/// form=: how the steps are spelled.
enum class MPILoweringForm {
  /// Unrolled up to kMaxUnrolledSteps steps over all ranks, else table.
  Auto,
  Unrolled,
  Table
};

/// mpi=: the MPI library the program is built against, written to the
/// module's DLTI entry "MPI:Implementation" (which the LLVM lowering reads).
enum class MPILibrary { OpenMPI, MPICH };

} // namespace tacos

TACOS_ENUM_OPTION_PARSER(::tacos::MPIElementType);
TACOS_ENUM_OPTION_PARSER(::tacos::MPILoweringForm);
TACOS_ENUM_OPTION_PARSER(::tacos::MPILibrary);
TACOS_ENUM_OPTION_PARSER(::tacos::exec::ReduceOp);

#endif // TACOS_CONVERSION_COLLTOMPIOPTIONS_H
