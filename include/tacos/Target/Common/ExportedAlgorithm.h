//===- ExportedAlgorithm.h - The algorithm an export writes -----*- C++ -*-===//
//
// Which algorithm an export (MSCCL-IR XML, MSCCL++ plans) writes; the
// exports then read it with coll::buildVerifiedAlgorithmModel, which refuses
// what coll-verify rejects.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_COMMON_EXPORTEDALGORITHM_H
#define TACOS_TARGET_COMMON_EXPORTEDALGORITHM_H

#include "tacos/Dialect/Coll/IR/CollDialect.h"

namespace tacos {

/// The coll.algorithm named `name` in `root`, or the only one if `name` is
/// empty. Errors name the export (`format`) and the option that picks one
/// (`option`, e.g. "--msccl-algorithm").
mlir::FailureOr<coll::AlgorithmOp>
chooseExportedAlgorithm(mlir::Operation *root, llvm::StringRef name,
                        llvm::StringRef format, llvm::StringRef option);

} // namespace tacos

#endif // TACOS_TARGET_COMMON_EXPORTEDALGORITHM_H
