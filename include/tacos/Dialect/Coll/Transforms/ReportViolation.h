//===- ReportViolation.h - Diagnostics of both verifiers --------*- C++ -*-===//
//
// coll-verify and coll-verify-smt word and place their findings the same
// way, so their outputs can be compared line by line.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COLL_TRANSFORMS_REPORTVIOLATION_H
#define TACOS_DIALECT_COLL_TRANSFORMS_REPORTVIOLATION_H

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Verification/Verifier.h"

#include "llvm/ADT/StringSet.h"

namespace tacos::coll {

/// The algorithms coll-verify-smt proved correct in this run: a module
/// analysis it preserves, so that coll-report later in the same pipeline can
/// say so. The `coll.verified_smt` attribute cannot serve: anyone can write
/// it into the input.
struct SmtVerdicts {
  explicit SmtVerdicts(mlir::Operation *) {}
  llvm::StringSet<> proven;
};

/// The algorithms coll-verify passed in this run, likewise: coll-report
/// later in the same pipeline need not check them again (a verification of
/// fully_connected(3000)'s 9 M transfers costs seconds). Only passes that
/// change no transfers preserve it.
struct NativeVerdicts {
  explicit NativeVerdicts(mlir::Operation *) {}
  llvm::StringSet<> verified;
};

/// Emits "<pass>: <property>: <message>" on the transfer op (readable form)
/// or on the algorithm, naming the transfer index.
void reportViolation(AlgorithmOp algorithm, llvm::StringRef pass,
                     Property property, size_t transfer,
                     llvm::StringRef message);

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_TRANSFORMS_REPORTVIOLATION_H
