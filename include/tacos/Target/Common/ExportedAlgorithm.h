//===- ExportedAlgorithm.h - The algorithm a translation writes -*- C++ -*-===//
//
// The one way to choose the coll.algorithm a translation writes:
// `--algorithm=NAME` (NAME or @NAME), shared by every translation that takes
// one (MSCCL-IR XML, MSCCL++ plans, Chrome traces, DOT). The exports then
// read it with coll::buildVerifiedAlgorithmModel, which refuses what
// coll-verify rejects.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_COMMON_EXPORTEDALGORITHM_H
#define TACOS_TARGET_COMMON_EXPORTEDALGORITHM_H

#include "tacos/Dialect/Coll/IR/CollDialect.h"

#include <optional>

namespace tacos {

/// Creates `--algorithm` (once, however often it is called): each
/// translation that takes it calls this when it is registered, so that
/// tools that register none of them do not get the option.
void registerAlgorithmOption();

/// The coll.algorithm in `root` that `--algorithm` names, or nothing when
/// the option is not given. Fails with a diagnostic prefixed by
/// `translation`: at `root` when nothing there has that name (listing the
/// algorithms there), at the symbol when it is not a coll.algorithm.
mlir::FailureOr<std::optional<coll::AlgorithmOp>>
selectedAlgorithm(mlir::Operation *root, llvm::StringRef translation);

/// The one coll.algorithm a translation writes: the one `--algorithm`
/// names, or the only one in `root`.
mlir::FailureOr<coll::AlgorithmOp>
chooseExportedAlgorithm(mlir::Operation *root, llvm::StringRef translation);

} // namespace tacos

#endif // TACOS_TARGET_COMMON_EXPORTEDALGORITHM_H
