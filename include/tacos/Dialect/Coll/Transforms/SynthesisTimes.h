//===- SynthesisTimes.h - Synthesis wall time, for reports ------*- C++ -*-===//
//
// coll-synthesize records how long each algorithm took here (a module
// analysis it preserves) so that coll-report in the same pipeline can print
// `synthesis_ms` without putting a nondeterministic number into the IR.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COLL_TRANSFORMS_SYNTHESISTIMES_H
#define TACOS_DIALECT_COLL_TRANSFORMS_SYNTHESISTIMES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringMap.h"

namespace tacos::coll {

struct SynthesisTimes {
  explicit SynthesisTimes(mlir::Operation *) {}
  llvm::StringMap<double> milliseconds;
};

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_TRANSFORMS_SYNTHESISTIMES_H
