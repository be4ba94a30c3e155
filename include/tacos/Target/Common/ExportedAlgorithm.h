//===- ExportedAlgorithm.h - The algorithm an export writes -----*- C++ -*-===//
//
// What every algorithm export (MSCCL-IR XML, MSCCL++ plans) does before it
// writes anything: pick the algorithm, refuse one without transfers, and
// refuse what coll-verify rejects, so that a corrupted schedule never
// reaches a runtime.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_COMMON_EXPORTEDALGORITHM_H
#define TACOS_TARGET_COMMON_EXPORTEDALGORITHM_H

#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"

namespace tacos {

/// The coll.algorithm named `name` in `root`, or the only one if `name` is
/// empty. Errors name the export (`format`) and the option that picks one
/// (`option`, e.g. "--msccl-algorithm").
mlir::FailureOr<coll::AlgorithmOp>
chooseExportedAlgorithm(mlir::Operation *root, llvm::StringRef name,
                        llvm::StringRef format, llvm::StringRef option);

/// The verifier's model of `algorithm`, or a located error if it has no
/// transfers (materialize=none) or coll-verify rejects it.
mlir::FailureOr<coll::AlgorithmModel>
readVerifiedAlgorithm(coll::AlgorithmOp algorithm, llvm::StringRef format,
                      mlir::SymbolTableCollection &symbols);

} // namespace tacos

#endif // TACOS_TARGET_COMMON_EXPORTEDALGORITHM_H
