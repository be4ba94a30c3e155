//===- StepSearch.h - Fewest SCCL steps, then rounds, with Z3 ---*- C++ -*-===//
//
// SCCL-style synthesis for small networks (docs/Algorithms.md, exact): Z3
// finds the schedule with the fewest steps S, then the fewest rounds R.
// Variables: the step at which each chunk reaches each NPU, whether each
// chunk crosses each link, and the rounds r_s of each step. A link of
// multiplicity m carries at most m * r_s chunks in step s; a chunk crosses
// u -> v in the step it reaches v, after it reached u. The result is
// ordered by step and timed by the simulator, like every other schedule.
//
// This was `algorithm=exact` before exact became a time-optimal search
// (ExactSynthesizer.h); fewest steps is not fewest time under a link
// model, so the catalogue no longer calls it, but SCCL's (steps, rounds)
// view of an algorithm is built on it.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_STEPSEARCH_H
#define TACOS_SYNTHESIS_STEPSEARCH_H

#include "tacos/Collective/Problem.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <cstdint>

namespace tacos {

/// Networks up to this many NPUs are accepted.
inline constexpr uint32_t kMaxStepSearchNpus = 16;

/// Bytes per Z3 term of the encoding, the solver's copies included
/// (measured: ExactSynthesizerTest, estimate vs. peak RSS).
inline constexpr double kExactBytesPerTerm = 400;

/// Reads `model`, `timeLimitMs` (wall-clock limit for all Z3 calls
/// together; 0: none) and `maxSteps` (give up beyond this many steps), and
/// fills `steps` and `rounds`.
AlgorithmResult synthesizeFewestSteps(const Network &network,
                                      const Problem &problem,
                                      const AlgorithmOptions &options);

/// Peak memory of synthesizeFewestSteps on a problem of this shape: Z3
/// terms of every step count tried (the context keeps them all), at most
/// options.maxSteps of them. Nothing for networks it refuses.
MemoryEstimate estimateFewestSteps(const Network &network,
                                   const ProblemShape &shape,
                                   const AlgorithmOptions &options);

} // namespace tacos

#endif // TACOS_SYNTHESIS_STEPSEARCH_H
