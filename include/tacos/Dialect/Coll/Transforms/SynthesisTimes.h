//===- SynthesisTimes.h - Synthesis wall time, for reports ------*- C++ -*-===//
//
// coll-synthesize and coll-decompose (whichever synthesized it) record how
// long each algorithm took here (a module analysis they preserve) so that
// coll-report in the same pipeline can print `synthesis_ms` without putting
// a nondeterministic number into the IR.
// coll-synthesize and coll-decompose also record each All-Reduce's
// strict-phase time here: the `coll.strict_phases_time` attribute they set
// is for the reader, and the report does not believe a time the input
// states (it cannot check it without synthesizing again). And `best`'s
// verdict: which candidate won and what each took, for the report.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COLL_TRANSFORMS_SYNTHESISTIMES_H
#define TACOS_DIALECT_COLL_TRANSFORMS_SYNTHESISTIMES_H

#include "tacos/Synthesis/Algorithms.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringMap.h"

namespace tacos::coll {

struct SynthesisTimes {
  explicit SynthesisTimes(mlir::Operation *) {}
  llvm::StringMap<double> milliseconds;
  llvm::StringMap<int64_t> strictPhasesPs;
  struct BestVerdict {
    Algorithm winner;
    std::vector<BestCandidate> candidates;
  };
  llvm::StringMap<BestVerdict> best;
};

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_TRANSFORMS_SYNTHESISTIMES_H
