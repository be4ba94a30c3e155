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
// model, so the catalogue no longer calls it. SCCL's Pareto frontier
// (Frontier.h) is built on its encoding (lib/Synthesis/StepEncoding.h,
// which defines synthesizeFewestSteps).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_STEPSEARCH_H
#define TACOS_SYNTHESIS_STEPSEARCH_H

#include "tacos/Collective/Problem.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <cstdint>

namespace tacos {

/// Networks up to this many NPUs are accepted (by the frontier; the
/// caller checks).
inline constexpr uint32_t kMaxStepSearchNpus = 16;

/// Reads `model`, `rlimit` and `timeLimitMs` (Z3's resource budget and the
/// wall-clock limit for all Z3 calls together; 0: none) and `maxSteps`
/// (give up beyond this many steps), and fills `steps`, `rounds`,
/// `stoppedBy` (when a limit cut the rounds search short) and `rlimitUsed`.
AlgorithmResult synthesizeFewestSteps(const Network &network,
                                      const Problem &problem,
                                      const AlgorithmOptions &options);

} // namespace tacos

#endif // TACOS_SYNTHESIS_STEPSEARCH_H
