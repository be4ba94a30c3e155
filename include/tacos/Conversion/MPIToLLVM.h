//===- MPIToLLVM.h - mpi.isend/irecv/wait to MPI library calls --*- C++ -*-===//
//
// MLIR 22's MPI-to-LLVM patterns (mlir/Conversion/MPIToLLVM) lower
// mpi.init, finalize, comm_world, comm_rank, comm_split, send, recv and
// allreduce, but not mpi.comm_size, isend, irecv, wait or barrier, and they
// give `!mpi.request` no LLVM type. These patterns fill the gap (and replace
// upstream's comm_split, wrong for Open MPI). They run in
// the same conversion as upstream's (one LLVMTypeConverter, on which
// upstream already maps `!mpi.comm` to i64) and spell the same ABIs:
//
//   ABI      MPI_Comm        MPI_Datatype       MPI_Request  STATUS_IGNORE
//   MPICH    int             int constant       int          (MPI_Status*)1
//   OpenMPI  &ompi_mpi_...   &ompi_mpi_<type>   ptr          null
//
// The ABI comes from the module's DLTI entry "MPI:Implementation"
// ("MPICH", the default as upstream, or "OpenMPI"); unlike upstream, an
// unknown value is an error, not a warning.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_CONVERSION_MPITOLLVM_H
#define TACOS_CONVERSION_MPITOLLVM_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class LLVMTypeConverter;
class Operation;
class RewritePatternSet;
class Type;
} // namespace mlir

namespace tacos {

enum class MPIImplementation { MPICH, OpenMPI };

/// The ABI named by the DLTI entry "MPI:Implementation" on `op` or the
/// closest ancestor that has one (MPICH when there is none). An entry that
/// is not "MPICH" or "OpenMPI" is reported on `op`.
mlir::FailureOr<MPIImplementation> getMPIImplementation(mlir::Operation *op);

/// True if point-to-point patterns can transfer `elementType`: i8, i16, i32,
/// i64 (signless or signed as intN_t, unsigned as uintN_t), f32, f64, and
/// f16 and bf16 as MPI_UINT16_T (neither MPI has a 2-byte float datatype
/// that both ABIs share; a transfer copies bits, which uint16 does exactly,
/// byte order included, but no MPI reduction may use it).
bool isTransferableElementType(mlir::Type elementType);

/// Reports, on the op, every mpi op under `root` outside a function, or
/// whose buffer the patterns (ours and upstream's) cannot lower: an element
/// type without an MPI datatype (see isTransferableElementType; upstream's
/// send, recv and allreduce take i8 to i64, f32 and f64 only) or a
/// non-contiguous layout.
mlir::LogicalResult checkMPIOperands(mlir::Operation *root);

/// Adds the `!mpi.request` (i32 for MPICH, !llvm.ptr for Open MPI) and
/// `!mpi.retval` (i32) type conversions to `converter` and the patterns for
/// mpi.comm_size, isend, irecv, wait and barrier to `patterns`, and one for
/// mpi.comm_split that takes precedence over upstream's (which truncates an
/// Open MPI communicator to 32 bits).
void populateMPIToLLVMPatterns(mlir::LLVMTypeConverter &converter,
                               mlir::RewritePatternSet &patterns,
                               MPIImplementation implementation);

/// memref.copy between contiguous rank-1 memrefs (unit stride, any offset,
/// dynamic size) as `llvm.memcpy`. Upstream's lowering calls the
/// `memrefCopy` runtime function for any non-identity layout of dynamic
/// size, which a program linked only against MPI does not have.
void populateContiguousCopyToLLVMPatterns(mlir::LLVMTypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);

} // namespace tacos

#endif // TACOS_CONVERSION_MPITOLLVM_H
