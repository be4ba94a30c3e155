//===- AlgorithmModel.h - coll.algorithm -> verifier inputs -----*- C++ -*-===//
//
// The one place where a `coll.algorithm` becomes what the verifiers check:
// its network, the verifier's own statement of what the collective requires
// (VerificationSpec) and its transfers. It sits beside the Coll dialect, not
// in it, so that the dialect library depends on the collective model only;
// this library adds the native verifier (TACOSVerification), never a
// synthesizer or an SMT solver.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COLL_VERIFICATION_ALGORITHMMODEL_H
#define TACOS_DIALECT_COLL_VERIFICATION_ALGORITHMMODEL_H

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Verification/Verifier.h"

namespace tacos::coll {

/// Discardable attributes the verifiers set on algorithms that pass. They
/// record a verdict for the reader; no consumer believes them (an input may
/// carry them on anything): lowering and exports verify again.
inline constexpr llvm::StringLiteral kVerifiedAttr = "coll.verified";
inline constexpr llvm::StringLiteral kVerifiedSmtAttr = "coll.verified_smt";

/// Everything a verifier needs about an algorithm: its network, what its
/// collective requires, and its transfers.
struct AlgorithmModel {
  CollectiveModel collective;
  VerificationSpec spec;
  TransferTable transfers;
};

/// Fails with a diagnostic on the op if the network or the transfers cannot
/// be read, or if the transfers were not materialized (the message starts
/// with `user`, the pass that needs them). With `networks`, the network
/// model comes from (and goes to) that cache.
mlir::FailureOr<AlgorithmModel>
buildAlgorithmModel(AlgorithmOp algorithm, mlir::SymbolTableCollection &symbols,
                    llvm::StringRef user,
                    topo::NetworkModels *networks = nullptr);

/// The model of an algorithm about to be exported or lowered (`action`,
/// e.g. "export", "lower"), or a located error, prefixed with `tool`, if it
/// has no transfers (materialize=none) or coll-verify rejects it: a
/// corrupted schedule never reaches a runtime.
mlir::FailureOr<AlgorithmModel>
buildVerifiedAlgorithmModel(AlgorithmOp algorithm,
                            mlir::SymbolTableCollection &symbols,
                            llvm::StringRef tool, llvm::StringRef action);

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_VERIFICATION_ALGORITHMMODEL_H
